/**
 * The WebSub hub (docs/integrations.md "WebSub") against a real subscriber on 127.0.0.1:
 * subscription requests for each kind of feed, the verification of intent (challenge echo),
 * leases (default, asked for, capped, expired), unsubscribing, refused topics and callbacks,
 * and the feed pushed on publish, edit and unpublish — signed when a secret was given, retried
 * through the delivery queue, and within seconds when the background jobs run.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  deliveries,
  deliveryAttempts,
  posts,
  settings,
  users,
  websubSubscriptions,
} from "#db/schema";
import { savePost } from "~/domain/posts/editing.server";
import { websubConsumer, websubHandler } from "~/domain/websub/distribute.server";
import { DEFAULT_LEASE_SECONDS, MAX_LEASE_SECONDS } from "~/domain/websub/subscribe.server";
import { websubVerifyHandler } from "~/domain/websub/verify.server";
import { clientAddressContext } from "~/nonce";
import { runDueDeliveries } from "~/platform/delivery-queue.server";
import { startDeliveryWorker, stopDeliveryWorker } from "~/platform/delivery-worker.server";
import { pumpSiteEvents, startSiteEvents, stopSiteEvents } from "~/platform/site-events.server";
import { action as hubAction, loader as hubLoader } from "~/routes/websub";
import { crossSitePagePost, refuseRequest } from "~/web/request-guard-node.server";
import { resetDatabase, routeArgs } from "../helpers";
import {
  type Recorded,
  type RecordingServer,
  startRecordingServer,
} from "../support/recording-server";
import { BASE, makePost, makeTag, setupNewsroom } from "./fixtures";

type Received = Recorded;

/** How the subscriber answers a verification GET. */
type Intent = "echo" | "wrong" | "refuse";

let subscriber: RecordingServer;
let origin = "";
let received: Received[] = [];
let intent: Intent = "echo";
/** The statuses the subscriber answers content POSTs with, in turn; 200 once used up. */
const postAnswers: number[] = [];

const handlers = { websub: websubHandler, "websub-verify": websubVerifyHandler };
const consumers = { websub: websubConsumer };
const DAY_MS = 24 * 3600_000;
let n: ReturnType<typeof setupNewsroom>;
let tag: ReturnType<typeof makeTag>;
const AUTHOR_SLUG = "abe-writes";
/** The subscriber's port (in this suite's range, beside webmention's fake site). */
const SUBSCRIBER_PORT = 5662;

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1";
  subscriber = await startRecordingServer((r) => {
    if (r.method !== "POST") {
      const challenge = r.query.get("hub.challenge") ?? "";
      if (intent === "refuse") return { status: 404, body: "Not subscribed" };
      return { status: 200, body: intent === "echo" ? challenge : `${challenge}-not` };
    }
    return { status: postAnswers.shift() ?? 200, body: "thanks" };
  }, SUBSCRIBER_PORT);
  origin = subscriber.origin;
  received = subscriber.received;
});

afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await subscriber.close();
});

beforeEach(() => {
  resetDatabase();
  n = setupNewsroom();
  tag = makeTag("Tides");
  n.db.update(users).set({ slug: AUTHOR_SLUG }).where(eq(users.id, n.staff.author.id)).run();
  received.length = 0;
  postAnswers.length = 0;
  intent = "echo";
});

