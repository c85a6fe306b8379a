// `npm run bench -- members`: what a signed-in member's page costs (docs/performance.md
// "Members"). A member's pages are never cached (docs/members.md "Signing in"), so each is a
// fresh render plus the session lookup; the reference is the same post rendered fresh for an
// anonymous reader (the product with PAGE_CACHE=0), and the anonymous cached page beside them,
// all in one run. A member session is written straight into the database, as a sign-in makes
// it (only the token's SHA-256 is stored). Prints req/s, p50, p99 and the server's CPU ms per
// request, and the ratio member/anonymous fresh. Figures, not assertions: a quiet machine.
//   BENCH_PORT (default 4840, uses two ports), BENCH_SECONDS (5), BENCH_CONNECTIONS (8),
//   BENCH_WARMUP (3)
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { join } from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { startBenchServer } from "./bench-server.mjs";

const port = Number(process.env.BENCH_PORT ?? 4840);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);

/** A member and a session of theirs in the server's database; the cookie that carries it. */
function memberCookie(dataDir) {
  const db = new Database(join(dataDir, "app.db"));
  const now = Date.now();
  const id = db
    .prepare(
      "INSERT INTO subscribers (uid, name, email, status, member_since, last_sign_in_at) VALUES (?, 'Bench Reader', 'bench-reader@example.com', 'Active', ?, ?) RETURNING id",
    )
    .get(randomUUID(), now, now).id;
  const token = randomBytes(32).toString("base64url");
  db.prepare(
    "INSERT INTO member_sessions (token_hash, subscriber_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)",
  ).run(createHash("sha256").update(token).digest("hex"), id, now, now);
  db.close();
  return `inkwell_member=${token}`;
}

async function measure(server, path, headers = {}) {
  const url = `${server.base}${path}`;
  await autocannon({ url, connections, duration: warmup, headers });
  const before = server.cpuMs();
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const requests = result.requests.total;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu: requests ? (server.cpuMs() - before) / requests : Number.NaN,
    bad: result.non2xx + result.errors,
  };
}

const product = await startBenchServer({ port, prefix: "inkwell-bench-members-" });
const fresh = await startBenchServer({
  port: port + 1,
  prefix: "inkwell-bench-members-nocache-",
  env: { PAGE_CACHE: "0", INKWELL_SKIP_BUILD_CHECK: "1" },
});
const cookie = memberCookie(product.dataDir);
const home = await (await fetch(`${product.base}/`)).text();
const path = /href="(\/\d+\/[^/"]+\/[^"]+)"/.exec(home)?.[1];
if (!path) throw new Error("no post link on the home page");
const check = await fetch(`${product.base}${path}`, { headers: { Cookie: cookie } });
const page = await check.text();
if (!page.includes("Account")) throw new Error("the member cookie did not sign the member in");

const figures = {
  "anonymous, cached": await measure(product, path),
  "anonymous, fresh (PAGE_CACHE=0)": await measure(fresh, path),
  "signed-in member": await measure(product, path, { Cookie: cookie }),
};
const reference = figures["anonymous, fresh (PAGE_CACHE=0)"];
console.log(
  `\nThe post ${path}: ${connections} connections, ${seconds} s each after ${warmup} s of warm-up, on 127.0.0.1\n`,
);
console.table(
  Object.entries(figures).map(([reader, f]) => ({
    reader,
    "req/s": f.rps,
    "p50 ms": f.p50,
    "p99 ms": f.p99,
    "CPU ms/req": f.cpu.toFixed(3),
    "errors/non-2xx": f.bad,
    "CPU / anonymous fresh": (f.cpu / reference.cpu).toFixed(2),
  })),
);
process.exit(0);
