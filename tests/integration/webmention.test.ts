/**
 * Webmention both ways (docs/federation.md "Webmention"): endpoint discovery, sending when a post
 * goes live, changes or goes away, receiving (checks, the queued verification, moderation), and
 * how mentions show. A fake site on 127.0.0.1 plays the other side.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { comments, deliveries, deliveryAttempts, posts, settings, webmentions } from "#db/schema";
import { endpointInLinkHeader } from "~/domain/webmention/discover.server";
import { endpointInHtml, linksTo, outgoingLinks } from "~/domain/webmention/html.server";
import { VERIFY_KIND } from "~/domain/webmention/receive.server";
import { webmentionConsumer, webmentionDelivery } from "~/domain/webmention/send.server";
import { webmentionVerify } from "~/domain/webmention/verify.server";
import { clientAddressContext } from "~/nonce";
import { runDueDeliveries } from "~/platform/delivery-queue.server";
import { pumpSiteEvents } from "~/platform/site-events.server";
import { headers as postHeaders, links as postLinks, loader as postLoader } from "~/routes/post";
import { action as webmentionAction } from "~/routes/webmention";
import { routeArgs } from "../helpers";
import { type FakeSite, startFakeSite } from "../support/fake-indieweb";
import { BASE, makePost, setupNewsroom } from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
let site: FakeSite;

const handlers = { webmention: webmentionDelivery, [VERIFY_KIND]: webmentionVerify };
const FAR = () => Date.now() + 365 * 24 * 3600_000;
/** Runs every queued delivery now (retries included: `now` far ahead). */
const deliverAll = () => runDueDeliveries(n.db, handlers, FAR());
const pump = () => pumpSiteEvents(n.db, { webmention: webmentionConsumer });

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1";
  n = setupNewsroom();
  site = await startFakeSite(5410);
});
afterAll(async () => {
  await site.close();
  delete process.env.OUTBOUND_ALLOW_HOSTS;
});
beforeEach(() => {
  site.pages.clear();
  site.received.length = 0;
  n.db.update(settings).set({ enableCommentModeration: true, sendWebmentions: true }).run();
  pump();
  n.db.delete(deliveries).run();
});

function publish(content: string, title = `Post ${Math.random().toString(36).slice(2, 8)}`) {
  return makePost({ title, category: n.cats.crypto, author: n.staff.author, content });
}

const posted = () => site.received.filter((r) => r.method === "POST");

describe("endpoint discovery", () => {
  it("reads the Link header, quoted or not, among several values", () => {
    const base = "https://example.com/a/page";
    expect(
      endpointInLinkHeader('<https://x.example/other>; rel="other", </wm>; rel="webmention"', base),
    ).toBe("https://example.com/wm");
    expect(endpointInLinkHeader("<ep?x=1>; rel=webmention", base)).toBe(
      "https://example.com/a/ep?x=1",
    );
    expect(endpointInLinkHeader('<https://e.example/w>; rel="nope webmention"', base)).toBe(
      "https://e.example/w",
    );
    expect(endpointInLinkHeader('<https://e.example/w>; rel="not-webmention"', base)).toBeNull();
  });

  it("takes the first <link> or <a> with the rel in document order; empty href is the page", () => {
    const base = "https://example.com/dir/page";
    expect(
      endpointInHtml(
        '<!-- <link rel="webmention" href="/commented"> --><a rel="webmention" href="rel/ep">x</a><link rel="webmention" href="/later">',
        base,
      ),
    ).toBe("https://example.com/dir/rel/ep");
    expect(endpointInHtml('<link rel="webmention" href="">', base)).toBe(base);
    expect(endpointInHtml('<link rel="not-webmention" href="/x">', base)).toBeNull();
  });

  it("sends to the endpoint named by the HTTP header before the HTML's", async () => {
    site.pages.set("/by-header", {
      headers: { Link: `<${site.origin}/ep-header>; rel="webmention"` },
      body: `<link rel="webmention" href="${site.origin}/ep-html">`,
    });
    const post = publish(`<p>See <a href="${site.origin}/by-header">this</a>.</p>`);
    pump();
    await deliverAll();
    expect(posted().map((r) => r.path)).toEqual(["/ep-header"]);
    expect(posted()[0]?.fields).toEqual({
      source: `${BASE}${post.url}`,
      target: `${site.origin}/by-header`,
    });
    expect(posted()[0]?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
  });

  it("finds a <link> in the HTML, and resolves a relative href against the page", async () => {
    site.pages.set("/by-link", { body: `<head><link rel="webmention" href="${site.origin}/ep1">` });
    site.pages.set("/dir/relative", { body: '<p><a href="ep2?k=v" rel="webmention">wm</a></p>' });
    publish(
      `<p><a href="${site.origin}/by-link">one</a> <a href="${site.origin}/dir/relative#x">two</a></p>`,
    );
    pump();
    await deliverAll();
    expect(
      posted()
        .map((r) => r.path)
        .sort(),
    ).toEqual(["/dir/ep2?k=v", "/ep1"]);
  });

  it("records 'nothing to send' when the target advertises no endpoint", async () => {
    site.pages.set("/plain", { body: "<p>No endpoint here</p>" });
    publish(`<p><a href="${site.origin}/plain">plain</a></p>`);
    pump();
    await deliverAll();
    const row = n.db.select().from(deliveries).get();
    expect(row?.status).toBe("done");
    const attempt = n.db
      .select()
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.deliveryId, row?.id ?? 0))
      .get();
    expect(attempt?.excerpt).toMatch(/No Webmention endpoint/);
    expect(posted()).toEqual([]);
  });
});

