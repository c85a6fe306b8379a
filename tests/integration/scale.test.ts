/**
 * What keeps the cost flat as the archive grows (docs/performance.md,
 * "Scale"): the sitemap splits at 10,000 URLs into an index of parts, the
 * admin posts list finds a page on an index and gives what OFFSET gave, and
 * the subscribers search uses the trigram index, kept in sync by triggers;
 * the sitemap's authors and a tag's count are read on indexes, never a scan
 * of the posts. No timings are asserted.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SITEMAP_SIZE } from "~/domain/posts/feeds.server";
import { countPublishedPosts, publishedTagCountSql } from "~/domain/posts/reading.server";
import { ADMIN_POSTS_PAGE_SIZE, listPostsForAdmin } from "~/domain/posts/staff-views.server";
import {
  addSubscriber,
  deleteSubscriber,
  listSubscribersForAdmin,
  updateSubscriber,
} from "~/domain/subscribers/staff.server";
import {
  ensureUserSlugs,
  listPublishedAuthors,
  publishedAuthorsQuery,
} from "~/domain/users/authors.server";
import { getDb } from "~/platform/db.server";
import { loader as sitemapLoader } from "~/routes/feeds/sitemap";
import { loader as sitemapPartLoader } from "~/routes/feeds/sitemap-part";
import { routeArgs } from "../helpers";
import { BASE, setupNewsroom } from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
const POSTS = 14_000; // about 10,900 published: two parts

beforeAll(() => {
  n = setupNewsroom();
  const db = getDb();
  const author = n.staff.admin.id;
  const now = Date.now();
  // Posts 1..POSTS, an hour apart (newest last); every 7th a draft, every 11th trashed.
  db.run(sql`
    with recursive s(i) as (select 1 union all select i + 1 from s where i < ${POSTS})
    insert into posts (id, uid, status, title, slug, url, timestamp, author_id)
    select i, 'scale-' || i,
      case when i % 7 = 0 then 'draft' when i % 11 = 0 then 'trash' else 'published' end,
      'Scale post ' || i, 'scale-post-' || i, '/' || i || '/crypto/scale-post-' || i,
      ${now} - (${POSTS} - i) * 3600000, ${author}
    from s`);
}, 60_000);

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
const part = async (file: string) =>
  (
    (await sitemapPartLoader(
      routeArgs(new Request(`${BASE}/sitemap/${file}`), { file }) as never,
    )) as Response
  ).text();

describe("the sitemap past 10,000 URLs", () => {
  it("is an index of parts of at most 10,000 URLs that list every published post once", async () => {
    const index = await (await sitemapLoader()).text();
    expect(index).toContain("<sitemapindex");
    const published = getDb()
      .$client.prepare("select url from posts where status = 'published' order by timestamp, id")
      .all()
      .map((r) => `${BASE}${(r as { url: string }).url}`);
    const parts = locs(index).map((u) => new URL(u).pathname);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(parts).toEqual([
      "/sitemap/pages.xml",
      ...Array.from(
        { length: Math.ceil(published.length / SITEMAP_SIZE) },
        (_, i) => `/sitemap/posts-${i + 1}.xml`,
      ),
    ]);
    expect(locs(await part("pages.xml"))).toContain(`${BASE}/category/crypto`);
    const listed: string[] = [];
    for (const path of parts.slice(1)) {
      const urls = locs(await part(path.split("/")[2] as string));
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_SIZE);
      listed.push(...urls);
    }
    expect(listed).toEqual(published);
    await expect(part(`posts-${parts.length + 5}.xml`)).rejects.toBeDefined();
    await expect(part("nothing.xml")).rejects.toBeDefined();
  });
});

/** The query plan's lines (EXPLAIN QUERY PLAN). */
const planOf = (query: string, params: unknown[] = []) =>
  getDb()
    .$client.prepare(`explain query plan ${query}`)
    .all(...params)
    .map((r) => (r as { detail: string }).detail);

describe("the sitemap's authors", () => {
  it("are found with one index seek per user, each with their newest published post's time", () => {
    const { sql: query, params } = publishedAuthorsQuery(getDb()).toSQL();
    const plan = planOf(query, params);
    // Per user a correlated max() on the index (one seek), not a join grouped by user that
    // reads each published post's entry.
    expect(plan.join("\n")).toContain("CORRELATED SCALAR SUBQUERY");
    expect(plan.join("\n")).toContain("USING COVERING INDEX posts_author_status_time_idx");
    expect(plan.filter((line) => /^SCAN posts\b/.test(line))).toEqual([]);
    ensureUserSlugs(getDb());
    const admin = getDb()
      .$client.prepare(
        "select slug, (select max(timestamp) from posts where author_id = users.id and status = 'published') as t from users where id = ?",
      )
      .get(n.staff.admin.id) as { slug: string; t: number };
    // Only the Administrator wrote the scale posts; the other staff have none published.
    expect(listPublishedAuthors(getDb())).toEqual([
      { slug: admin.slug, lastmod: new Date(admin.t) },
    ]);
  });
});

