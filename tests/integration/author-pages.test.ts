/**
 * Author pages: a slug per user from the name (unique), the bio on My Profile,
 * `/author/{slug}` with the published posts 10 at a time, its feed, the
 * sitemap entry, bylines linking to it, and the post's structured data.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema";
import { getAuthorFields } from "~/domain/users/authors.server";
import { addUser, updateProfile } from "~/domain/users/users.server";
import { getDb } from "~/platform/db.server";
import { action as profileAction } from "~/routes/admin.profile";
import { loader as authorLoader } from "~/routes/author";
import { loader as authorFeed } from "~/routes/feeds/author-rss";
import { loader as sitemapLoader } from "~/routes/feeds/sitemap";
import { loader as postLoader } from "~/routes/post";
import { routeArgs, settle } from "../helpers";
import { BASE, makeCategory, makePost, sessionCookie, setupNewsroom } from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
let authorSlug: string;
const HOUR = 60 * 60 * 1000;

beforeAll(() => {
  n = setupNewsroom();
  const category = makeCategory("Authors Desk");
  const base = Date.now() - 100 * HOUR;
  for (let i = 0; i < 12; i++) {
    makePost({
      title: `Field report ${i}`,
      category,
      author: n.staff.author,
      timestamp: new Date(base + i * HOUR),
    });
  }
  makePost({ title: "Unfinished draft", category, author: n.staff.author, status: "draft" });
  const { apiKey: _k, passwordHash: _h, ...author } = n.staff.author;
  const profile = updateProfile({ ...author, uid: author.uid } as never, {
    uid: author.uid,
    name: author.name,
    email: author.email,
    bio: "Covers the city desk.",
  });
  authorSlug = getAuthorFields(getDb(), profile.uid).slug ?? "";
});

describe("author slugs", () => {
  it("comes from the name and stays unique", () => {
    const admin = { ...n.staff.admin } as never;
    const a = addUser(admin, {
      name: "Jane Doe",
      email: "jane1@example.com",
      password: "longpassword",
    });
    const b = addUser(admin, {
      name: "Jane  Doe!",
      email: "jane2@example.com",
      password: "longpassword",
    });
    expect(getAuthorFields(getDb(), a.uid).slug).toBe("jane-doe");
    expect(getAuthorFields(getDb(), b.uid).slug).toBe("jane-doe-2");
  });

  it("follows a rename", () => {
    const admin = { ...n.staff.admin } as never;
    const u = addUser(admin, {
      name: "Sam Roe",
      email: "sam@example.com",
      password: "longpassword",
    });
    const renamed = updateProfile(admin, { uid: u.uid, name: "Samuel Roe", email: u.email });
    expect(getAuthorFields(getDb(), renamed.uid).slug).toBe("samuel-roe");
  });
});

describe("/author/{slug}", () => {
  it("shows the name, photo, bio and the newest 10 published posts, then 10 more", async () => {
    expect(authorSlug).toBe(n.staff.author.name.toLowerCase().replace(/\s+/g, "-"));
    const req = new Request(`${BASE}/author/${authorSlug}`);
    const data = await authorLoader(routeArgs(req, { slug: authorSlug }));
    expect(data.author.name).toBe(n.staff.author.name);
    expect(data.author.bio).toBe("Covers the city desk.");
    expect(data.total).toBe(12);
    expect(data.posts).toHaveLength(10);
    expect(data.posts[0].title).toBe("Field report 11");
    expect(data.posts.map((p) => p.title)).not.toContain("Unfinished draft");
    const more = await authorLoader(
      routeArgs(new Request(`${BASE}/author/${authorSlug}?limit=20`), { slug: authorSlug }),
    );
    expect(more.posts).toHaveLength(12);
  });

  it("is a 404 for an unknown slug and for a reader account without posts", async () => {
    const unknown = await settle(authorLoader, new Request(`${BASE}/author/nobody`), {
      slug: "nobody",
    });
    expect(unknown.status).toBe(404);
    const sub = getDb().select().from(users).where(eq(users.id, n.staff.subscriber.id)).get();
    const res = await settle(authorLoader, new Request(`${BASE}/author/${sub?.slug}`), {
      slug: sub?.slug ?? "",
    });
    expect(res.status).toBe(404);
  });

  it("has its own RSS feed of the author's published posts", async () => {
    const res = (await authorFeed(
      routeArgs(new Request(`${BASE}/author/${authorSlug}/rss.xml`), { slug: authorSlug }),
    )) as Response;
    const xml = await res.text();
    expect(res.headers.get("Content-Type")).toContain("application/rss+xml");
    expect(xml).toContain(`/author/${authorSlug}/rss.xml`);
    expect(xml.match(/<item>/g)).toHaveLength(12);
    expect(xml).not.toContain("Unfinished draft");
  });

  it("is in the sitemap", async () => {
    const res = (await sitemapLoader()) as Response;
    expect(await res.text()).toContain(`/author/${authorSlug}</loc>`);
  });
});

describe("My Profile", () => {
  it("saves the bio without JavaScript", async () => {
    const { apiKey: _k, passwordHash: _h, ...editor } = n.staff.editor;
    const body = new FormData();
    body.set("intent", "profile");
    body.set("name", editor.name);
    body.set("email", editor.email);
    body.set("bio", "Edits the front page.");
    const req = new Request(`${BASE}/admin/users/profile?mode=edit`, {
      method: "POST",
      body,
      headers: { Cookie: await sessionCookie(editor), Origin: BASE },
    });
    const res = await settle(profileAction, req);
    expect(res.status).toBe(303);
    const row = getDb().select().from(users).where(eq(users.id, editor.id)).get();
    expect(row?.bio).toBe("Edits the front page.");
  });
});

describe("post structured data and social tags", () => {
  it("names the author page, the publisher logo, dateModified and the image's alt text", async () => {
    const post = makePost({ title: "Structured", author: n.staff.author, photo: "/demo/x.jpg" });
    const [, id, category, url] = post.url.split("/");
    const data = await postLoader(
      routeArgs(new Request(`${BASE}${post.url}`), { id, category, url }),
    );
    expect(data.people.author[0]?.url).toMatch(new RegExp(`/author/${authorSlug}$`));
    expect(data.logoUrl).toMatch(/\/logo\.png$/);
    expect(data.post.user.slug).toBe(authorSlug);
    expect(data.post.updatedAt).toBeInstanceOf(Date);
  });
});
