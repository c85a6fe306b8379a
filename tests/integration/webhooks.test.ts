/**
 * Webhooks (docs/integrations.md "Webhooks") against a real HTTP receiver on 127.0.0.1: events
 * from the site's triggers, signed as a receiver checks them, retried on the queue's schedule
 * (the clock driven through runDueDeliveries), delivered exactly once across a restart, a webhook
 * failing for 24 hours disabled with an alert, private targets refused without the setting, and
 * the JSON API for Administrators only.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliveries, notifications, webhooks } from "#db/schema";
import { submitComment } from "~/domain/comments/submit.server";
import {
  USER_AGENT,
  webhookDelivery,
  webhooksConsumer,
} from "~/domain/integrations/webhook-delivery.server";
import { webhookDeliveries } from "~/domain/integrations/webhook-log.server";
import {
  addWebhook,
  enableWebhook,
  getWebhook,
  listWebhooks,
  redeliverWebhook,
  sendTestWebhook,
} from "~/domain/integrations/webhooks.server";
import { savePost } from "~/domain/posts/editing.server";
import { writeSubscriber } from "~/domain/subscribers/writer.server";
import { getDb } from "~/platform/db.server";
import { runDueDeliveries } from "~/platform/delivery-queue.server";
import { pumpSiteEvents } from "~/platform/site-events.server";
import { action as addApi } from "~/routes/api.webhooks-add";
import { loader as listApi } from "~/routes/api.webhooks-list";
import { action as removeApi } from "~/routes/api.webhooks-remove";
import { resetDatabase } from "../helpers";
import { callRoute, caught, get, postJson, setupNewsroom } from "./fixtures";

type Received = { headers: Record<string, string>; body: string; path: string };

let server: Server;
let origin = "";
const received: Received[] = [];
/** What the receiver answers next. */
let answer = 200;

