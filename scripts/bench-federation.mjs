// `npm run bench:federation`: one post to 10,000 fediverse followers on 1,000 shared inboxes
// (docs/federation.md "What is sent"), through the production server's real site-event consumer,
// delivery queue and signed POSTs, while readers keep reading a post page.
//
// A fresh data folder; `node server.js` (port BENCH_PORT, default 4870) with
// OUTBOUND_ALLOW_HOSTS=127.0.0.1; a receiving server in this process on BENCH_PORT + 1 that serves
// the 1,000 shared inboxes (`/inbox/<n>`), checks each POST's Digest and draft-cavage signature
// against the site actor's key, answers 202 and records which inbox got the Create of the post.
// The followers (ap_remote_actors and accepted ap_followers of the site actor) are written straight
// into the database; the post is published with the Administrator's apiKey (`POST /posts/add`).
// Reports the time from the publish request to the last inbox having its Create, and the reader
// page's p50/p99 under a steady load (BENCH_READ_RATE requests a second) during the delivery,
// beside a reference run of the same load, the same length, without it (same sitting). Figures,
// not assertions: run it on a quiet machine. The exit code is 1 when an inbox got no Create, got
// it twice, or got one whose signature or digest did not verify.
//
//   BENCH_PORT (default 4870; uses two ports), BENCH_FOLLOWERS (10,000), BENCH_INBOXES (1,000),
//   BENCH_READ_RATE (200 requests/s), BENCH_CONNECTIONS (8), BENCH_SECONDS (the least a reader
//   run lasts, 10), BENCH_TIMEOUT (seconds to wait for the deliveries, 90), BENCH_TRACE (set: list
//   the readers' answers over 20 ms, by when they were due), BENCH_INBOX_DELAY_MS (each inbox
//   answers after this long, as distant servers do; 0)
import { createHash, createPublicKey, generateKeyPairSync, verify } from "node:crypto";
import { createServer } from "node:http";
import { join } from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { startBenchServer } from "./bench-server.mjs";
import { steadyReaders } from "./steady-readers.mjs";

const port = Number(process.env.BENCH_PORT ?? 4870);
const inboxPort = port + 1;
const followers = Number(process.env.BENCH_FOLLOWERS ?? 10_000);
const inboxes = Number(process.env.BENCH_INBOXES ?? 1_000);
const readRate = Number(process.env.BENCH_READ_RATE ?? 200);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const minSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const timeoutMs = Number(process.env.BENCH_TIMEOUT ?? 90) * 1000;
/** How long each inbox takes to answer, as servers across the internet do (0: at once). */
const inboxDelayMs = Number(process.env.BENCH_INBOX_DELAY_MS ?? 0);
for (const [name, value] of Object.entries({ followers, inboxes, readRate, connections })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}: a whole number ≥ 1`);
}
if (inboxes > followers) throw new Error("BENCH_INBOXES may not exceed BENCH_FOLLOWERS");

const remoteOrigin = `http://127.0.0.1:${inboxPort}`;
const inboxUrl = (n) => `${remoteOrigin}/inbox/${n}`;

// The receiving side: every shared inbox of the followers' servers, on one port.
/** The site actor's public key: the product makes it on first use, so it is read at the first POST. */
let sitePublicKey = null;
let readSiteKey = () => null;
/** Per inbox number: the objects of the Creates that verified, and when the first came. */
const creates = new Map();
let badSignatures = 0;
let activityBytes = 0;
let otherActivities = 0;
let lastCreateAt = 0;
let firstCreateAt = 0;
let onCreate = () => {};

