/**
 * The durable delivery queue (app/platform/delivery-queue.server.ts), the site events that feed it
 * (app/platform/site-events.server.ts) and the guarded outgoing requests
 * (app/platform/outbound-http.server.ts): exactly once, retries with backoff until the give-up
 * time, a row left by a killed worker taken again after its lease, private addresses refused.
 */
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { posts, siteEvents } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { DELIVERY_HOLDER, releaseOrphanedDeliveries } from "~/platform/delivery-leases.server";
import {
  DELIVERY_LEASE_MS,
  type DeliveryHandler,
  deliveryLog,
  enqueueDelivery,
  MAX_IN_FLIGHT,
  redeliver,
  retryDelayMs,
  runDueDeliveries,
} from "~/platform/delivery-queue.server";
import {
  MIN_IN_FLIGHT,
  nextLimit,
  startDeliveryWorker,
  stopDeliveryWorker,
} from "~/platform/delivery-worker.server";
import { assertReachable, OutboundError, outboundRequest } from "~/platform/outbound-http.server";
import { pumpSiteEvents, type SiteEvent, skipSiteEvents } from "~/platform/site-events.server";
import { representationPath } from "~/web/negotiation-node.server";
import { makePost, makeUser } from "./fixtures";

let server: Server;
let base = "";
let answer = 200;
const received: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push(body);
      if (req.url === "/redirect") {
        res.writeHead(302, { Location: "/ok" }).end();
        return;
      }
      res.writeHead(answer, { "Content-Type": "text/plain" }).end(`answer ${answer}`);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
afterEach(() => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  received.length = 0;
  answer = 200;
  getDb().$client.prepare("DELETE FROM deliveries").run();
});

const post: DeliveryHandler = {
  async send(row) {
    const response = await outboundRequest({ url: row.target, method: "POST", body: row.payload });
    return {
      ok: response.status < 300,
      status: response.status,
      excerpt: response.body.toString(),
      error: response.status < 300 ? undefined : `answered ${response.status}`,
    };
  },
};

function rowOf(id: number) {
  return getDb().$client.prepare("SELECT * FROM deliveries WHERE id = ?").get(id) as {
    status: string;
    attempts: number;
    next_at: number;
    last_status: number | null;
  };
}

