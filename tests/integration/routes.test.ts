/**
 * Loaders and actions called with real Requests against a seeded SQLite file.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { posts, users } from "#db/schema";
import { runFirstRun } from "#db/seed";
import { toSessionUser } from "~/domain/access/actor.server";
import { getDb } from "~/platform/db.server";
import { loader as categoryLoader } from "~/routes/category";
import { loader as homeLoader } from "~/routes/home";
import { loader as notFoundLoader } from "~/routes/not-found";
import { action as postAction, loader as postLoader } from "~/routes/post";
import { action as setThemeAction } from "~/routes/resources/set-theme";
import { loader as tagLoader } from "~/routes/tag";
import { loader as forbiddenLoader } from "~/routes/unauthorised-access";
import { startSession } from "~/web/auth.server";
import { routeArgs } from "../helpers";

const BASE = "http://127.0.0.1:3500";
const get = (path: string) => new Request(`${BASE}${path}`);

/** Runs a loader that is expected to throw, and returns what it threw. */
async function thrown(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (e) {
    return e;
  }
  throw new Error("expected the loader to throw");
}

const statusOf = (value: unknown) =>
  value instanceof Response ? value.status : (value as { init?: { status?: number } }).init?.status;

beforeAll(() => {
  runFirstRun(getDb(), {
    adminEmail: "admin@inkwell.test",
    adminPassword: undefined,
    seedDemo: true,
  });
});