/** The draft-cavage signature of a request verified with the site actor's key: true or false. */
function signatureVerifies(req, body) {
  const digest = req.headers.digest;
  if (digest !== `SHA-256=${createHash("sha256").update(body).digest("base64")}`) return false;
  const params = Object.fromEntries(
    [...String(req.headers.signature ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
  sitePublicKey ??= readSiteKey();
  if (!params.headers || !params.signature || !sitePublicKey) return false;
  const names = params.headers.split(" ");
  if (!["(request-target)", "host", "date", "digest"].every((n) => names.includes(n))) return false;
  const base = names
    .map((name) =>
      name === "(request-target)"
        ? `(request-target): ${req.method.toLowerCase()} ${req.url}`
        : `${name}: ${req.headers[name] ?? ""}`,
    )
    .join("\n");
  return verify(
    "sha256",
    Buffer.from(base),
    sitePublicKey,
    Buffer.from(params.signature, "base64"),
  );
}

const receiver = createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const match = /^\/inbox\/(\d+)$/.exec(req.url ?? "");
    if (req.method !== "POST" || !match) {
      res.writeHead(404).end();
      return;
    }
    const body = Buffer.concat(chunks);
    if (!signatureVerifies(req, body)) {
      badSignatures++;
      res.writeHead(401).end();
      return;
    }
    let activity;
    try {
      activity = JSON.parse(body.toString("utf8"));
    } catch {
      activity = null;
    }
    // A Create of an Article: which post is checked once the publish has answered.
    if (activity?.type === "Create" && typeof activity.object?.id === "string") {
      const now = performance.now();
      const seen = creates.get(match[1]);
      if (seen) seen.objects.push(activity.object.id);
      else creates.set(match[1], { objects: [activity.object.id], at: now });
      if (!firstCreateAt) firstCreateAt = now;
      activityBytes = body.length;
      lastCreateAt = now;
      onCreate();
    } else {
      otherActivities++;
    }
    if (inboxDelayMs > 0) setTimeout(() => res.writeHead(202).end(), inboxDelayMs);
    else res.writeHead(202).end();
  });
});
await new Promise((resolve) => receiver.listen(inboxPort, "127.0.0.1", resolve));

const bench = await startBenchServer({
  port,
  prefix: "inkwell-bench-federation-",
  env: { ADMIN_EMAIL: "bench@inkwell.test", SEED_DEMO: "0", OUTBOUND_ALLOW_HOSTS: "127.0.0.1" },
});
const { base, dataDir } = bench;
const db = new Database(join(dataDir, "app.db"));
db.pragma("busy_timeout = 5000");

// API keys are stored encrypted; a plain key (api_key_hash null) is still accepted until the
// next start seals it (app/domain/accounts/secrets.server.ts).
const key = `bench-${crypto.randomUUID()}`;
db.prepare(
  "update users set api_key = ?, api_key_hash = null where id = (select id from users where role = 'Administrator' limit 1)",
).run(key);

async function api(path, body) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ key, ...body }),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
const content = `<p>${"The fediverse reads this too, from every server at once. ".repeat(30)}</p>
<ul><li>One</li><li><a href="https://example.com/x">Two</a></li></ul>`;
const publish = (title) =>
  api("/posts/add", {
    status: "published",
    title,
    category: "Bench",
    summary: "A post for the federation benchmark.",
    content,
  });
await api("/crud/add/doc", {
  collection: "categories",
  data: { name: "Bench", description: "Written by the federation benchmark" },
});
// The page the readers read: published before anyone follows, so it goes nowhere.
const readerPost = (await publish("What the readers read")).post;
const readerPath = new URL(readerPost.url, base).pathname;
// Followers are written only once the federation consumer has passed that post's event, so the
// readers' post is never sent to them.
const readerEvent = db
  .prepare(
    "select max(id) as id from site_events where topic = 'post.published' and subject_id = ?",
  )
  .get(readerPost.id).id;
const cursor = db.prepare("select last_id from site_event_cursors where consumer = 'federation'");
for (let waited = 0; !(cursor.get()?.last_id >= readerEvent); waited += 50) {
  if (waited > 15_000) {
    throw new Error("the federation site-event consumer did not run in 15 s: is it registered?");
  }
  await new Promise((r) => setTimeout(r, 50));
}

