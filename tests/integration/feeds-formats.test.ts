/**
 * Feeds in three formats (docs/integrations.md "Feeds"): RSS 2.0, Atom 1.0 checked against
 * RFC 4287's required elements, JSON Feed 1.1 against its schema's required fields, for the
 * site, a category, a tag and an author; members-only posts as summaries; the WebSub hub named
 * in each; autodiscovery links on the pages; oEmbed and the embed card.
 */
import { eq } from "drizzle-orm";
import { SaxesParser } from "saxes";
import { beforeAll, describe, expect, it } from "vitest";
import { posts, users } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { loader as authorLoader, meta as authorMeta } from "~/routes/author";
import { loader as categoryLoader, meta as categoryMeta } from "~/routes/category";
import { loader as embedLoader } from "~/routes/embed-card";
import { loader as feedLoader } from "~/routes/feeds/feed";
import { loader as rssLoader } from "~/routes/feeds/rss";
import { meta as homeMeta } from "~/routes/home";
import { loader as oembedLoader } from "~/routes/oembed";
import { loader as postLoader, meta as postMeta } from "~/routes/post";
import { loader as tagLoader, meta as tagMeta } from "~/routes/tag";
import { routeArgs, settle } from "../helpers";
import { BASE, makeCategory, makePost, makeTag, setupNewsroom } from "./fixtures";

type El = { name: string; attrs: Record<string, string>; children: El[]; text: string };

/** A strict XML parse (throws on anything not well-formed) into a small tree. */
function parseXml(xml: string): El {
  const parser = new SaxesParser({ xmlns: true });
  const root: El = { name: "#root", attrs: {}, children: [], text: "" };
  const stack: El[] = [root];
  parser.on("opentag", (tag) => {
    const el: El = {
      name: `${tag.uri}|${tag.local}`,
      attrs: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.local, a.value])),
      children: [],
      text: "",
    };
    stack.at(-1)?.children.push(el);
    stack.push(el);
  });
  parser.on("text", (t) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  });
  parser.on("closetag", () => stack.pop());
  parser.write(xml).close();
  const [doc] = root.children;
  if (!doc) throw new Error("empty document");
  return doc;
}

const ATOM = "http://www.w3.org/2005/Atom";
const kids = (el: El, local: string) => el.children.filter((c) => c.name === `${ATOM}|${local}`);
const isDate = (s: string) =>
  /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(s.trim());

/** RFC 4287's required elements of a feed and its entries; the problems found. */
function atomProblems(xml: string): string[] {
  const problems: string[] = [];
  const feed = parseXml(xml);
  if (feed.name !== `${ATOM}|feed`) return [`root is ${feed.name}`];
  const one = (el: El, local: string, where: string) => {
    const found = kids(el, local);
    if (found.length !== 1) problems.push(`${where}: ${found.length} atom:${local}`);
    return found[0];
  };
  one(feed, "id", "feed");
  one(feed, "title", "feed");
  const updated = one(feed, "updated", "feed");
  if (updated && !isDate(updated.text)) problems.push("feed: updated is not an RFC 3339 date");
  const links = kids(feed, "link");
  if (!links.some((l) => l.attrs.rel === "self" && l.attrs.href)) problems.push("feed: no self");
  if (!links.some((l) => l.attrs.rel === "hub")) problems.push("feed: no hub link");
  const feedAuthor = kids(feed, "author").length > 0;
  kids(feed, "entry").forEach((entry, i) => {
    const where = `entry ${i}`;
    const id = one(entry, "id", where);
    if (id && !/^(https?:|tag:|urn:)/.test(id.text.trim())) problems.push(`${where}: id not IRI`);
    one(entry, "title", where);
    const up = one(entry, "updated", where);
    if (up && !isDate(up.text)) problems.push(`${where}: updated is not a date`);
    if (!feedAuthor && kids(entry, "author").length === 0) problems.push(`${where}: no author`);
    for (const author of kids(entry, "author")) one(author, "name", `${where} author`);
    const entryLinks = kids(entry, "link");
    const alternate = entryLinks.filter((l) => (l.attrs.rel ?? "alternate") === "alternate");
    if (alternate.length === 0) problems.push(`${where}: no alternate link`);
    const content = kids(entry, "content");
    const summary = kids(entry, "summary");
    if (content.length === 0 && summary.length === 0) problems.push(`${where}: no content`);
    for (const c of [...content, ...summary]) {
      if (c.attrs.type !== "html") problems.push(`${where}: ${c.name} type ${c.attrs.type}`);
    }
  });
  return problems;
}