describe("sending", () => {
  it("queues one mention per outside link and version, never to this site", () => {
    const post = publish(
      `<p><a href="${site.origin}/a">a</a> <a href="${site.origin}/a#again">a</a> <a href="${BASE}/1/x/y">self</a> <a href="mailto:x@example.com">m</a></p>`,
    );
    pump();
    const rows = n.db.select().from(deliveries).all();
    expect(rows.map((r) => r.key)).toEqual([`wm:${post.id}:${site.origin}/a:${post.version}`]);
    expect(JSON.parse(rows[0]?.payload ?? "{}")).toEqual({
      source: `${BASE}${post.url}`,
      target: `${site.origin}/a`,
    });
    expect(outgoingLinks(`<a href="${BASE}/2/a/b">x</a>`, BASE)).toEqual([]);
  });

  it("re-sends once per edit, to old links too, and again when the post goes away", async () => {
    site.pages.set("/a", { body: `<link rel="webmention" href="/ep">` });
    site.pages.set("/b", { body: `<link rel="webmention" href="/ep">` });
    const post = publish(`<p><a href="${site.origin}/a">a</a></p>`);
    pump();
    pump();
    expect(n.db.select({ n: count() }).from(deliveries).get()?.n).toBe(1);
    n.db
      .update(posts)
      .set({ content: `<p><a href="${site.origin}/b">b</a></p>`, version: post.version + 1 })
      .where(eq(posts.id, post.id))
      .run();
    pump();
    const keys = n.db
      .select({ key: deliveries.key })
      .from(deliveries)
      .all()
      .map((r) => r.key);
    expect(keys).toHaveLength(3);
    expect(keys).toContain(`wm:${post.id}:${site.origin}/a:${post.version + 1}`);
    expect(keys).toContain(`wm:${post.id}:${site.origin}/b:${post.version + 1}`);
    n.db.update(posts).set({ status: "trash" }).where(eq(posts.id, post.id)).run();
    pump();
    const gone = n.db
      .select()
      .from(deliveries)
      .all()
      .filter((r) => r.key.includes(":gone:"));
    expect(gone.map((r) => r.target).sort()).toEqual([`${site.origin}/a`, `${site.origin}/b`]);
    await deliverAll();
    expect(posted()).toHaveLength(5);
  });

  it("sends nothing for a members-only post or with Send Webmentions off", () => {
    makePost({ title: "Members", content: `<a href="${site.origin}/m">m</a>` });
    n.db.update(posts).set({ visibility: "members" }).where(eq(posts.title, "Members")).run();
    pump();
    n.db.update(settings).set({ sendWebmentions: false }).run();
    publish(`<a href="${site.origin}/off">off</a>`);
    pump();
    expect(n.db.select().from(deliveries).all()).toEqual([]);
  });

  it("retries a 5xx endpoint, gives up at once on a 4xx", async () => {
    site.pages.set("/t5", { body: `<link rel="webmention" href="/ep5">` });
    site.pages.set("/ep5", { status: 503 });
    site.pages.set("/t4", { body: `<link rel="webmention" href="/ep4">` });
    site.pages.set("/ep4", { status: 400, body: "bad source" });
    publish(`<a href="${site.origin}/t5">5</a> <a href="${site.origin}/t4">4</a>`);
    pump();
    await runDueDeliveries(n.db, handlers);
    const byTarget = Object.fromEntries(
      n.db
        .select()
        .from(deliveries)
        .all()
        .map((r) => [r.target.split("/").pop(), r.status]),
    );
    expect(byTarget).toEqual({ t5: "pending", t4: "dead" });
  });

  it("refuses a target on a private address unless OUTBOUND_ALLOW_HOSTS lists it", async () => {
    site.pages.set("/private-target", { body: `<link rel="webmention" href="/ep">` });
    publish(`<a href="${site.origin}/private-target">p</a>`);
    pump();
    delete process.env.OUTBOUND_ALLOW_HOSTS;
    try {
      await runDueDeliveries(n.db, handlers);
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1";
    }
    expect(site.received).toEqual([]);
    const row = n.db.select().from(deliveries).get();
    expect(row).toMatchObject({ status: "dead", lastError: expect.stringMatching(/private/) });
  });
});