/** `POST /websub` with these form fields, through the route. */
async function hub(fields: Record<string, string>, address = "10.1.1.1"): Promise<Response> {
  const request = new Request(`${BASE}/websub`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const args = routeArgs(request);
  args.context.set(clientAddressContext, address);
  return (await hubAction(args)) as Response;
}

async function subscribe(
  topic: string,
  extra: Record<string, string> = {},
  path = "/cb",
  mode = "subscribe",
) {
  return hub({
    "hub.mode": mode,
    "hub.topic": topic,
    "hub.callback": `${origin}${path}`,
    ...extra,
  });
}

/** Runs everything due (now, or `ahead` ms later for retries). */
const deliver = (ahead = 0) => runDueDeliveries(n.db, handlers, Date.now() + ahead);
const subs = () => n.db.select().from(websubSubscriptions).orderBy(websubSubscriptions.id).all();
const gets = () => received.filter((r) => r.method === "GET");
const pushes = () => received.filter((r) => r.method === "POST");

/** A subscription made and verified; returns its row. */
async function activeSub(topic: string, extra: Record<string, string> = {}, path = "/cb") {
  expect((await subscribe(topic, extra, path)).status).toBe(202);
  await deliver();
  const row = subs().find((s) => s.topic === topic && s.callback === `${origin}${path}`);
  expect(row?.status).toBe("active");
  received.length = 0;
  return row as typeof websubSubscriptions.$inferSelect;
}

function publish(title: string, values: { tagIds?: number[] } = {}) {
  return makePost({ title, category: n.cats.crypto, author: n.staff.author, ...values });
}

/** Checks `X-Hub-Signature` as a subscriber does: HMAC-SHA256 of the raw body, in hex. */
function signedWith(r: Received, secret: string): boolean {
  const header = r.headers["x-hub-signature"] ?? "";
  const [method, hex] = header.split("=");
  if (method !== "sha256" || !hex) return false;
  const expected = createHmac("sha256", secret).update(r.body).digest();
  const given = Buffer.from(hex, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe("subscribing", () => {
  it("verifies intent for a feed of each kind and format, then keeps a 10-day lease", async () => {
    const topics = [
      `${BASE}/rss.xml`,
      `${BASE}/atom.xml`,
      `${BASE}/feed.json`,
      `${BASE}/category/${n.cats.crypto.slug}/atom.xml`,
      `${BASE}/tag/${tag.slug}/feed.json`,
      `${BASE}/author/${AUTHOR_SLUG}/rss.xml`,
    ];
    for (const topic of topics) expect((await subscribe(topic)).status).toBe(202);
    expect(subs().map((s) => s.status)).toEqual(topics.map(() => "pending"));
    const before = Date.now();
    expect(await deliver()).toBe(topics.length);
    expect(
      gets()
        .map((g) => g.query.get("hub.topic"))
        .sort(),
    ).toEqual([...topics].sort());
    for (const g of gets()) {
      expect(g.query.get("hub.mode")).toBe("subscribe");
      expect(g.query.get("hub.challenge")).toMatch(/^[\w-]{16,}$/);
      expect(g.query.get("hub.lease_seconds")).toBe(String(DEFAULT_LEASE_SECONDS));
    }
    for (const s of subs()) {
      expect(s.status).toBe("active");
      expect(s.leaseSeconds).toBe(DEFAULT_LEASE_SECONDS);
      expect(s.expiresAt).toBeGreaterThanOrEqual(before + 10 * DAY_MS);
      expect(s.expiresAt).toBeLessThanOrEqual(Date.now() + 10 * DAY_MS);
    }
  });

  it("honours the lease asked for, capped at the maximum", async () => {
    const short = await activeSub(`${BASE}/atom.xml`, { "hub.lease_seconds": "3600" }, "/short");
    expect(short.leaseSeconds).toBe(3600);
    const long = await activeSub(`${BASE}/atom.xml`, { "hub.lease_seconds": "999999999" }, "/long");
    expect(long.leaseSeconds).toBe(MAX_LEASE_SECONDS);
    expect((long.expiresAt ?? 0) - (long.verifiedAt ?? 0)).toBe(MAX_LEASE_SECONDS * 1000);
  });

  it("a callback that does not echo the challenge, or refuses, is never active", async () => {
    intent = "wrong";
    expect((await subscribe(`${BASE}/atom.xml`, {}, "/wrong")).status).toBe(202);
    await deliver();
    intent = "refuse";
    expect((await subscribe(`${BASE}/atom.xml`, {}, "/refuse")).status).toBe(202);
    await deliver();
    expect(gets()).toHaveLength(2);
    expect(subs()).toEqual([]);
    // Not retried: the requests were dropped.
    expect(await deliver(DAY_MS)).toBe(0);
    publish("Nobody hears this");
    pumpSiteEvents(n.db, consumers);
    await deliver();
    expect(pushes()).toEqual([]);
  });

  it("unsubscribing is verified, then the subscription goes; an unconfirmed one stays", async () => {
    const topic = `${BASE}/feed.json`;
    await activeSub(topic);
    intent = "wrong";
    expect((await subscribe(topic, {}, "/cb", "unsubscribe")).status).toBe(202);
    await deliver();
    expect(subs().map((s) => s.status)).toEqual(["active"]);
    intent = "echo";
    expect((await subscribe(topic, {}, "/cb", "unsubscribe")).status).toBe(202);
    await deliver();
    const last = gets().at(-1);
    expect(last?.query.get("hub.mode")).toBe("unsubscribe");
    expect(last?.query.has("hub.lease_seconds")).toBe(false);
    expect(subs()).toEqual([]);
  });

  it("renewing keeps the subscription active and takes the new secret once verified", async () => {
    const topic = `${BASE}/atom.xml`;
    const first = await activeSub(topic, { "hub.secret": "old secret" });
    intent = "wrong";
    await subscribe(topic, { "hub.secret": "new secret" });
    await deliver();
    expect(subs()).toMatchObject([{ id: first.id, status: "active", secret: "old secret" }]);
    intent = "echo";
    await subscribe(topic, { "hub.secret": "new secret", "hub.lease_seconds": "7200" });
    await deliver();
    expect(subs()).toMatchObject([
      { id: first.id, status: "active", secret: "new secret", leaseSeconds: 7200 },
    ]);
  });

  it("refuses topics that are not this site's feeds, and bad requests, storing nothing", async () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ "hub.topic": "https://elsewhere.example/atom.xml" }, /hub\.topic/],
      [{ "hub.topic": `${BASE}/crypto` }, /hub\.topic/],
      [{ "hub.topic": `${BASE}/category/nope/atom.xml` }, /hub\.topic/],
      [{ "hub.topic": `${BASE}/tag/${tag.slug}/feed.xml` }, /hub\.topic/],
      [{ "hub.topic": "atom.xml" }, /hub\.topic/],
      [{ "hub.callback": "ftp://127.0.0.1/cb" }, /hub\.callback/],
      [{ "hub.callback": "not a url" }, /hub\.callback/],
      [{ "hub.mode": "publish" }, /hub\.mode/],
      [{ "hub.lease_seconds": "ten" }, /hub\.lease_seconds/],
      [{ "hub.secret": "x".repeat(200) }, /hub\.secret/],
    ];
    for (const [fields, reason] of bad) {
      const res = await hub({
        "hub.mode": "subscribe",
        "hub.topic": `${BASE}/atom.xml`,
        "hub.callback": `${origin}/cb`,
        ...fields,
      });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(await res.text()).toMatch(reason);
    }
    expect(subs()).toEqual([]);
    expect(n.db.select().from(deliveries).all()).toEqual([]);
  });

  it("answers a GET and a non-form body with what to do instead", async () => {
    const get = (await hubLoader()) as Response;
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    const json = (await hubAction(
      routeArgs(
        new Request(`${BASE}/websub`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        }),
      ),
    )) as Response;
    expect(json.status).toBe(415);
  });

  it("limits requests per client address when rate limiting is on", async () => {
    n.db.update(settings).set({ enableRateLimiting: true }).run();
    const ask = (address: string) =>
      hub({ "hub.mode": "subscribe", "hub.topic": "nope", "hub.callback": "nope" }, address);
    for (let i = 0; i < 60; i += 1) expect((await ask("10.2.2.2")).status).toBe(400);
    const limited = await ask("10.2.2.2");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await ask("10.3.3.3")).status).toBe(400);
  });

  it("a subscriber's POST passes the request guard, with or without an Origin", () => {
    const form = { "content-type": "application/x-www-form-urlencoded", "content-length": "300" };
    expect(refuseRequest("POST", "/websub", form)).toBeNull();
    const host = "127.0.0.1:3500";
    expect(crossSitePagePost("POST", "/websub", { host })).toBeNull();
    expect(crossSitePagePost("POST", "/websub", { host, origin: "https://x.example" })).toBeNull();
  });

  it("refuses a private callback unless its host is allowed", async () => {
    delete process.env.OUTBOUND_ALLOW_HOSTS;
    try {
      const res = await subscribe(`${BASE}/atom.xml`);
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/^hub\.callback: /);
      expect(subs()).toEqual([]);
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1";
    }
    expect(gets()).toEqual([]);
  });
});

