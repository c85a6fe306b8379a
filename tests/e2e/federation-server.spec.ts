/**
 * Federation on the real server (docs/federation.md, docs/integrations.md "Deliveries"): a Mastodon-
 * like server on 127.0.0.2 (named in OUTBOUND_ALLOW_HOSTS) with its own keys finds the site by
 * WebFinger, follows it with a signed Follow over HTTP, and gets a signed Accept. When the
 * product is killed with the Accept in flight, the restarted process gives the row back at once
 * (its taker is gone) instead of waiting out the minute's lease, and the Accept arrives once.
 */

import type { ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import {
  type FakeServer,
  signedInboxRequest,
  startFakeServer,
  verifyReceived,
} from "../integration/federation-fixture";
import {
  E2E_PORT_BASE,
  type E2EServer,
  serverEnv,
  spawnServer,
  startServer,
  stopServer,
} from "./fixtures";

test.describe.configure({ mode: "serial" });

const PORT = E2E_PORT_BASE + 70;

let server: E2EServer & { child: ChildProcess };
let remote: FakeServer;
const env = { OUTBOUND_ALLOW_HOSTS: "127.0.0.2" };

test.beforeAll(async () => {
  remote = await startFakeServer(["alice"], { host: "127.0.0.2", port: E2E_PORT_BASE + 71 });
  server = await startServer(PORT, env);
});

test.afterAll(async () => {
  await stopServer(server.child);
  await server.stop();
  await remote.close();
});

async function until<T>(what: string, ms: number, find: () => T | undefined): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`${what}: nothing within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test("a remote server follows the site, and the Accept in flight at a kill -9 arrives once after the restart", async () => {
  test.setTimeout(90_000);
  const actor = (await (
    await fetch(`${server.url}/`, { headers: { Accept: "application/activity+json" } })
  ).json()) as {
    id: string;
    preferredUsername: string;
    publicKey: { publicKeyPem: string };
  };
  expect(actor.id).toBe(`${server.url}/ap/site`);
  const resource = `acct:${actor.preferredUsername}@${new URL(server.url).host}`;
  const finger = (await (
    await fetch(`${server.url}/.well-known/webfinger?resource=${encodeURIComponent(resource)}`)
  ).json()) as { links: { rel: string; href: string }[] };
  expect(finger.links.find((l) => l.rel === "self")?.href).toBe(actor.id);

  // The Accept will hang at the remote: the product is killed while it waits for the answer.
  remote.holdPosts = true;
  const follow = signedInboxRequest(
    "/ap/inbox",
    {
      "@context": "https://www.w3.org/ns/activitystreams",
      id: `${remote.actor("alice")}#follow-kill`,
      type: "Follow",
      actor: remote.actor("alice"),
      object: actor.id,
    },
    { keyId: remote.keyId("alice"), privateKey: remote.privateKey, base: server.url },
  );
  const answered = await fetch(follow);
  expect(answered.status, await answered.text()).toBe(202);
  const inFlight = await until("the Accept sent", 15_000, () => remote.held[0]);
  expect(JSON.parse(inFlight.body).type).toBe("Accept");

  const killed = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGKILL");
  await killed;
  remote.holdPosts = false;
  let output = "";
  const restarted = await spawnServer({ ...serverEnv(PORT, server.dataDir), ...env }, (chunk) => {
    output += chunk;
  });
  server.child = restarted;
  const startedAt = Date.now();
  // Well inside the minute the row's lease would otherwise hold it.
  const accept = await until("the Accept after the restart", 20_000, () => remote.received[0]);
  test.info().annotations.push({
    type: "Accept after restart",
    description: `${Date.now() - startedAt} ms`,
  });
  expect(output).toMatch(/Took back 1 deliveries left by a process that stopped/);
  const activity = JSON.parse(accept.body) as { type: string; object: { id: string } };
  expect(activity.type).toBe("Accept");
  expect(activity.object.id).toBe(`${remote.actor("alice")}#follow-kill`);
  expect(verifyReceived(accept, actor.publicKey.publicKeyPem)).toBe(true);
  // Once: nothing more arrives, and the row is done.
  await new Promise((r) => setTimeout(r, 1500));
  expect(remote.received).toHaveLength(1);
  expect(
    server.queryOne<{ n: number }>(
      "select count(*) as n from deliveries where status = 'done' and payload like '%follow-kill%'",
    ).n,
  ).toBe(1);
  expect(
    server.queryOne<{ n: number }>(
      "select count(*) as n from ap_followers where remote_uri = ?",
      remote.actor("alice"),
    ).n,
  ).toBe(1);
});