async function mention(fields: Record<string, string>, address = "203.0.113.9") {
  const args = routeArgs(
    new Request(`${BASE}/webmention`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
  );
  args.context.set(clientAddressContext, address);
  const res = (await webmentionAction(args)) as Response;
  return { status: res.status, text: await res.text() };
}

/** A page of the fake site that mentions `target` in an h-entry (or only names it). */
function sourcePage(target: string, links = true) {
  return {
    body: `<!doctype html><title>Their post</title>
<article class="h-entry">
  <a class="u-url" href="/their-post">permalink</a>
  <time class="dt-published" datetime="2026-12-01T10:00:00Z">1 Dec</time>
  <div class="p-author h-card"><a class="u-url p-name" href="https://rita.example/">Rita Reader</a><img class="u-photo" src="/rita.png" alt=""></div>
  <div class="e-content"><p>Great piece! ${links ? `<a href="${target}">Read it here</a>` : target}.</p><script>alert(1)</script></div>
</article>`,
  };
}

/** The post page's loader data, as a reader gets it. */
function readerPage(path: string) {
  const [, id = "", category = "", url = ""] = path.split("/");
  return postLoader(routeArgs(new Request(`${BASE}${path}`), { id, category, url }));
}

const mentionRows = () => n.db.select().from(webmentions).all();
const mentionComments = () =>
  n.db.select().from(comments).where(eq(comments.source, "webmention")).all();

describe("receiving", () => {
  beforeEach(() => {
    n.db.delete(comments).run();
    n.db.delete(webmentions).run();
  });

  it("counts a link by any linking element, resolved, fragment aside; not text or comments", () => {
    const target = "https://ours.example/1/a/b";
    const base = "https://ours.example/elsewhere/page";
    expect(linksTo('<a href="/1/a/b#c">x</a>', base, target)).toBe(true);
    expect(linksTo(`<img src="${target}">`, base, target)).toBe(true);
    expect(linksTo(`<blockquote cite="${target}">q</blockquote>`, base, target)).toBe(true);
    expect(linksTo(`<p>${target}</p><!-- <a href="${target}"> -->`, base, target)).toBe(false);
    expect(linksTo('<a href="/1/a/bc">x</a>', base, target)).toBe(false);
  });

  it("takes a mention that links to a post into moderation with its h-entry", async () => {
    const post = publish("<p>Ours</p>");
    const target = `${BASE}${post.url}`;
    site.pages.set("/their-post", sourcePage(target));
    const source = `${site.origin}/their-post`;
    expect(await mention({ source, target })).toMatchObject({ status: 202 });
    expect(mentionRows()).toMatchObject([{ source, target, postId: post.id, status: "pending" }]);
    expect(mentionComments()).toEqual([]);
    await deliverAll();
    expect(mentionRows()).toMatchObject([{ status: "verified" }]);
    const [comment] = mentionComments();
    expect(comment).toMatchObject({
      postId: post.id,
      status: "pending",
      name: "Rita Reader",
      authorUrl: "https://rita.example/",
      avatarUrl: `${site.origin}/rita.png`,
      remoteId: source,
      remoteUrl: source,
      email: "",
    });
    expect(comment?.body).toBe("Great piece! Read it here.");
    expect(comment?.bodyHtml).toContain(`<a href="${target}" rel="nofollow ugc noopener">`);
    expect(comment?.bodyHtml).not.toContain("script");
    expect(mentionRows()[0]?.commentId).toBe(comment?.id);
  });

  it("accepts the post's address in another form (its id decides) and a disallowed word is spam", async () => {
    const post = publish("<p>Ours</p>");
    n.db
      .update(settings)
      .set({ enableSpamFilters: true, commentDisallowedWords: "great piece" })
      .run();
    const target = `${BASE}/${post.id}/old-category/old-slug`;
    site.pages.set("/spam", sourcePage(target));
    expect(await mention({ source: `${site.origin}/spam`, target })).toMatchObject({
      status: 202,
    });
    await deliverAll();
    expect(mentionComments()).toMatchObject([{ status: "spam", spamReason: "disallowed word" }]);
    n.db.update(settings).set({ commentDisallowedWords: "" }).run();
  });

  it("rejects a source that does not link, or is gone, and stores no comment", async () => {
    const post = publish("<p>Ours</p>");
    const target = `${BASE}${post.url}`;
    site.pages.set("/names-only", sourcePage(target, false));
    await mention({ source: `${site.origin}/names-only`, target });
    await mention({ source: `${site.origin}/missing`, target });
    await deliverAll();
    expect(mentionRows().map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(mentionComments()).toEqual([]);
  });

  it("removes the comment when a re-sent mention's source no longer links", async () => {
    const post = publish("<p>Ours</p>");
    const target = `${BASE}${post.url}`;
    const source = `${site.origin}/changes`;
    site.pages.set("/changes", sourcePage(target));
    n.db.update(settings).set({ enableCommentModeration: false }).run();
    await mention({ source, target });
    await deliverAll();
    expect(mentionComments()).toMatchObject([{ status: "approved" }]);
    site.pages.set("/changes", sourcePage(target, false));
    expect(await mention({ source, target })).toMatchObject({ status: 202 });
    await deliverAll();
    expect(mentionComments()).toEqual([]);
    expect(mentionRows()).toMatchObject([{ status: "rejected", commentId: null }]);
    expect(
      n.db
        .select()
        .from(deliveries)
        .all()
        .map((r) => r.key),
    ).toEqual([`wmv:${mentionRows()[0]?.id}:0`, `wmv:${mentionRows()[0]?.id}:1`]);
  });

  it("answers 400 with a plain message for bad input, and stores nothing", async () => {
    const post = publish("<p>Ours</p>");
    const draft = makePost({ title: "Draft one", status: "draft", category: n.cats.crypto });
    const target = `${BASE}${post.url}`;
    const source = `${site.origin}/x`;
    const cases: [Record<string, string>, RegExp][] = [
      [{ target }, /source is required/],
      [{ source: "ftp://example.com/x", target }, /source must be an http\(s\) URL/],
      [{ source, target: "not a url" }, /target must be an http\(s\) URL/],
      [{ source: target, target }, /different/],
      [{ source, target: `${site.origin}/1/a/b` }, /not a published post/],
      [{ source, target: `${BASE}${draft.url}` }, /not a published post/],
      [{ source, target: `${BASE}/about` }, /not a published post/],
    ];
    for (const [fields, message] of cases) {
      const res = await mention(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.text).toMatch(message);
    }
    expect(mentionRows()).toEqual([]);
    expect(n.db.select().from(deliveries).all()).toEqual([]);
  });

  it("refuses to fetch a source on a private address unless OUTBOUND_ALLOW_HOSTS lists it", async () => {
    const post = publish("<p>Ours</p>");
    const target = `${BASE}${post.url}`;
    site.pages.set("/private", sourcePage(target));
    delete process.env.OUTBOUND_ALLOW_HOSTS;
    try {
      expect(await mention({ source: `${site.origin}/private`, target })).toMatchObject({
        status: 202,
      });
      await deliverAll();
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1";
    }
    expect(site.received).toEqual([]);
    expect(mentionRows()).toMatchObject([{ status: "rejected" }]);
    expect(mentionComments()).toEqual([]);
    expect(n.db.select().from(deliveries).get()?.status).toBe("dead");
  });

  it("limits mentions per client address", async () => {
    n.db.update(settings).set({ enableRateLimiting: true }).run();
    const post = publish("<p>Ours</p>");
    const target = `${BASE}${post.url}`;
    let last = 0;
    for (let i = 0; i < 61; i++) {
      last = (await mention({ source: `${site.origin}/r${i}`, target }, "198.51.100.7")).status;
    }
    expect(last).toBe(429);
    expect((await mention({ source: `${site.origin}/r`, target }, "198.51.100.8")).status).toBe(
      202,
    );
  });
});

describe("display", () => {
  it("marks an approved mention under the post, and the page advertises the endpoint", async () => {
    n.db.delete(comments).run();
    n.db.delete(webmentions).run();
    const post = publish("<p>Ours</p>");
    const target = `${BASE}${post.url}`;
    site.pages.set("/shown", sourcePage(target));
    n.db.update(settings).set({ enableCommentModeration: false }).run();
    await mention({ source: `${site.origin}/shown`, target });
    await deliverAll();
    const data = await readerPage(post.url);
    const comment = mentionComments()[0];
    expect(data.comments.map((c: { id: number }) => c.id)).toEqual([comment?.id]);
    expect(data.mentions).toEqual({
      [comment?.id ?? 0]: {
        url: `${site.origin}/shown`,
        host: "127.0.0.1:5410",
        kind: "mention",
        label: "Mentioned on 127.0.0.1:5410",
        badge: "Mention",
      },
    });
    expect(postLinks()).toEqual([{ rel: "webmention", href: "/webmention" }]);
    const headers = postHeaders({
      parentHeaders: new Headers(),
      loaderHeaders: new Headers(),
      actionHeaders: new Headers(),
      errorHeaders: undefined,
    } as never) as Headers;
    expect(headers.get("Link")).toBe('</webmention>; rel="webmention"');
  });
});

describe("likes, reposts and replies", () => {
  /** A source page whose h-entry does `property` (like-of, repost-of, in-reply-to) to `target`. */
  const response = (property: string, target: string, cite = false) => ({
    body: `<!doctype html><title>Their response</title>
<article class="h-entry">
  <div class="p-author h-card"><a class="u-url p-name" href="https://rita.example/">Rita Reader</a></div>
  ${
    cite
      ? `<div class="u-${property} h-cite"><a class="u-url p-name" href="${target}">Their post</a></div>`
      : `<a class="u-${property}" href="${target}">this post</a>`
  }
</article>`,
  });

  it("marks each mention by what its source did with the post, under the post and for staff", async () => {
    n.db.delete(comments).run();
    n.db.delete(webmentions).run();
    n.db.update(settings).set({ enableCommentModeration: false }).run();
    const post = publish("<p>Ours</p>");
    const target = `${BASE}${post.url}`;
    site.pages.set("/like", response("like-of", target));
    site.pages.set("/repost", response("repost-of", target, true));
    site.pages.set("/reply", response("in-reply-to", `${target}#comments`));
    // Liking another page while linking to ours is still only a mention of ours.
    site.pages.set("/other", {
      body: `<article class="h-entry"><a class="u-like-of" href="https://elsewhere.example/">x</a>
        <p class="e-content"><a href="${target}">ours</a></p></article>`,
    });
    for (const path of ["/like", "/repost", "/reply", "/other"]) {
      await mention({ source: `${site.origin}${path}`, target });
    }
    await deliverAll();
    const kinds = Object.fromEntries(
      mentionRows().map((r) => [new URL(r.source).pathname, r.kind]),
    );
    expect(kinds).toEqual({
      "/like": "like",
      "/repost": "repost",
      "/reply": "reply",
      "/other": "mention",
    });
    const data = await readerPage(post.url);
    const labels = Object.values(data.mentions as Record<number, { label: string; badge: string }>)
      .map((m) => `${m.badge}: ${m.label}`)
      .sort();
    expect(labels).toEqual([
      "Like: Liked on 127.0.0.1:5410",
      "Mention: Mentioned on 127.0.0.1:5410",
      "Reply: Replied on 127.0.0.1:5410",
      "Repost: Reposted on 127.0.0.1:5410",
    ]);
  });
});