const handlers = { webhook: webhookDelivery };
const consumers = { webhooks: webhooksConsumer };
let n: ReturnType<typeof setupNewsroom>;

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1";
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = String(v);
      received.push({ headers, body, path: req.url ?? "" });
      res.writeHead(answer, { "Content-Type": "text/plain" }).end(`answered ${answer}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  resetDatabase();
  n = setupNewsroom();
  received.length = 0;
  answer = 200;
});

const admin = () => n.staff.admin;

async function hook(events: string[], path = "/hook", secret = "") {
  return addWebhook(getDb(), admin(), {
    name: "Receiver",
    url: `${origin}${path}`,
    events,
    secret,
  });
}

/** Checks the signature as a receiver would: HMAC-SHA256(secret, t + "." + body), in hex. */
function verify(r: Received, secret: string): boolean {
  const parts = Object.fromEntries(
    (r.headers["x-inkwell-signature"] ?? "")
      .split(",")
      .map((p) => p.split("=") as [string, string]),
  );
  if (!parts.t || !parts.v1) return false;
  if (Math.abs(Date.now() / 1000 - Number(parts.t)) > 300) return false;
  const expected = createHmac("sha256", secret).update(`${parts.t}.${r.body}`).digest();
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function publish(title: string) {
  return savePost(admin(), {
    action: "publish",
    title,
    category: "Crypto",
    summary: "A summary.",
    content: "<p>Words.</p>",
    tags: [],
    photo: null,
    socialCard: null,
  });
}

const body = (r: Received | undefined) => JSON.parse(r?.body ?? "null");
const rowsOf = (db = getDb()) => db.select().from(deliveries).orderBy(deliveries.id).all();

describe("events", () => {
  it("publishing a post delivers one correctly signed post.published", async () => {
    const wh = await hook(["post.published"]);
    expect(wh.secret).toMatch(/^whsec_/);
    const saved = publish("Rates on hold");
    const db = getDb();
    expect(pumpSiteEvents(db, consumers)).toBeGreaterThan(0);
    expect(await runDueDeliveries(db, handlers)).toBe(1);
    expect(received).toHaveLength(1);
    const [r] = received;
    expect(r?.headers["content-type"]).toMatch(/^application\/json/);
    expect(r?.headers["user-agent"]).toBe(USER_AGENT);
    expect(r?.headers["x-inkwell-event"]).toBe("post.published");
    expect(r?.headers["x-inkwell-delivery"]).toBe(String(rowsOf()[0]?.id));
    expect(verify(r as Received, wh.secret)).toBe(true);
    expect(verify(r as Received, "another secret")).toBe(false);
    const payload = body(r);
    expect(payload).toMatchObject({ event: "post.published", data: { title: "Rates on hold" } });
    expect(payload.id).toMatch(/^evt_\d+$/);
    expect(payload.data.url).toMatch(/^https?:\/\/.+\/crypto\/rates-on-hold$/);
    expect(payload.data.status).toBe("published");
    expect(payload.data.authors).toEqual([expect.objectContaining({ name: admin().name })]);
    expect(payload.data.id).toBe(saved.post.id);
    // Nothing more: the row is done.
    expect(await runDueDeliveries(db, handlers, Date.now() + 10 * 3600_000)).toBe(0);
    expect(received).toHaveLength(1);
  });

  it("only follows the events chosen, and a disabled webhook is sent nothing", async () => {
    await hook(["comment.added"]);
    publish("Not followed");
    pumpSiteEvents(getDb(), consumers);
    expect(rowsOf()).toHaveLength(0);
  });

  it("subscriber.added, subscriber.unsubscribed and comment.added fire", async () => {
    await hook(["subscriber.added", "subscriber.unsubscribed", "comment.added"]);
    const db = getDb();
    const sub = writeSubscriber(db, {
      name: "Rita",
      email: "rita@example.org",
      status: "Active",
      audience: ["News"],
    }) as { id: number };
    writeSubscriber(db, { id: sub.id, status: "Unsubscribed" });
    const post = publish("Open for comments").post;
    pumpSiteEvents(db, consumers);
    submitComment(
      db,
      post.id,
      { name: "Cy", email: "cy@example.org", body: "Nice." },
      {
        address: "10.9.9.9",
      },
    );
    pumpSiteEvents(db, consumers);
    await runDueDeliveries(db, handlers);
    const byEvent = Object.fromEntries(
      received.map((r) => [r.headers["x-inkwell-event"], body(r)]),
    );
    expect(byEvent["subscriber.added"].data).toMatchObject({
      email: "rita@example.org",
      name: "Rita",
      audiences: ["News"],
    });
    expect(byEvent["subscriber.unsubscribed"].data).toMatchObject({
      email: "rita@example.org",
      status: "Unsubscribed",
    });
    expect(byEvent["comment.added"].data).toMatchObject({
      name: "Cy",
      body: "Nice.",
      post: { title: "Open for comments" },
    });
    expect(byEvent["comment.added"].data.email).toBeUndefined();
  });
});

describe("retries and exactly once", () => {
  it("a failing receiver is retried on the schedule, then redelivered after it recovers", async () => {
    const wh = await hook(["post.published"]);
    answer = 500;
    publish("Flaky");
    const db = getDb();
    pumpSiteEvents(db, consumers);
    const t0 = Date.now();
    expect(await runDueDeliveries(db, handlers, t0)).toBe(1);
    // The first retry comes about 30 s later (±10 %), not before.
    expect(await runDueDeliveries(db, handlers, t0 + 20_000)).toBe(0);
    expect(await runDueDeliveries(db, handlers, t0 + 34_000)).toBe(1);
    // The second about 60 s after that.
    expect(await runDueDeliveries(db, handlers, t0 + 34_000 + 50_000)).toBe(0);
    expect(await runDueDeliveries(db, handlers, t0 + 34_000 + 67_000)).toBe(1);
    expect(received).toHaveLength(3);
    const stored = db.select().from(webhooks).get();
    expect(stored?.failingSince).not.toBeNull();
    // The receiver recovers: the next retry succeeds and clears the failing mark.
    answer = 200;
    expect(await runDueDeliveries(db, handlers, t0 + 34_000 + 67_000 + 135_000)).toBe(1);
    expect(db.select().from(webhooks).get()?.failingSince).toBeNull();
    const log = webhookDeliveries(db, admin(), wh.uid);
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]?.status).toBe("done");
    expect(log.deliveries[0]?.log.map((a) => a.status)).toEqual([200, 500, 500, 500]);
    expect(log.deliveries[0]?.log[1]?.excerpt).toBe("answered 500");
    // Redeliver: a fresh copy, sent once more with the same event id.
    const again = redeliverWebhook(db, admin(), wh.uid, String(log.deliveries[0]?.id));
    expect(await runDueDeliveries(db, handlers, t0 + 500_000)).toBe(1);
    expect(received).toHaveLength(5);
    expect(body(received[4]).id).toBe(body(received[0]).id);
    expect(received[4]?.headers["x-inkwell-delivery"]).toBe(String(again));
    expect(webhookDeliveries(db, admin(), wh.uid).deliveries).toHaveLength(2);
  });

  it("is delivered exactly once across a restart", async () => {
    await hook(["post.published"]);
    publish("Once");
    publish("Taken by a worker that died");
    const db = getDb();
    pumpSiteEvents(db, consumers);
    const [first, second] = rowsOf();
    expect(await runDueDeliveries(db, handlers)).toBe(2);
    expect(received).toHaveLength(2);
    // Consuming the same events again (a restart replaying) queues nothing new.
    pumpSiteEvents(db, consumers);
    expect(rowsOf()).toHaveLength(2);
    // The second row left `sending` by a worker killed mid-send.
    const now = Date.now();
    db.update(deliveries)
      .set({ status: "sending", nextAt: now + 60_000, leaseUntil: now + 60_000, doneAt: null })
      .where(eq(deliveries.id, second?.id ?? 0))
      .run();
    expect(await runDueDeliveries(db, handlers, now + 1_000)).toBe(0);
    expect(await runDueDeliveries(db, handlers, now + 61_000)).toBe(1);
    expect(await runDueDeliveries(db, handlers, now + 3_600_000)).toBe(0);
    expect(received.map((r) => r.headers["x-inkwell-delivery"])).toEqual([
      String(first?.id),
      String(second?.id),
      String(second?.id),
    ]);
  });

  it("24 hours of failures disable the webhook and alert the Administrators", async () => {
    const wh = await hook(["post.published"]);
    answer = 500;
    publish("Down for a day");
    const db = getDb();
    pumpSiteEvents(db, consumers);
    const t0 = Date.now();
    for (let t = t0; t <= t0 + 26 * 3600_000; t += 70 * 60_000) {
      await runDueDeliveries(db, handlers, t);
    }
    const stored = getWebhook(db, admin(), wh.uid);
    expect(stored.enabled).toBe(false);
    expect(stored.disabledReason).toMatch(/24 hours.*HTTP 500/);
    const alert = db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, "webhook-disabled"))
      .get();
    expect(alert?.message).toContain("Receiver");
    expect(alert?.link).toBe(`/admin/integrations/webhooks/${wh.uid}`);
    // Disabled: the next event is not queued; enabled again, it is.
    const before = rowsOf().length;
    publish("While disabled");
    pumpSiteEvents(db, consumers);
    expect(rowsOf()).toHaveLength(before);
    enableWebhook(db, admin(), wh.uid);
    publish("After enabling");
    pumpSiteEvents(db, consumers);
    expect(rowsOf()).toHaveLength(before + 1);
  });

  it("a test ping is delivered and logged but never marks the webhook", async () => {
    const wh = await hook(["post.published"]);
    answer = 500;
    const db = getDb();
    sendTestWebhook(db, admin(), wh.uid);
    await runDueDeliveries(db, handlers);
    expect(received[0]?.headers["x-inkwell-event"]).toBe("ping");
    expect(body(received[0]).data.webhook.uid).toBe(wh.uid);
    expect(db.select().from(webhooks).get()?.failingSince).toBeNull();
  });
});

describe("targets", () => {
  it("a private address is refused without OUTBOUND_ALLOW_HOSTS", async () => {
    delete process.env.OUTBOUND_ALLOW_HOSTS;
    try {
      const refused = await caught(() => hook(["post.published"]));
      expect(refused.status).toBe(400);
      expect(refused.message).toMatch(/^url: /);
      expect(listWebhooks(getDb(), admin())).toEqual([]);
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1";
    }
  });

  it("only http(s), at least one known event", async () => {
    const db = getDb();
    expect(
      (await caught(() => addWebhook(db, admin(), { url: "ftp://x/", events: ["post.published"] })))
        .status,
    ).toBe(400);
    expect(
      (await caught(() => addWebhook(db, admin(), { url: `${origin}/`, events: [] }))).message,
    ).toMatch(/events/);
    expect(
      (await caught(() => addWebhook(db, admin(), { url: `${origin}/`, events: ["post.liked"] })))
        .status,
    ).toBe(400);
  });
});

describe("JSON API", () => {
  it("lists, adds and removes for Administrators; refuses Editors", async () => {
    const key = admin().apiKey;
    const added = await callRoute(
      addApi,
      postJson("/webhooks/add", {
        body: {
          key,
          name: "CI",
          url: `${origin}/ci`,
          events: ["post.published", "newsletter.sent"],
        },
      }),
    );
    expect(added.status).toBe(200);
    const created = added.body.webhook as { uid: string; secret: string; events: string[] };
    expect(created.events).toEqual(["post.published", "newsletter.sent"]);
    expect(created.secret).toMatch(/^whsec_/);

    const listed = await callRoute(listApi, get(`/get/webhooks?key=${key}`));
    expect(listed.status).toBe(200);
    const list = listed.body.webhooks as Record<string, unknown>[];
    expect(list.map((w) => w.uid)).toEqual([created.uid]);
    expect(list[0]?.secret).toBeUndefined();

    const editorKey = n.staff.editor.apiKey;
    expect((await callRoute(listApi, get(`/get/webhooks?key=${editorKey}`))).status).toBe(403);
    const editorAdd = await callRoute(
      addApi,
      postJson("/webhooks/add", {
        body: { key: editorKey, url: `${origin}/x`, events: ["post.published"] },
      }),
    );
    expect(editorAdd.status).toBe(403);
    const editorRemove = await callRoute(
      removeApi,
      postJson(`/webhooks/remove/${created.uid}`, { body: { key: editorKey } }),
      { uid: created.uid },
    );
    expect(editorRemove.status).toBe(403);
    expect((await callRoute(listApi, get("/get/webhooks"))).status).toBe(401);

    const removed = await callRoute(
      removeApi,
      postJson(`/webhooks/remove/${created.uid}`, { body: { key } }),
      { uid: created.uid },
    );
    expect(removed.status).toBe(200);
    const gone = await callRoute(
      removeApi,
      postJson(`/webhooks/remove/${created.uid}`, { body: { key } }),
      { uid: created.uid },
    );
    expect(gone.status).toBe(404);
    expect(listWebhooks(getDb(), admin())).toEqual([]);
  });
});