describe("distribution", () => {
  it("publishing pushes each changed feed, typed, linked and signed when there is a secret", async () => {
    const atom = await activeSub(`${BASE}/atom.xml`, { "hub.secret": "s3cret" }, "/atom");
    const json = await activeSub(`${BASE}/tag/${tag.slug}/feed.json`, {}, "/json");
    const rss = await activeSub(`${BASE}/author/${AUTHOR_SLUG}/rss.xml`, {}, "/rss");
    await activeSub(`${BASE}/category/${n.cats.fresh.slug}/atom.xml`, {}, "/other");
    const post = publish("Tides turn", { tagIds: [tag.id] });
    expect(pumpSiteEvents(n.db, consumers)).toBe(1);
    expect(await deliver()).toBe(3);
    const byPath = Object.fromEntries(pushes().map((p) => [p.path, p]));
    expect(Object.keys(byPath).sort()).toEqual(["/atom", "/json", "/rss"]);

    const a = byPath["/atom"] as Received;
    expect(a.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    expect(a.headers.link).toBe(`<${BASE}/websub>; rel="hub", <${atom.topic}>; rel="self"`);
    expect(a.body).toContain(`<id>${BASE}${post.url}</id>`);
    expect(signedWith(a, "s3cret")).toBe(true);
    expect(signedWith(a, "another")).toBe(false);

    const j = byPath["/json"] as Received;
    expect(j.headers["content-type"]).toBe("application/feed+json; charset=utf-8");
    expect(j.headers.link).toBe(`<${BASE}/websub>; rel="hub", <${json.topic}>; rel="self"`);
    expect(JSON.parse(j.body).items[0].title).toBe("Tides turn");
    expect(j.headers["x-hub-signature"]).toBeUndefined();

    const r = byPath["/rss"] as Received;
    expect(r.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(r.headers.link).toContain(`<${rss.topic}>; rel="self"`);
    expect(r.body).toContain("Tides turn");
    // Done once: nothing more to send.
    expect(await deliver(DAY_MS)).toBe(0);
  });

  it("an edit and an unpublish push the feed again, without the post once it is gone", async () => {
    await activeSub(`${BASE}/category/${n.cats.crypto.slug}/feed.json`);
    const post = publish("First title");
    pumpSiteEvents(n.db, consumers);
    await deliver();
    n.db.update(posts).set({ title: "Second title" }).where(eq(posts.id, post.id)).run();
    pumpSiteEvents(n.db, consumers);
    await deliver();
    n.db.update(posts).set({ status: "draft" }).where(eq(posts.id, post.id)).run();
    pumpSiteEvents(n.db, consumers);
    await deliver();
    const titles = pushes().map((p) =>
      (JSON.parse(p.body).items as { title: string }[]).map((i) => i.title),
    );
    expect(titles).toEqual([["First title"], ["Second title"], []]);
  });

  it("moving a post out of a category and a tag pushes the feeds it left", async () => {
    await activeSub(`${BASE}/category/${n.cats.crypto.slug}/atom.xml`, {}, "/old-category");
    await activeSub(`${BASE}/tag/${n.tags.bitcoin.slug}/feed.json`, {}, "/old-tag");
    await activeSub(`${BASE}/category/${n.cats.fresh.slug}/atom.xml`, {}, "/new-category");
    const fields = {
      action: "publish",
      title: "On the move",
      category: n.cats.crypto.name,
      summary: "A summary.",
      content: "<p>Words.</p>",
      tags: [n.tags.bitcoin.name],
      photo: null,
      socialCard: null,
    };
    const saved = savePost(n.staff.admin, fields);
    pumpSiteEvents(n.db, consumers);
    await deliver();
    expect(
      pushes()
        .map((p) => p.path)
        .sort(),
    ).toEqual(["/old-category", "/old-tag"]);
    received.length = 0;
    savePost(
      n.staff.admin,
      { ...fields, category: n.cats.fresh.name, tags: [] },
      { id: saved.post.id },
    );
    pumpSiteEvents(n.db, consumers);
    await deliver();
    const byPath = Object.fromEntries(pushes().map((p) => [p.path, p.body]));
    expect(Object.keys(byPath).sort()).toEqual(["/new-category", "/old-category", "/old-tag"]);
    expect(byPath["/old-category"]).not.toContain("On the move");
    expect(JSON.parse(byPath["/old-tag"] ?? "{}").items).toEqual([]);
    expect(byPath["/new-category"]).toContain("On the move");
  });

  it("a tag with a non-ASCII slug, subscribed by its encoded address, is pushed", async () => {
    const economy = makeTag("Économie");
    const encoded = `${BASE}/tag/${encodeURIComponent(economy.slug)}/atom.xml`;
    expect((await subscribe(encoded)).status).toBe(202);
    await deliver();
    expect(subs()[0]?.status).toBe("active");
    publish("Les marchés", { tagIds: [economy.id] });
    pumpSiteEvents(n.db, consumers);
    await deliver();
    expect(pushes()).toHaveLength(1);
    expect(pushes()[0]?.body).toContain("Les marchés");
  });

  it("moving a post to the trash pushes the feed without it", async () => {
    await activeSub(`${BASE}/feed.json`);
    const post = publish("Short-lived");
    pumpSiteEvents(n.db, consumers);
    n.db.update(posts).set({ status: "trash" }).where(eq(posts.id, post.id)).run();
    pumpSiteEvents(n.db, consumers);
    await deliver();
    // Both pushes render the feed as it is when sent: the post is gone from each.
    expect(pushes().map((p) => JSON.parse(p.body).items.length)).toEqual([0, 0]);
  });

  it("an expired lease gets nothing and is removed, as is one on a feed that did not change", async () => {
    const sub = await activeSub(`${BASE}/atom.xml`);
    const keep = await activeSub(`${BASE}/atom.xml`, {}, "/keep");
    const other = await activeSub(`${BASE}/category/${n.cats.fresh.slug}/atom.xml`, {}, "/other");
    n.db
      .update(websubSubscriptions)
      .set({ expiresAt: Date.now() - 1000 })
      .where(inArray(websubSubscriptions.id, [sub.id, other.id]))
      .run();
    publish("After the lease");
    pumpSiteEvents(n.db, consumers);
    await deliver();
    expect(pushes().map((p) => p.path)).toEqual(["/keep"]);
    expect(subs().map((s) => s.id)).toEqual([keep.id]);
  });

  it("a lease that runs out while the push waits in the queue sends nothing", async () => {
    const sub = await activeSub(`${BASE}/atom.xml`);
    publish("Queued");
    pumpSiteEvents(n.db, consumers);
    n.db
      .update(websubSubscriptions)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(websubSubscriptions.id, sub.id))
      .run();
    await deliver();
    expect(pushes()).toEqual([]);
    expect(subs()).toEqual([]);
    expect(n.db.select().from(deliveries).where(eq(deliveries.kind, "websub")).get()?.status).toBe(
      "dead",
    );
  });

  it("a failing subscriber is retried by the queue and gets the feed once after a 2xx", async () => {
    await activeSub(`${BASE}/atom.xml`, { "hub.secret": "k" });
    postAnswers.push(500, 503);
    publish("Try again");
    pumpSiteEvents(n.db, consumers);
    expect(await deliver()).toBe(1);
    expect(await deliver()).toBe(0); // not due yet
    const HOUR_MS = 3600_000;
    expect(await deliver(HOUR_MS)).toBe(1);
    expect(await deliver(2 * HOUR_MS)).toBe(1);
    expect(await deliver(DAY_MS)).toBe(0);
    expect(pushes()).toHaveLength(3);
    const last = pushes().at(-1) as Received;
    expect(signedWith(last, "k")).toBe(true);
    expect(last.body).toContain("Try again");
    const row = n.db.select().from(deliveries).where(eq(deliveries.kind, "websub")).get();
    expect(row?.status).toBe("done");
    const attempts = n.db
      .select()
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.deliveryId, row?.id ?? 0))
      .orderBy(deliveryAttempts.id)
      .all();
    expect(attempts.map((a) => a.status)).toEqual([500, 503, 200]);
  });

  it("a callback the outgoing rules now refuse is not retried", async () => {
    await activeSub(`${BASE}/atom.xml`);
    publish("Refused");
    pumpSiteEvents(n.db, consumers);
    delete process.env.OUTBOUND_ALLOW_HOSTS;
    try {
      expect(await deliver()).toBe(1);
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1";
    }
    expect(n.db.select().from(deliveries).where(eq(deliveries.kind, "websub")).get()?.status).toBe(
      "dead",
    );
    expect(await deliver(DAY_MS)).toBe(0);
    expect(pushes()).toEqual([]);
  });

  it("a 410 Gone ends the subscription", async () => {
    await activeSub(`${BASE}/atom.xml`);
    postAnswers.push(410);
    publish("Gone away");
    pumpSiteEvents(n.db, consumers);
    await deliver();
    expect(subs()).toEqual([]);
    expect(await deliver(DAY_MS)).toBe(0);
  });
});

describe("with the background jobs running", () => {
  it("a verified subscriber gets a correctly signed feed within 5 s of a publish", async () => {
    startSiteEvents(
      () => n.db,
      consumers,
      () => {},
    );
    startDeliveryWorker(
      () => n.db,
      handlers,
      () => {},
    );
    try {
      expect((await subscribe(`${BASE}/atom.xml`, { "hub.secret": "fast" })).status).toBe(202);
      await waitFor(() => subs()[0]?.status === "active", 5000);
      const publishedAt = Date.now();
      publish("Breaking");
      await waitFor(() => pushes().length > 0, 5000);
      expect(Date.now() - publishedAt).toBeLessThan(5000);
      const [push] = pushes();
      expect(push?.body).toContain("Breaking");
      expect(signedWith(push as Received, "fast")).toBe(true);
    } finally {
      stopSiteEvents();
      await stopDeliveryWorker();
    }
  });
});

async function waitFor(check: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
