/**
 * Bylines on the site (docs/behaviour.md §bylines): the sentence's wording, the post page's
 * byline and structured data, every contributor's author page and feed, the RSS items, the JSON
 * API's `authors`, and imports keeping co-authors in order (Co-Authors Plus, Ghost).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { guestContributors, posts, users } from "#db/schema";
import { bylineSentence } from "~/domain/bylines/sentence";
import { getDb } from "~/platform/db.server";
import { loader as postDetailLoader } from "~/routes/api.post-detail";
import { loader as byCategoryLoader } from "~/routes/api.posts-by-category";
import AuthorPage, { loader as authorLoader } from "~/routes/author";
import { loader as authorFeed } from "~/routes/feeds/author-rss";
import { loader as rssLoader } from "~/routes/feeds/rss";
import { loader as sitemapLoader } from "~/routes/feeds/sitemap";
import PostPage, { loader as postLoader } from "~/routes/post";
import { routeArgs } from "../helpers";
import { bylineRows, importText, seedSharedByline, slugOf } from "./bylines-fixture";
import { BASE, callRoute, get, makePost, makeUser, type setupNewsroom } from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
let maya: ReturnType<typeof makeUser>;
let lena: ReturnType<typeof makeUser>;
let post: ReturnType<typeof makePost>;

beforeAll(() => {
  ({ n, maya, lena, post } = seedSharedByline());
});

describe("the natural byline", () => {
  const e = (name: string, role = "Author") => ({ name, slug: null, role }) as never;
  it("names authors with commas and 'and', then each other role", () => {
    expect(bylineSentence([e("A")])).toBe("By A");
    expect(bylineSentence([e("A"), e("B")])).toBe("By A and B");
    expect(bylineSentence([e("A"), e("B"), e("C")])).toBe("By A, B and C");
    expect(
      bylineSentence([
        e("Maya Okafor"),
        e("Sam Ortiz", "Photos"),
        e("Lena Brandt"),
        e("Kim", "Reporting"),
        e("Jo", "Illustration"),
        e("Lu", "Translation"),
        e("Ed", "Editing"),
      ]),
    ).toBe(
      "By Maya Okafor and Lena Brandt · Reporting by Kim · Photos by Sam Ortiz · Illustration by Jo · Translated by Lu · Edited by Ed",
    );
    expect(bylineSentence([e("Sam", "Photos")])).toBe("Photos by Sam");
  });
});

async function renderPost() {
  const [, id, category, url] = post.url.split("/");
  const request = new Request(`${BASE}${post.url}`);
  const data = await postLoader(routeArgs(request, { id, category, url }));
  const Stub = createRoutesStub([
    { id: "post", path: "/:id/:category/:url", Component: PostPage as never },
  ]);
  const html = renderToString(
    createElement(Stub, {
      initialEntries: [post.url],
      hydrationData: { loaderData: { post: data } },
    }),
  );
  return { data, html };
}

describe("the post page", () => {
  it("shows the byline, each name linking to its author page", async () => {
    const { html } = await renderPost();
    expect(html).toMatch(
      new RegExp(
        `By <a[^>]*href="/author/${slugOf(maya.id)}"[^>]*>Maya Okafor</a>, <a[^>]*href="/author/${slugOf(lena.id)}"[^>]*>Lena Brandt</a> and <a[^>]*href="/author/sam-ortiz"[^>]*>Sam Ortiz</a>`,
      ),
    );
    expect(html).toMatch(/Edited by <a[^>]*>Ed Keller<\/a>/);
  });

  it("gives the structured data three Persons with their author pages, a guest's own address as sameAs", async () => {
    const { html, data } = await renderPost();
    const ld = JSON.parse(
      /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? "{}",
    );
    expect(ld.author).toEqual([
      { "@type": "Person", name: "Maya Okafor", url: `${BASE}/author/${slugOf(maya.id)}` },
      { "@type": "Person", name: "Lena Brandt", url: `${BASE}/author/${slugOf(lena.id)}` },
      {
        "@type": "Person",
        name: "Sam Ortiz",
        url: `${BASE}/author/sam-ortiz`,
        sameAs: "https://sam.example.org/",
      },
    ]);
    expect(ld.contributor).toEqual([
      expect.objectContaining({ name: "Ed Keller", url: expect.stringContaining("/author/") }),
    ]);
    expect(data.people.author).toHaveLength(3);
  });

  it("names a deleted contributor without a link", async () => {
    const gone = makeUser("Author", { name: "Gone Writer" });
    const p = makePost({ title: "Left behind", author: gone });
    getDb().delete(users).where(eq(users.id, gone.id)).run();
    const [, id, category, url] = p.url.split("/");
    const data = await postLoader(routeArgs(new Request(`${BASE}${p.url}`), { id, category, url }));
    expect(data.post.byline).toEqual([{ name: "Gone Writer", slug: null, role: "Author" }]);
  });
});

function getUserId(name: string): number {
  return getDb().select({ id: users.id }).from(users).where(eq(users.name, name)).get()?.id ?? 0;
}

describe("author pages", () => {
  it("a guest's page shows the name, bio, address and their posts; its feed lists them", async () => {
    const data = await authorLoader(routeArgs(get("/author/sam-ortiz"), { slug: "sam-ortiz" }));
    expect(data.author).toMatchObject({
      name: "Sam Ortiz",
      bio: "Photographer on the coast.",
      website: "https://sam.example.org/",
    });
    expect(data.total).toBe(1);
    expect(data.posts.map((p) => p.title)).toEqual(["Harbour at dawn"]);
    const Stub = createRoutesStub([
      { id: "a", path: "/author/:slug", Component: AuthorPage as never },
    ]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: ["/author/sam-ortiz"],
        hydrationData: { loaderData: { a: data } },
      }),
    );
    expect(html).toContain("Photographer on the coast.");
    expect(html).toContain('href="https://sam.example.org/"');
    const feed = await (
      await authorFeed(routeArgs(get("/author/sam-ortiz/rss.xml"), { slug: "sam-ortiz" }))
    ).text();
    expect(feed).toContain("<title>Harbour at dawn</title>");
  });

  it("a co-author's page lists the post they did not start", async () => {
    const slug = slugOf(lena.id);
    const data = await authorLoader(routeArgs(get(`/author/${slug}`), { slug }));
    expect(data.posts.map((p) => p.title)).toContain("Harbour at dawn");
    expect(data.posts[0]?.byline.map((b) => b.name)).toEqual([
      "Maya Okafor",
      "Lena Brandt",
      "Sam Ortiz",
      "Ed Keller",
    ]);
  });

  it("an unknown slug is a 404, and the sitemap lists the guest", async () => {
    let status = 200;
    try {
      authorLoader(routeArgs(get("/author/nobody-here"), { slug: "nobody-here" }));
    } catch (e) {
      status = (e as { init?: { status: number } }).init?.status ?? 500;
    }
    expect(status).toBe(404);
    const sitemap = await (await sitemapLoader()).text();
    expect(sitemap).toContain(`${BASE}/author/sam-ortiz`);
  });
});

describe("feeds", () => {
  it("gives each author a dc:creator and carries the rendered content", async () => {
    const rss = await (await rssLoader()).text();
    expect(rss).toContain('xmlns:content="http://purl.org/rss/1.0/modules/content/"');
    const item = rss.split("<item>").find((i) => i.includes("Harbour at dawn")) ?? "";
    expect([...item.matchAll(/<dc:creator>(.*?)<\/dc:creator>/g)].map((m) => m[1])).toEqual([
      "Maya Okafor",
      "Lena Brandt",
      "Sam Ortiz",
    ]);
    const encoded = /<content:encoded>(.*?)<\/content:encoded>/s.exec(item)?.[1] ?? "";
    // The HTML travels escaped.
    expect(encoded).toContain("&lt;p&gt;The harbour at dawn.&lt;/p&gt;");
  });
});

describe("the JSON API", () => {
  it("keeps author and adds authors in byline order", async () => {
    const res = await callRoute(postDetailLoader, get(`/get/post/${post.id}/x/y`), {
      id: String(post.id),
    });
    const body = res.body as unknown as { author: string; authors: unknown[] };
    expect(body.author).toBe("Maya Okafor");
    expect(body.authors).toEqual([
      {
        name: "Maya Okafor",
        slug: slugOf(maya.id),
        role: "Author",
        url: `${BASE}/author/${slugOf(maya.id)}`,
      },
      {
        name: "Lena Brandt",
        slug: slugOf(lena.id),
        role: "Author",
        url: `${BASE}/author/${slugOf(lena.id)}`,
      },
      { name: "Sam Ortiz", slug: "sam-ortiz", role: "Author", url: `${BASE}/author/sam-ortiz` },
      expect.objectContaining({ name: "Ed Keller", role: "Editing" }),
    ]);
    const list = await callRoute(byCategoryLoader, get("/get/posts/shared_desk"), {
      categoryKey: "shared_desk",
    });
    const items = list.body as unknown as { title: string; authors: { name: string }[] }[];
    expect(items.find((i) => i.title === "Harbour at dawn")?.authors.map((a) => a.name)).toEqual([
      "Maya Okafor",
      "Lena Brandt",
      "Sam Ortiz",
      "Ed Keller",
    ]);
  });
});

// ---------------------------------------------------------------------------
// Imports

const dir = mkdtempSync(join(tmpdir(), "inkwell-bylines-"));

const importFixture = (name: string, text: string) => importText(dir, name, text, n.staff.admin.id);

function bylineNames(slug: string) {
  const row = getDb()
    .select({ id: posts.id, authorId: posts.authorId })
    .from(posts)
    .where(eq(posts.slug, slug))
    .get();
  return { names: bylineRows(row?.id ?? 0).map((r) => r.name), authorId: row?.authorId ?? null };
}

const capMeta = (key: string, value: string) =>
  `<wp:postmeta><wp:meta_key>${key}</wp:meta_key><wp:meta_value><![CDATA[${value}]]></wp:meta_value></wp:postmeta>`;

const CAP_WXR = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
  xmlns:content="http://purl.org/rss/1.0/modules/content/"
  xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>Co-authored</title><link>https://cap.example.com</link>
<wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>https://cap.example.com</wp:base_site_url>
<wp:author><wp:author_id>1</wp:author_id><wp:author_login>rosa</wp:author_login><wp:author_email>rosa@cap.example.com</wp:author_email><wp:author_display_name>Rosa Lind</wp:author_display_name></wp:author>
<wp:author><wp:author_id>2</wp:author_id><wp:author_login>Theo.W</wp:author_login><wp:author_email>theo@cap.example.com</wp:author_email><wp:author_display_name>Theo Wren</wp:author_display_name></wp:author>
<item><title>Three voices</title><dc:creator>rosa</dc:creator>
<content:encoded><![CDATA[<p>Shared work.</p>]]></content:encoded><excerpt:encoded></excerpt:encoded>
<wp:post_id>40</wp:post_id><wp:post_date>2020-02-02 10:00:00</wp:post_date><wp:post_date_gmt>2020-02-02 10:00:00</wp:post_date_gmt>
<wp:post_name>three-voices</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>
<category domain="author" nicename="cap-theo-w"><![CDATA[Theo Wren]]></category>
<category domain="author" nicename="cap-nia-guest"><![CDATA[Nia Guest]]></category>
<category domain="author" nicename="cap-rosa"><![CDATA[Rosa Lind]]></category>
</item>
<item><title>Nia Guest</title><dc:creator>rosa</dc:creator>
<content:encoded><![CDATA[]]></content:encoded><excerpt:encoded></excerpt:encoded>
<wp:post_id>41</wp:post_id><wp:post_date>2020-01-01 10:00:00</wp:post_date><wp:post_date_gmt>2020-01-01 10:00:00</wp:post_date_gmt>
<wp:post_name>cap-nia-guest</wp:post_name><wp:status>publish</wp:status><wp:post_type>guest-author</wp:post_type>
${capMeta("cap-display_name", "Nia Guest")}${capMeta("cap-user_login", "nia-guest")}${capMeta("cap-website", "https://nia.example.net")}${capMeta("cap-description", "Writes about rivers.")}
</item>
</channel></rss>`;

describe("imports keep co-authors in order", () => {
  it("WordPress Co-Authors Plus: staff by login, guests from guest-author items", async () => {
    const job = await importFixture("cap.xml", CAP_WXR);
    expect(job.state).toBe("done");
    const { names, authorId } = bylineNames("three-voices");
    expect(names).toEqual(["Theo Wren", "Nia Guest", "Rosa Lind"]);
    // The first staff co-author owns the post.
    expect(authorId).toBe(getUserId("Theo Wren"));
    const nia = getDb()
      .select()
      .from(guestContributors)
      .where(eq(guestContributors.name, "Nia Guest"))
      .all();
    expect(nia).toHaveLength(1);
    expect(nia[0]).toMatchObject({ url: "https://nia.example.net", bio: "Writes about rivers." });
    // Importing the same file again adds no second guest or byline row.
    await importFixture("cap.xml", CAP_WXR);
    expect(
      getDb().select().from(guestContributors).where(eq(guestContributors.name, "Nia Guest")).all(),
    ).toHaveLength(1);
    expect(bylineNames("three-voices").names).toEqual(["Theo Wren", "Nia Guest", "Rosa Lind"]);
  });

  it("Ghost: posts_authors in sort_order", async () => {
    const ghost = {
      db: [
        {
          meta: { exported_on: 1700000000000, version: "5.70.0" },
          data: {
            posts: [
              {
                id: "p9",
                title: "Duet",
                slug: "duet",
                html: "<p>Two</p>",
                status: "published",
                type: "post",
                published_at: "2023-03-03T00:00:00.000Z",
              },
            ],
            users: [
              { id: "u1", name: "Ola First", slug: "ola", email: "ola@ghost.example.com" },
              { id: "u2", name: "Pia Second", slug: "pia", email: "pia@ghost.example.com" },
              { id: "u3", name: "Quin Third", slug: "quin", email: "quin@ghost.example.com" },
            ],
            posts_authors: [
              { post_id: "p9", author_id: "u3", sort_order: 2 },
              { post_id: "p9", author_id: "u2", sort_order: 0 },
              { post_id: "p9", author_id: "u1", sort_order: 1 },
            ],
          },
        },
      ],
    };
    const job = await importFixture("ghost.json", JSON.stringify(ghost));
    expect(job.state).toBe("done");
    const { names, authorId } = bylineNames("duet");
    expect(names).toEqual(["Pia Second", "Ola First", "Quin Third"]);
    expect(authorId).toBe(getUserId("Pia Second"));
  });
});