describe("a tag's published count", () => {
  it("counts on indexes what a join on the rows counts, whatever the statuses", () => {
    const db = getDb();
    const tagId = n.tags.markets.id;
    // Every 3rd scale post carries the tag: published, drafts and trash among them.
    db.run(
      sql`insert into post_tags (post_id, tag_id) select id, ${tagId} from posts where id % 3 = 0`,
    );
    const joined = db.$client
      .prepare(
        "select count(*) as n from post_tags join posts on posts.id = post_id where tag_id = ? and status = 'published'",
      )
      .get(tagId) as { n: number };
    expect(joined.n).toBeGreaterThan(1000);
    expect(countPublishedPosts(db, { tagId })).toBe(joined.n);
    const plan = db
      .all<{ detail: string }>(sql`explain query plan ${publishedTagCountSql(tagId)}`)
      .map((r) => r.detail);
    expect(plan.filter((line) => /^SCAN /.test(line))).toEqual(["SCAN CONSTANT ROW"]);
    expect(plan.join("\n")).toContain("USING COVERING INDEX post_tags_tag_idx (tag_id=?)");
  });
});

describe("the admin posts list at depth", () => {
  it("counts the tabs from the counts the triggers keep, in step with every write", () => {
    const db = getDb().$client;
    const grouped = () =>
      Object.fromEntries(
        (
          db.prepare("select status, count(*) as n from posts group by status").all() as {
            status: string;
            n: number;
          }[]
        ).map((r) => [r.status, r.n]),
      );
    const kept = () =>
      Object.fromEntries(
        (
          db.prepare("select status, n from post_status_counts where n > 0").all() as {
            status: string;
            n: number;
          }[]
        ).map((r) => [r.status, r.n]),
      );
    expect(kept()).toEqual(grouped());
    db.prepare("update posts set status = 'reviewing' where id between 1 and 30").run();
    db.prepare("update posts set title = title || '!' where id between 31 and 40").run();
    db.prepare("delete from posts where id between 41 and 45").run();
    expect(kept()).toEqual(grouped());
    const { counts } = listPostsForAdmin(n.staff.admin, {});
    const all = grouped();
    expect(counts).toEqual({
      all: (all.draft ?? 0) + (all.reviewing ?? 0) + (all.scheduled ?? 0) + (all.published ?? 0),
      draft: all.draft ?? 0,
      reviewing: all.reviewing ?? 0,
      scheduled: all.scheduled ?? 0,
      published: all.published ?? 0,
      trash: all.trash ?? 0,
    });
  });

  it("skips to a deep page of every status but trash on the (timestamp, id, status) index, unsorted", () => {
    const plan = planOf(
      "select id from posts where status != 'trash' order by timestamp desc, id desc limit 25 offset 5000",
    );
    expect(plan).toEqual(["SCAN posts USING COVERING INDEX posts_time_id_status_idx"]);
  });

  it("gives on every page what OFFSET over the whole rows gave", () => {
    const db = getDb().$client;
    const offsetPage = (where: string, page: number) =>
      db
        .prepare(
          `select id from posts where ${where} order by timestamp desc, id desc limit ? offset ?`,
        )
        .all(ADMIN_POSTS_PAGE_SIZE, (page - 1) * ADMIN_POSTS_PAGE_SIZE)
        .map((r) => (r as { id: number }).id);
    for (const [status, where] of [
      [undefined, "status != 'trash'"],
      ["published", "status = 'published'"],
      ["trash", "status = 'trash'"],
    ] as const) {
      const first = listPostsForAdmin(n.staff.admin, { status });
      for (const page of [1, 2, 17, first.pageCount]) {
        const list = listPostsForAdmin(n.staff.admin, { status, page });
        expect(
          list.posts.map((p) => p.id),
          `${status ?? "all"} page ${page}`,
        ).toEqual(offsetPage(where, page));
        expect(list.posts.every((p) => !("content" in p))).toBe(true);
      }
    }
  });
});

describe("the subscribers search", () => {
  const search = (q: string) =>
    listSubscribersForAdmin(n.staff.admin, new URLSearchParams({ q }))
      .subscribers.map((s) => s.email)
      .sort();

  it("matches substrings of names and addresses, accents as typed, and follows every change", () => {
    const admin = n.staff.admin;
    const zoe = addSubscriber(admin, { name: "Zoë Hernández", email: "zoe.h@example.org" });
    addSubscriber(admin, { name: "Zoe Hernandez", email: "zhernandez@example.net" });
    addSubscriber(admin, { name: "Mark Twain", email: "sam@riverboat.example" });
    expect(search("ernánd")).toEqual(["zoe.h@example.org"]);
    expect(search("ernand")).toEqual(["zhernandez@example.net"]);
    expect(search("HERN")).toEqual(["zhernandez@example.net", "zoe.h@example.org"]);
    expect(search("verbo")).toEqual(["sam@riverboat.example"]);
    expect(search("ain")).toEqual(["sam@riverboat.example"]);
    expect(search("Zo")).toEqual(["zhernandez@example.net", "zoe.h@example.org"]);
    expect(search("@example.")).toHaveLength(2);
    expect(search('"quoted')).toEqual([]);

    // The index follows an edit, a new address and a delete.
    updateSubscriber(admin, zoe.uid, { name: "Chloé Martin", email: "chloe@example.org" });
    expect(search("ernánd")).toEqual([]);
    expect(search("hloé")).toEqual(["chloe@example.org"]);
    expect(search("chloe@exa")).toEqual(["chloe@example.org"]);
    deleteSubscriber(admin, zoe.uid);
    expect(search("hloé")).toEqual([]);
    const plan = getDb()
      .$client.prepare(
        "explain query plan select rowid from subscribers_search where subscribers_search match ?",
      )
      .all('"verbo"')
      .map((r) => (r as { detail: string }).detail)
      .join(" ");
    expect(plan).toContain("VIRTUAL TABLE INDEX");
  });
});