describe("outgoing requests", () => {
  test("loopback is refused unless OUTBOUND_ALLOW_HOSTS names the host", async () => {
    await expect(outboundRequest({ url: `${base}/x` })).rejects.toThrow(
      /127\.0\.0\.1 is on a private network address/,
    );
    await expect(assertReachable("http://10.0.0.1/")).rejects.toBeInstanceOf(OutboundError);
    await expect(assertReachable("ftp://example.com/")).rejects.toThrow(/only http and https/);
    process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1";
    const response = await outboundRequest({ url: `${base}/redirect` });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${base}/ok`);
  });

  test("a POST answers its redirect instead of following it", async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1";
    const response = await outboundRequest({ url: `${base}/redirect`, method: "POST", body: "x" });
    expect(response.status).toBe(302);
  });
});

describe("the delivery queue", () => {
  test("a key is queued once; a success is never sent again", async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1";
    const db = getDb();
    const id = enqueueDelivery(db, {
      kind: "test",
      key: "k1",
      target: `${base}/in`,
      payload: "hello",
    });
    expect(id).not.toBeNull();
    expect(
      enqueueDelivery(db, { kind: "test", key: "k1", target: `${base}/in`, payload: "again" }),
    ).toBeNull();
    expect(await runDueDeliveries(db, { test: post })).toBe(1);
    expect(await runDueDeliveries(db, { test: post }, Date.now() + 10 * DELIVERY_LEASE_MS)).toBe(0);
    expect(received).toEqual(["hello"]);
    expect(rowOf(id as number)).toMatchObject({ status: "done", attempts: 1, last_status: 200 });
    expect(deliveryLog(db, id as number)).toHaveLength(1);
  });

  test("failures retry with backoff, then the row is dead after its give-up time", async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1";
    answer = 503;
    const db = getDb();
    const id = enqueueDelivery(db, {
      kind: "test",
      key: "k2",
      target: `${base}/in`,
      payload: "p",
      giveUpAfterMs: 10 * 60_000,
    }) as number;
    let now = Date.now();
    await runDueDeliveries(db, { test: post }, now);
    const first = rowOf(id);
    expect(first).toMatchObject({ status: "pending", attempts: 1, last_status: 503 });
    expect(first.next_at - Date.now()).toBeGreaterThan(retryDelayMs(1, 0) - 1000);
    // Not due before its time.
    expect(await runDueDeliveries(db, { test: post }, now + 1000)).toBe(0);
    for (let i = 0; i < 10 && rowOf(id).status === "pending"; i++) {
      now = rowOf(id).next_at;
      await runDueDeliveries(db, { test: post }, now);
    }
    expect(rowOf(id).status).toBe("dead");
    expect(deliveryLog(db, id).length).toBe(rowOf(id).attempts);
    // Redeliver: a fresh copy, sent once it recovers.
    answer = 200;
    const again = redeliver(db, id);
    await runDueDeliveries(db, { test: post });
    expect(rowOf(again)).toMatchObject({ status: "done" });
  });

  test("a row left by a killed worker is taken again once its lease passed, and only then", async () => {
    process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1";
    const db = getDb();
    const id = enqueueDelivery(db, {
      kind: "test",
      key: "k3",
      target: `${base}/in`,
      payload: "once",
    }) as number;
    // A worker that takes the row and dies before writing the outcome.
    const hang: DeliveryHandler = { send: () => new Promise(() => undefined) };
    void runDueDeliveries(db, { test: hang });
    await new Promise((r) => setTimeout(r, 20));
    expect(rowOf(id).status).toBe("sending");
    expect(await runDueDeliveries(db, { test: post })).toBe(0);
    expect(await runDueDeliveries(db, { test: post }, Date.now() + DELIVERY_LEASE_MS + 1)).toBe(1);
    expect(received).toEqual(["once"]);
    expect(rowOf(id).status).toBe("done");
  });

  test("rows taken by a process that is gone are due again at once; a running one keeps its own", async () => {
    const db = getDb();
    // A process that ran and exited: its pid names no process now.
    const child = spawn(process.execPath, ["-e", ""]);
    await new Promise((done) => child.on("exit", done));
    const holders = {
      gone: `${child.pid}-old`,
      // This pid before a restart (a container's first process has the same pid every time).
      samePid: `${process.pid}-before`,
      running: `${process.ppid}-abc`,
      me: DELIVERY_HOLDER,
    };
    const later = Date.now() + DELIVERY_LEASE_MS;
    const ids = Object.fromEntries(
      Object.entries(holders).map(([name, holder]) => {
        const id = enqueueDelivery(db, {
          kind: "test",
          key: `held-${name}`,
          target: `${base}/in`,
          payload: name,
        }) as number;
        db.$client
          .prepare(
            "UPDATE deliveries SET status = 'sending', next_at = ?, lease_until = ?, leased_by = ? WHERE id = ?",
          )
          .run(later, later, holder, id);
        return [name, id];
      }),
    );
    const now = Date.now();
    expect(releaseOrphanedDeliveries(db, now)).toBe(2);
    const state = (name: string) => {
      const row = rowOf(ids[name] as number);
      return [row.status, row.next_at === now ? "now" : "later"];
    };
    expect(state("gone")).toEqual(["pending", "now"]);
    expect(state("samePid")).toEqual(["pending", "now"]);
    expect(state("running")).toEqual(["sending", "later"]);
    expect(state("me")).toEqual(["sending", "later"]);
  });
});

describe("the delivery worker's pace", () => {
  test("sends in flight halve while the process is busy and grow by one while it is calm", () => {
    expect(nextLimit(16, 0.9)).toBe(8);
    expect(nextLimit(3, 0.9)).toBe(MIN_IN_FLIGHT);
    expect(nextLimit(MIN_IN_FLIGHT, 1)).toBe(MIN_IN_FLIGHT);
    expect(nextLimit(4, 0.1)).toBe(5);
    expect(nextLimit(MAX_IN_FLIGHT, 0)).toBe(MAX_IN_FLIGHT);
    expect(nextLimit(6, 0.6)).toBe(6);
  });

  test("slow servers, a calm process: many sends wait on the network at once, each row once", async () => {
    const db = getDb();
    let now = 0;
    let most = 0;
    const sent: number[] = [];
    const slow: DeliveryHandler = {
      async send(row) {
        now++;
        most = Math.max(most, now);
        await new Promise((r) => setTimeout(r, 60));
        now--;
        sent.push(row.id);
        return { ok: true, status: 202 };
      },
    };
    const ids = Array.from({ length: 40 }, (_, i) =>
      enqueueDelivery(db, { kind: "slow", key: `slow-${i}`, target: "", payload: "" }),
    );
    startDeliveryWorker(
      () => db,
      { slow },
      () => undefined,
    );
    try {
      for (let waited = 0; sent.length < ids.length && waited < 20_000; waited += 20) {
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await stopDeliveryWorker();
    }
    expect([...sent].sort((a, b) => a - b)).toEqual(ids);
    expect(most).toBeGreaterThan(MIN_IN_FLIGHT * 2);
    expect(most).toBeLessThanOrEqual(MAX_IN_FLIGHT);
  });
});

describe("site events", () => {
  test("publishing, editing and trashing a post are events, handed to each consumer once", () => {
    const db = getDb();
    skipSiteEvents(db);
    const seen: string[] = [];
    const consumer = (_db: unknown, event: SiteEvent) => {
      seen.push(`${event.topic}:${event.subjectId}`);
    };
    // A consumer seen for the first time starts after the newest event.
    pumpSiteEvents(db, { test: consumer });
    expect(seen).toEqual([]);
    const author = makeUser("Editor");
    const draft = makePost({ title: "An event", author, status: "draft" });
    db.update(posts).set({ status: "published" }).where(eq(posts.id, draft.id)).run();
    db.update(posts).set({ title: "Changed", version: 2 }).where(eq(posts.id, draft.id)).run();
    db.update(posts).set({ views: 10 }).where(eq(posts.id, draft.id)).run();
    db.update(posts).set({ status: "trash" }).where(eq(posts.id, draft.id)).run();
    expect(pumpSiteEvents(db, { test: consumer })).toBeGreaterThan(0);
    expect(seen).toEqual([
      `post.published:${draft.id}`,
      `post.updated:${draft.id}`,
      `post.deleted:${draft.id}`,
    ]);
    expect(pumpSiteEvents(db, { test: consumer })).toBe(0);
    const deleted = db.select().from(siteEvents).all().at(-1);
    expect(deleted?.data).toMatchObject({ title: "Changed" });
  });
});

describe("negotiation", () => {
  test("posts, authors and the home page by Accept; .md by suffix", () => {
    expect(representationPath("/12/crypto/a-story", "text/html,*/*")).toBeNull();
    expect(representationPath("/12/crypto/a-story", "application/activity+json")).toBe(
      "/ap/posts/12",
    );
    expect(
      representationPath(
        "/12/crypto/a-story",
        'application/ld+json; profile="https://www.w3.org/ns/activitystreams"',
      ),
    ).toBe("/ap/posts/12");
    expect(representationPath("/12/crypto/a-story.md", undefined)).toBe("/md/posts/12");
    expect(representationPath("/12/crypto/a-story", "text/markdown, text/html;q=0.5")).toBe(
      "/md/posts/12",
    );
    expect(representationPath("/12/crypto/a-story", "text/html, text/markdown;q=0.5")).toBeNull();
    expect(representationPath("/author/ann", "application/activity+json")).toBe("/ap/authors/ann");
    expect(representationPath("/", "application/activity+json, application/ld+json")).toBe(
      "/ap/site",
    );
    expect(representationPath("/category/crypto", "application/activity+json")).toBeNull();
  });
});