// The site actor's row, as publishing makes it when the product has not yet (its keys are made by
// the first delivery); its followers: `followers` remote accounts spread evenly over `inboxes`
// servers' shared inboxes, all accepted. One transaction.
const seedStart = performance.now();
const remoteKey = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
}).publicKey;
db.transaction(() => {
  db.prepare(
    `insert into ap_actors (kind, ref_id, public_key, private_key, created_at) values ('site', 0, '', '', ?)
     on conflict (kind, ref_id) do nothing`,
  ).run(Date.now());
  const site = db.prepare("select id from ap_actors where kind = 'site' and ref_id = 0").get();
  const remote = db.prepare(
    `insert into ap_remote_actors (uri, key_id, public_key, inbox, shared_inbox, handle, name, fetched_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const follow = db.prepare(
    `insert into ap_followers (actor_id, remote_uri, handle, server, inbox, shared_inbox, follow_id, status, created_at)
     values (?, ?, ?, ?, ?, ?, ?, 'accepted', ?)`,
  );
  const now = Date.now();
  for (let i = 0; i < followers; i++) {
    const uri = `${remoteOrigin}/users/reader${i}`;
    const handle = `@reader${i}@127.0.0.1:${inboxPort}`;
    const shared = inboxUrl(i % inboxes);
    remote.run(
      uri,
      `${uri}#main-key`,
      remoteKey,
      `${uri}/inbox`,
      shared,
      handle,
      `Reader ${i}`,
      now,
    );
    follow.run(
      site.id,
      uri,
      handle,
      `127.0.0.1:${inboxPort}`,
      `${uri}/inbox`,
      shared,
      `${uri}#follow`,
      now,
    );
  }
})();
const seedMs = performance.now() - seedStart;
const siteKeyRow = db.prepare(
  "select public_key from ap_actors where kind = 'site' and ref_id = 0",
);
readSiteKey = () => {
  const pem = siteKeyRow.get()?.public_key;
  return pem ? createPublicKey(pem) : null;
};

/** A steady reader load on the post page: `readRate` requests a second, open-loop. */
const readerLoad = () => steadyReaders(`${base}${readerPath}`, { rate: readRate, connections });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Warm-up: the page is kept and the code is compiled.
await autocannon({ url: `${base}${readerPath}`, connections, duration: 3 });

// The delivery, with readers reading meanwhile.
const reading = readerLoad();
await sleep(1000);
const cpuBefore = bench.cpuMs();
const started = performance.now();
const published = (await publish("Sent to ten thousand followers")).post;
const answeredMs = performance.now() - started;
// Counted on the keys' index (activities are keyed `ap:…`), so the polling reads no payloads.
const countQueued = db.prepare(
  "select count(*) as n from deliveries where key >= 'ap:' and key < 'ap;'",
);
let queuedMs = Number.NaN;
/** Why the wait ended early, when it did. */
let gaveUp = "";
let queueWatch;
const complete = await new Promise((resolve) => {
  onCreate = () => {
    if (creates.size >= inboxes) resolve(true);
  };
  onCreate();
  setTimeout(() => {
    gaveUp = `not within ${timeoutMs / 1000} s`;
    resolve(false);
  }, timeoutMs);
  queueWatch = setInterval(() => {
    const since = performance.now() - started;
    const queued = countQueued.get().n;
    if (queued >= inboxes) {
      queuedMs = since;
      clearInterval(queueWatch);
    } else if (queued === 0 && since > 15_000) {
      // The site-event pump runs every 250 ms: nothing after 15 s means no federation consumer.
      gaveUp = "nothing was queued in 15 s (is the federation consumer registered?)";
      resolve(false);
    }
  }, 20);
});
clearInterval(queueWatch);
const deliveryMs = (complete ? lastCreateAt : performance.now()) - started;
const serverCpuMs = bench.cpuMs() - cpuBefore;
// The readers keep reading at least `minSeconds` in all, so the percentiles have samples.
const readSoFar = performance.now() - started + 1000;
if (readSoFar < minSeconds * 1000) await sleep(minSeconds * 1000 - readSoFar);
const during = await reading.stop();
const runMs = performance.now() - started + 1000;