describe("public loaders", () => {
  test("home reads all six sections at once, each from its category", async () => {
    const data = await homeLoader();
    expect(data.featured?.title).toBeTruthy();
    expect(data.leading.length).toBeGreaterThan(0);
    expect(data.leading.map((p) => p.id)).not.toContain(data.featured?.id);
    const sections = {
      freshlyPressed: "freshly-pressed",
      sponsored: "sponsored",
      newsletters: "newsletters",
      crypto: "crypto",
    } as const;
    for (const [key, slug] of Object.entries(sections)) {
      const list = data[key as keyof typeof sections];
      expect(list.length, key).toBeGreaterThan(0);
      expect(list.every((p) => p.category?.slug === slug)).toBe(true);
      const times = list.map((p) => p.timestamp.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
  });

  test("a category page shows 10, then 20 with ?limit=20", async () => {
    const first = await categoryLoader(routeArgs(get("/category/crypto"), { category: "crypto" }));
    expect(first.posts).toHaveLength(10);
    expect(first.total).toBeGreaterThan(10);
    expect(first.posts.every((p) => p.category?.slug === "crypto")).toBe(true);
    const more = await categoryLoader(
      routeArgs(get("/category/crypto?limit=20"), { category: "crypto" }),
    );
    expect(more.posts.length).toBe(Math.min(20, more.total));
  });

  test("an unknown category or tag is a 404", async () => {
    const c = await thrown(() =>
      categoryLoader(routeArgs(get("/category/nope"), { category: "nope" })),
    );
    expect(statusOf(c)).toBe(404);
    const t = await thrown(() => tagLoader(routeArgs(get("/tag/nope"), { tag: "nope" })));
    expect(statusOf(t)).toBe(404);
  });

  test("a tag page lists only posts with that tag", async () => {
    const data = await tagLoader(routeArgs(get("/tag/bitcoin"), { tag: "bitcoin" }));
    expect(data.tag.name).toBe("Bitcoin");
    expect(data.total).toBeGreaterThan(0);
  });

  test("a post answers at its canonical URL and redirects (301) from any other", async () => {
    const post = getDb().select().from(posts).where(eq(posts.status, "published")).get();
    if (!post) throw new Error("no published post");
    const [, id, category, url] = post.url.split("/");
    const ok = await postLoader(routeArgs(get(post.url), { id, category, url }));
    expect(ok.post.title).toBe(post.title);

    const wrong = await thrown(() =>
      postLoader(routeArgs(get(`/${id}/wrong/slug`), { id, category: "wrong", url: "slug" })),
    );
    expect(wrong).toBeInstanceOf(Response);
    expect((wrong as Response).status).toBe(301);
    expect((wrong as Response).headers.get("Location")).toBe(post.url);
  });

  test("drafts, unknown ids and non-numeric ids are 404s", async () => {
    const draft = getDb().select().from(posts).where(eq(posts.status, "draft")).get();
    if (!draft) throw new Error("no draft");
    const [, id, category, url] = draft.url.split("/");
    for (const params of [
      { id, category, url },
      { id: "999999", category: "crypto", url: "x" },
      { id: "abc", category: "crypto", url: "x" },
    ]) {
      const e = await thrown(() => postLoader(routeArgs(get("/x"), params)));
      expect(statusOf(e)).toBe(404);
    }
  });

  test("staff preview drafts: Editors any, Authors their own only; no view is counted", async () => {
    const db = getDb();
    const draft = db.select().from(posts).where(eq(posts.status, "draft")).get();
    if (!draft?.authorId) throw new Error("no draft with an author");
    const [, id, category, url] = draft.url.split("/");
    const params = { id: id ?? "", category: category ?? "", url: url ?? "" };
    const signedIn = async (where: ReturnType<typeof eq>) => {
      const row = db.select().from(users).where(where).get();
      if (!row) throw new Error("no such user");
      const response = await startSession(get("/admin/login"), toSessionUser(row), "/");
      const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
      return new Request(`${BASE}${draft.url}`, { headers: { Cookie: cookie } });
    };

    const owner = await postLoader(routeArgs(await signedIn(eq(users.id, draft.authorId)), params));
    expect(owner.preview).toBe(true);
    expect(owner.post.title).toBe(draft.title);
    const editor = await postLoader(routeArgs(await signedIn(eq(users.role, "Editor")), params));
    expect(editor.preview).toBe(true);

    const otherAuthor = db.select().from(users).where(eq(users.role, "Author")).all();
    const stranger = otherAuthor.find((u) => u.id !== draft.authorId);
    if (!stranger) throw new Error("no second Author");
    const refused = await thrown(async () =>
      postLoader(routeArgs(await signedIn(eq(users.id, stranger.id)), params)),
    );
    expect(statusOf(refused)).toBe(404);
    expect(db.select().from(posts).where(eq(posts.id, draft.id)).get()?.views).toBe(0);
  });

  test("the catch-all is a 404 and /unauthorised-access a 403", async () => {
    expect(statusOf(await thrown(() => notFoundLoader()))).toBe(404);
    expect(statusOf(forbiddenLoader())).toBe(403);
  });
});

describe("bodies that are not forms", () => {
  test("the like form and the theme toggle answer 400 and write nothing", async () => {
    const post = getDb().select().from(posts).where(eq(posts.status, "published")).get();
    if (!post) throw new Error("no published post");
    const [, id, category, url] = post.url.split("/");
    const params = { id: id ?? "", category: category ?? "", url: url ?? "" };
    const bad = (path: string, type: string, body: string) =>
      new Request(`${BASE}${path}`, { method: "POST", body, headers: { "Content-Type": type } });
    for (const [type, body] of [
      ["application/json", '{"intent":"like"}'],
      ["multipart/form-data; boundary=x", "--x\r\nbroken"],
    ] as const) {
      const refused = await thrown(() => postAction(routeArgs(bad(post.url, type, body), params)));
      expect(statusOf(refused), type).toBe(400);
    }
    expect(getDb().select().from(posts).where(eq(posts.id, post.id)).get()?.likes).toBe(post.likes);
    const theme = await thrown(() =>
      setThemeAction(
        routeArgs(bad("/action/set-theme", "multipart/form-data; boundary=x", "--x\r\nbroken")),
      ),
    );
    expect(statusOf(theme)).toBe(400);
  });
});

describe("theme toggle without JavaScript", () => {
  const post = (body: Record<string, string>) =>
    new Request(`${BASE}/action/set-theme`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(body),
    });

  test("sets a long-lived, httpOnly cookie and redirects back", async () => {
    const res = (await setThemeAction(
      routeArgs(post({ theme: "dark", redirectTo: "/explore" })),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/explore");
    const cookie = res.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^__theme=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=\d{6,}/);
  });

  test("never redirects off the site", async () => {
    const res = (await setThemeAction(
      routeArgs(post({ theme: "light", redirectTo: "//evil.example/" })),
    )) as Response;
    expect(res.headers.get("Location")).toBe("/");
  });

  test("an unknown theme clears the choice instead of storing it", async () => {
    const res = (await setThemeAction(routeArgs(post({ theme: "purple" })))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Set-Cookie")).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});
