/**
 * The WebSub hub on the real server (docs/integrations.md "WebSub"): a subscriber on 127.0.0.2
 * (named in OUTBOUND_ALLOW_HOSTS) subscribes to the site's Atom feed, has its intent verified,
 * and receives the new feed, signed with its secret, within 5 s of a publish — the events pump
 * and the delivery worker running as `npm start` runs them.
 */
import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import {
  type Recorded,
  type RecordingServer,
  startRecordingServer,
} from "../support/recording-server";
import { E2E_PORT_BASE, type E2EServer, startServer, stopServer } from "./fixtures";

test.describe.configure({ mode: "serial" });

const PORT = E2E_PORT_BASE + 60;
const SECRET = "a subscriber's secret";

let server: E2EServer & { child: Parameters<typeof stopServer>[0] };
let subscriber: RecordingServer;

test.beforeAll(async () => {
  subscriber = await startRecordingServer(
    (r) =>
      r.method === "GET"
        ? { status: 200, body: r.query.get("hub.challenge") ?? "" }
        : { status: 204 },
    E2E_PORT_BASE + 61,
    "127.0.0.2",
  );
  server = await startServer(PORT, { OUTBOUND_ALLOW_HOSTS: "127.0.0.2" });
});

test.afterAll(async () => {
  await stopServer(server.child);
  await subscriber.close();
});

async function until<T>(find: () => T | undefined, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`nothing within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test("a subscriber is verified, then pushed the signed feed within 5 s of a publish", async () => {
  const topic = `${server.url}/atom.xml`;
  const asked = await fetch(`${server.url}/websub`, {
    method: "POST",
    body: new URLSearchParams({
      "hub.mode": "subscribe",
      "hub.topic": topic,
      "hub.callback": `${subscriber.origin}/push`,
      "hub.secret": SECRET,
    }),
  });
  expect(asked.status).toBe(202);
  const check = await until(() => subscriber.received.find((r) => r.method === "GET"), 5000);
  expect(check.query.get("hub.topic")).toBe(topic);
  await until(
    () =>
      server.queryOne<{ status: string } | undefined>(
        "select status from websub_subscriptions where status = 'active'",
      ),
    5000,
  );

  const post = server.queryOne<{ id: number }>(
    "select id from posts where status = 'published' order by id limit 1",
  );
  const title = `Pushed by the hub ${Date.now()}`;
  server.withDb((db) => db.prepare("update posts set status = 'draft' where id = ?").run(post.id));
  await until(() => subscriber.received.find((r) => r.method === "POST"), 5000);
  subscriber.received.length = 0;
  const publishedAt = Date.now();
  server.withDb((db) =>
    db.prepare("update posts set status = 'published', title = ? where id = ?").run(title, post.id),
  );
  const push: Recorded = await until(
    () => subscriber.received.find((r) => r.method === "POST" && r.body.includes(title)),
    5000,
  );
  expect(Date.now() - publishedAt).toBeLessThan(5000);
  expect(push.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
  expect(push.headers.link).toBe(`<${server.url}/websub>; rel="hub", <${topic}>; rel="self"`);
  const expected = createHmac("sha256", SECRET).update(push.body).digest("hex");
  expect(push.headers["x-hub-signature"]).toBe(`sha256=${expected}`);
});