// The reference: the same load, as long (at most 40 s, so the whole stays near 2 minutes),
// nothing delivered.
const referenceMs = Math.min(runMs, Math.max(minSeconds * 1000, 40_000));
const referenceReaders = readerLoad();
await sleep(referenceMs);
const alone = await referenceReaders.stop();

const states = db
  .prepare(
    "select status, count(*) as n from deliveries where kind = 'activitypub' group by status",
  )
  .all();
/** Why rows are not done yet: the commonest last error. */
const lastError = db
  .prepare(
    `select coalesce(last_error, 'HTTP ' || last_status) as error, count(*) as n from deliveries
     where kind = 'activitypub' and status != 'done' and attempts > 0 group by 1 order by 2 desc limit 1`,
  )
  .get();
const expectedObject = `${base}/ap/posts/${published.id}`;
const got = [...creates.values()];
const right = got.filter((c) => c.objects.includes(expectedObject)).length;
const twice = got.filter((c) => c.objects.length > 1).length;
const wrong = got.filter((c) => c.objects.some((o) => o !== expectedObject)).length;
const missing = inboxes - right;

const s = (value) => `${(value / 1000).toFixed(2)} s`;
const figures = [
  ["followers (accepted, of the site actor)", followers.toLocaleString("en")],
  ["distinct shared inboxes", inboxes.toLocaleString("en")],
  ["each inbox answers after", `${inboxDelayMs} ms`],
  ["seeding them (one transaction)", s(seedMs)],
  ["POST /posts/add answered in", `${answeredMs.toFixed(0)} ms`],
  ["publish → all deliveries queued", Number.isFinite(queuedMs) ? s(queuedMs) : "–"],
  ["publish → first Create received", firstCreateAt ? s(firstCreateAt - started) : "–"],
  ["publish → last inbox has its Create", complete ? s(deliveryMs) : gaveUp],
  ["size of the Create (one signed POST each)", `${activityBytes.toLocaleString("en")} bytes`],
  ["inboxes with the Create", `${right} of ${inboxes}`],
  ["inboxes that got it twice", String(twice)],
  ["inboxes that got another post's Create", String(wrong)],
  ["requests refused (signature or digest)", String(badSignatures)],
  ["other activities received", String(otherActivities)],
  ["deliveries rows by state", states.map((r) => `${r.status} ${r.n}`).join(", ") || "none"],
  ["commonest failure of the rest", lastError ? `${lastError.error} (${lastError.n})` : "none"],
  ["deliveries per second", (creates.size / (deliveryMs / 1000)).toFixed(0)],
  ["server CPU, publish → last Create", `${serverCpuMs.toFixed(0)} ms`],
];
const width = Math.max(...figures.map(([k]) => k.length));
console.log(`\nFederation benchmark (${base}, inboxes on ${remoteOrigin})`);
for (const [k, v] of figures) console.log(`${k.padEnd(width)}  ${v}`);

const row = (name, r) => ({
  case: name,
  seconds: r.seconds.toFixed(1),
  requests: r.count,
  "p50 ms": r.p50.toFixed(1),
  "p99 ms": r.p99.toFixed(1),
  "max ms": r.max.toFixed(1),
  "over 20 ms": r.over,
  "errors/non-2xx": r.errors + r.non2xx,
});
console.log(
  `\nThe reader page ${readerPath}: ${readRate} requests/s, each timed from when it was due, on up to ${connections} connections`,
);
console.table([row("while delivering", during), row("reference, no delivery", alone)]);
if (process.env.BENCH_TRACE) {
  const at = performance.timeOrigin + started;
  console.log("Answers over 20 ms (due ms after the publish request, latency ms):");
  console.log(during.slow.map(([due, ms]) => `${Math.round(due - at)}:${ms}`).join(" "));
}
console.log("Figures are noisy on a shared machine; the targets: ≤ 60 s, reader p99 ≤ 20 ms.");

db.close();
bench.stop();
receiver.closeAllConnections();
await new Promise((r) => receiver.close(r));
process.exit(missing !== 0 || twice !== 0 || wrong !== 0 || badSignatures !== 0 ? 1 : 0);