/** JSON Feed 1.1's required fields (and the types of those this site sets). */
function jsonFeedProblems(feed: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (feed.version !== "https://jsonfeed.org/version/1.1") problems.push("version");
  if (typeof feed.title !== "string" || !feed.title) problems.push("title");
  for (const f of ["home_page_url", "feed_url"]) {
    if (typeof feed[f] !== "string" || !/^https?:\/\//.test(feed[f] as string)) problems.push(f);
  }
  if (!Array.isArray(feed.items)) return [...problems, "items"];
  for (const [i, item] of (feed.items as Record<string, unknown>[]).entries()) {
    if (typeof item.id !== "string" || !item.id) problems.push(`item ${i}: id`);
    if (typeof item.content_html !== "string" && typeof item.content_text !== "string") {
      problems.push(`item ${i}: content_html or content_text`);
    }
    if (item.authors !== undefined && !Array.isArray(item.authors)) problems.push("authors");
  }
  if (!Array.isArray(feed.hubs) || (feed.hubs as { url?: string }[])[0]?.url === undefined) {
    problems.push("hubs");
  }
  return problems;
}

let n: ReturnType<typeof setupNewsroom>;
let category: ReturnType<typeof makeCategory>;
let tag: ReturnType<typeof makeTag>;
let authorSlug: string;
let open: ReturnType<typeof makePost>;
let closed: ReturnType<typeof makePost>;
let draft: ReturnType<typeof makePost>;

beforeAll(() => {
  n = setupNewsroom();
  category = makeCategory("Harbour News");
  tag = makeTag("Tides");
  open = makePost({
    title: "Ships & <Tides>",
    category,
    author: n.staff.author,
    tagIds: [tag.id],
    content: "<p>The whole story, with <b>bold</b> words.</p>",
  });
  closed = makePost({
    title: "Insider briefing",
    category,
    author: n.staff.author,
    tagIds: [tag.id],
    content: "<p>Secret paragraph for members.</p>",
    summary: "A short summary for all.",
  });
  draft = makePost({ title: "Not yet", category, status: "draft" });
  const db = getDb();
  db.update(posts).set({ visibility: "members" }).where(eq(posts.id, closed.id)).run();
  authorSlug = "abe-writes";
  db.update(users).set({ slug: authorSlug }).where(eq(users.id, n.staff.author.id)).run();
});

const scopes = (): { base: string; params: Record<string, string> }[] => [
  { base: "", params: {} },
  { base: `/category/${category.slug}`, params: { category: category.slug } },
  { base: `/tag/${tag.slug}`, params: { tag: tag.slug } },
  { base: `/author/${authorSlug}`, params: { slug: authorSlug } },
];

async function fetchFeed(base: string, file: string, params: Record<string, string>) {
  const res = await feedLoader(routeArgs(new Request(`${BASE}${base}/${file}`), params));
  return { res, body: await res.text() };
}

describe("feeds", () => {
  it("Atom satisfies RFC 4287 for the site, a category, a tag and an author", async () => {
    for (const { base, params } of scopes()) {
      const { res, body } = await fetchFeed(base, "atom.xml", params);
      expect(res.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
      expect(res.headers.get("Link")).toBe(
        `<${BASE}/websub>; rel="hub", <${BASE}${base}/atom.xml>; rel="self"`,
      );
      expect(res.headers.get("Cache-Control")).toContain("max-age=300");
      expect(atomProblems(body), base).toEqual([]);
      expect(body).toContain(`<id>${BASE}${open.url}</id>`);
      expect(body).toContain(
        `<link rel="self" type="application/atom+xml" href="${BASE}${base}/atom.xml"/>`,
      );
      expect(body).toContain("Ships &amp; &lt;Tides&gt;");
      expect(body).toMatch(/<link rel="enclosure" type="image\/jpeg" href="[^"]+\.jpg"\/>/);
      expect(body).toContain(`<name>${n.staff.author.name}</name>`);
      expect(body).toContain(`term="${tag.name}"`);
    }
  });

  it("JSON Feed satisfies the 1.1 schema's required fields everywhere", async () => {
    for (const { base, params } of scopes()) {
      const { res, body } = await fetchFeed(base, "feed.json", params);
      expect(res.headers.get("Content-Type")).toBe("application/feed+json; charset=utf-8");
      const feed = JSON.parse(body);
      expect(jsonFeedProblems(feed), base).toEqual([]);
      expect(feed.feed_url).toBe(`${BASE}${base}/feed.json`);
      expect(feed.hubs).toEqual([{ type: "WebSub", url: `${BASE}/websub` }]);
      const item = feed.items.find((i: { id: string }) => i.id === `${BASE}${open.url}`);
      expect(item.content_html).toContain("<b>bold</b>");
      expect(item.image).toMatch(/\.jpg$/);
      expect(item.authors[0].name).toBe(n.staff.author.name);
      expect(item.tags).toEqual([category.name, tag.name]);
    }
  });

  it("RSS names the hub and itself, for a tag too; the site's RSS keeps its address", async () => {
    for (const { base, params } of scopes()) {
      const { body } = await fetchFeed(base, "rss.xml", params);
      parseXml(body);
      expect(body).toContain(`<atom:link href="${BASE}/websub" rel="hub"/>`);
      expect(body).toContain(`<atom:link href="${BASE}${base}/rss.xml" rel="self"`);
    }
    const site = await rssLoader();
    expect(site.headers.get("Link")).toContain(`<${BASE}/rss.xml>; rel="self"`);
  });

  it("a members-only post is its summary only, marked, in every format; drafts are absent", async () => {
    const atom = (await fetchFeed("", "atom.xml", {})).body;
    const rss = (await fetchFeed("", "rss.xml", {})).body;
    const json = JSON.parse((await fetchFeed("", "feed.json", {})).body);
    for (const text of [atom, rss, JSON.stringify(json)]) {
      expect(text).toContain("Insider briefing (members only)");
      expect(text).toContain("A short summary for all.");
      expect(text).not.toContain("Secret paragraph");
      expect(text).not.toContain("Not yet");
    }
    const item = json.items.find((i: { id: string }) => i.id === `${BASE}${closed.url}`);
    expect(item.content_text).toBe("A short summary for all.");
    expect(item.content_html).toBeUndefined();
  });

  it("an unknown category, tag or author is a 404", async () => {
    const res = await settle(feedLoader, new Request(`${BASE}/tag/nope/atom.xml`), { tag: "nope" });
    expect(res.status).toBe(404);
  });
});

const matches = [
  {
    id: "root",
    loaderData: {
      seo: { siteName: "Inkwell", siteDescription: "", metaTags: "", publicUrl: BASE },
    },
  },
];

type Tag = Record<string, unknown>;
const alternates = (tags: Tag[]) =>
  tags
    .filter((t) => t.tagName === "link" && t.rel === "alternate")
    .map((t) => `${t.type} ${t.href}`);
const feedsOf = (base: string) => [
  `application/rss+xml ${BASE}${base}/rss.xml`,
  `application/atom+xml ${BASE}${base}/atom.xml`,
  `application/feed+json ${BASE}${base}/feed.json`,
];

describe("autodiscovery", () => {
  // biome-ignore lint/suspicious/noExplicitAny: each route's meta takes its own generated arguments.
  const run = (meta: (args: any) => unknown, loaderData?: unknown) =>
    meta({ matches, loaderData }) as Tag[];

  it("the home page announces the site's feeds", () => {
    expect(alternates(run(homeMeta))).toEqual(feedsOf(""));
  });

  it("category, tag and author pages announce the site's and their own", async () => {
    const req = (path: string) => new Request(`${BASE}${path}`);
    const cat = await categoryLoader(
      routeArgs(req(`/category/${category.slug}`), { category: category.slug }),
    );
    expect(alternates(run(categoryMeta, cat))).toEqual([
      ...feedsOf(""),
      ...feedsOf(`/category/${category.slug}`),
    ]);
    const t = await tagLoader(routeArgs(req(`/tag/${tag.slug}`), { tag: tag.slug }));
    expect(alternates(run(tagMeta, t))).toEqual([...feedsOf(""), ...feedsOf(`/tag/${tag.slug}`)]);
    const a = await authorLoader(routeArgs(req(`/author/${authorSlug}`), { slug: authorSlug }));
    expect(alternates(run(authorMeta, a))).toEqual([
      ...feedsOf(""),
      ...feedsOf(`/author/${authorSlug}`),
    ]);
  });

  it("a post page announces the site's feeds and its oEmbed answer", async () => {
    const [, id, cat, url] = open.url.split("/");
    const page = await settle(postLoader, new Request(`${BASE}${open.url}`), {
      id: id ?? "",
      category: cat ?? "",
      url: url ?? "",
    });
    const links = alternates(run(postMeta, page.data));
    expect(links).toEqual([
      ...feedsOf(""),
      `application/json+oembed ${BASE}/oembed?url=${encodeURIComponent(`${BASE}${open.url}`)}&format=json`,
    ]);
  });
});

describe("oEmbed", () => {
  const ask = (query: string) => oembedLoader(routeArgs(new Request(`${BASE}/oembed?${query}`)));

  it("answers a rich embed of a published post, for either scheme of the site's host", async () => {
    for (const scheme of ["http", "https"]) {
      const address = `${BASE.replace(/^http/, scheme)}${open.url}`;
      const res = await ask(`url=${encodeURIComponent(address)}&format=json&maxwidth=400`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({
        type: "rich",
        version: "1.0",
        title: "Ships & <Tides>",
        author_name: n.staff.author.name,
        author_url: `${BASE}/author/${authorSlug}`,
        provider_name: expect.any(String),
        provider_url: `${BASE}/`,
        width: 400,
      });
      expect(body.html).toBe(
        `<iframe src="${BASE}/embed/${open.id}" width="400" height="${body.height}" title="Ships &amp; &lt;Tides&gt;" loading="lazy" sandbox="allow-popups allow-popups-to-escape-sandbox" style="border:0;max-width:100%"></iframe>`,
      );
    }
  });

  it("404 for a draft or an unknown post, 400 for another site, 501 for XML", async () => {
    expect((await ask(`url=${encodeURIComponent(`${BASE}${draft.url}`)}`)).status).toBe(404);
    expect((await ask(`url=${encodeURIComponent(`${BASE}/999999/x/y`)}`)).status).toBe(404);
    expect(
      (await ask(`url=${encodeURIComponent(`https://elsewhere.example${open.url}`)}`)).status,
    ).toBe(400);
    expect((await ask(`url=${encodeURIComponent(`${BASE}${open.url}`)}&format=xml`)).status).toBe(
      501,
    );
  });

  it("the card page: no script, no cookie, its own framing policy, summary only when members-only", async () => {
    const res = await embedLoader(
      routeArgs(new Request(`${BASE}/embed/${open.id}`), { id: String(open.id) }),
    );
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors *");
    expect(res.headers.get("Content-Security-Policy")).not.toContain("script-src");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("Ships &amp; &lt;Tides&gt;");
    expect(html).toContain(`href="${BASE}${open.url}" target="_blank" rel="noopener"`);
    expect(html).toContain("prefers-color-scheme:dark");
    const members = await (
      await embedLoader(
        routeArgs(new Request(`${BASE}/embed/${closed.id}`), { id: String(closed.id) }),
      )
    ).text();
    expect(members).toContain("Insider briefing (members only)");
    expect(members).not.toContain("Secret paragraph");
    const gone = await embedLoader(
      routeArgs(new Request(`${BASE}/embed/${draft.id}`), { id: String(draft.id) }),
    );
    expect(gone.status).toBe(404);
  });
});
