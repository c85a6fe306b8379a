// `npm run bench:newsletter`: one newsletter to 10,000 Active subscribers through
// the production server's real background sender and a real SMTP server.
//
// A fresh data folder; `node server.js` (port BENCH_PORT, default 3691) with
// SMTP_URL pointing at an smtp-server started in this process (the sink: it
// accepts every message and counts them per recipient); the subscribers
// written straight into the database; then `POST /newsletter/send` with the
// Administrator's apiKey. Reports how long the request took, how long until
// every message was accepted by the SMTP server, messages per second, the
// CPU the server and the sink used per message, the cost of one DKIM
// signature, and the server's memory (RSS sampled every 100 ms, and the
// kernel's peak). Figures, not assertions: run it on a quiet machine.
//
//   npm run bench:newsletter -- --subscribers 100000
//   npm run bench:newsletter -- --signal SIGTERM --at 0.5
//   npm run bench:newsletter -- --signal SIGKILL --at 0.5 --subscribers 100000
//
// --subscribers N (or BENCH_SUBSCRIBERS): how many readers (default 10,000).
// --signal SIGTERM|SIGKILL --at F: stop the server with that signal once the
// sink has received the fraction F of the messages (default 0.5), read what
// it had recorded, start it again on the same data folder and let it finish.
// Then it reports, beside the figures above: the messages the sink had
// accepted but the database did not record as delivered at the stop (what a
// restart may send again), duplicates (messages beyond one per reader) and
// misses (readers who got none). The exit code is 1 when a reader got none,
// or got two after a SIGTERM (exactly once), or more repeats than the
// unrecorded messages after a SIGKILL.
import { generateKeyPairSync, sign } from "node:crypto";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { SMTPServer } from "smtp-server";
import { startBenchServer } from "./bench-server.mjs";

const { values: flags } = parseArgs({
  options: {
    subscribers: { type: "string" },
    signal: { type: "string" },
    at: { type: "string", default: "0.5" },
  },
});
const port = Number(process.env.BENCH_PORT ?? 3691);
const count = Number(flags.subscribers ?? process.env.BENCH_SUBSCRIBERS ?? 10_000);
const signal = flags.signal;
const at = Number(flags.at);
if (!Number.isInteger(count) || count < 1) throw new Error("--subscribers: a whole number ≥ 1");
if (signal !== undefined && signal !== "SIGTERM" && signal !== "SIGKILL") {
  throw new Error("--signal: SIGTERM or SIGKILL");
}
if (!(at > 0 && at < 1)) throw new Error("--at: a fraction between 0 and 1");

// The SMTP sink: accepts every message and counts them per recipient.
let received = 0;
let lastAt = 0;
/** When the running leg's first message came (a restart's leg is timed from it). */
let legFirstAt = 0;
let legReceived = 0;
const perRecipient = new Map();
let onReceived = () => {};
const smtp = new SMTPServer({
  disabledCommands: ["STARTTLS", "AUTH"],
  authOptional: true,
  logger: false,
  size: 50 * 1024 * 1024,
  onData(stream, session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      received += 1;
      lastAt = performance.now();
      if (received === legReceived + 1) legFirstAt = lastAt;
      for (const r of session.envelope.rcptTo) {
        perRecipient.set(r.address, (perRecipient.get(r.address) ?? 0) + 1);
      }
      callback();
      onReceived();
    });
  },
});
// A killed server's connections end in a reset: not the sink's failure.
smtp.on("error", (error) => {
  if (error.code !== "ECONNRESET") console.error("SMTP sink:", error.message);
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpPort = smtp.server.address().port;

const serverEnv = {
  ADMIN_EMAIL: "bench@inkwell.test",
  SEED_DEMO: "0",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: "Inkwell <news@inkwell.test>",
};
let bench = await startBenchServer({ port, prefix: "inkwell-bench-mail-", env: serverEnv });
const { base, dataDir } = bench;

// The Active subscribers, half of them also in Music: one transaction.
const db = new Database(join(dataDir, "app.db"));
db.pragma("busy_timeout = 5000");
const seedStart = performance.now();
db.transaction(() => {
  const first = db
    .prepare("select next_id from counters where collection = 'subscribers'")
    .get()?.next_id;
  const start = Number(first ?? 1);
  const insert = db.prepare(
    "insert into subscribers (id, uid, name, email, status) values (?, ?, ?, ?, 'Active')",
  );
  const audience = db.prepare(
    "insert into subscriber_audiences (subscriber_id, audience) values (?, ?)",
  );
  for (let i = 0; i < count; i++) {
    const id = start + i;
    insert.run(id, crypto.randomUUID(), `Reader ${i}`, `reader${i}@bench.test`);
    audience.run(id, "News");
    if (i % 2) audience.run(id, "Music");
  }
  db.prepare("update counters set next_id = ? where collection = 'subscribers'").run(start + count);
})();
const seedMs = performance.now() - seedStart;
// API keys are stored encrypted; a plain key (api_key_hash null) is still
// accepted until the next start seals it (app/domain/accounts/secrets.server.ts).
const key = `bench-${crypto.randomUUID()}`;
db.prepare(
  "update users set api_key = ?, api_key_hash = null where id = (select id from users where role = 'Administrator' limit 1)",
).run(key);

/** Samples the server's RSS every 100 ms: the peak of the process running now. */
function memorySampler(b) {
  const state = { before: b.memoryMb("VmRSS"), peak: b.memoryMb("VmRSS"), hwm: Number.NaN };
  const timer = setInterval(() => {
    const rss = b.memoryMb("VmRSS");
    if (rss > state.peak) state.peak = rss;
    const hwm = b.memoryMb("VmHWM");
    if (Number.isFinite(hwm)) state.hwm = hwm;
  }, 100);
  state.stop = () => clearInterval(timer);
  return state;
}

const content = `<p>${"Markets rallied again, and this is the weekly digest. ".repeat(20)}</p>
<ul><li>One</li><li><a href="https://example.com/x">Two</a></li></ul>`;
const legs = [];
let memory = memorySampler(bench);
let cpuBefore = bench.cpuMs();
const sinkBefore = process.cpuUsage();
const started = performance.now();
let legStart = started;
const res = await fetch(`${base}/newsletter/send`, {
  method: "POST",
  headers: { "Content-Type": "application/json", Origin: base },
  body: JSON.stringify({
    key,
    email: { subject: "Bench digest", audience: "All", content, photo: null, attachment: null },
  }),
});
const answeredMs = performance.now() - started;
const answer = await res.json();
if (res.status !== 200) throw new Error(`send refused: ${res.status} ${JSON.stringify(answer)}`);

const read = db.prepare(
  "select status, recipient_count, delivered_count, failed_count, skipped_count from newsletters order by id desc limit 1",
);
/** Closes a leg (one server process's share of the send): its figures. */
function endLeg(name) {
  memory.stop();
  const ms = lastAt - (legs.length > 0 ? legFirstAt : legStart);
  const messages = received - legReceived;
  legs.push({
    name,
    messages,
    ms,
    rate: messages / (ms / 1000),
    cpuPerMessage: (bench.cpuMs() - cpuBefore) / messages,
    before: memory.before,
    peak: memory.peak,
    hwm: memory.hwm,
  });
}

let interrupted;
if (signal) {
  // Stop the server once the sink has the fraction `at` of the messages.
  await new Promise((resolve) => {
    onReceived = () => {
      if (received >= Math.ceil(count * at)) resolve();
    };
  });
  onReceived = () => {};
  const exited = new Promise((r) => bench.server.once("exit", (code, sig) => r({ code, sig })));
  const cpuAtSignal = bench.cpuMs();
  const hwmAtSignal = bench.memoryMb("VmHWM");
  const signalledAt = performance.now();
  const receivedAtSignal = received;
  bench.server.kill(signal);
  const exit = await exited;
  const stoppedMs = performance.now() - signalledAt;
  memory.stop();
  legs.push({
    name: `until ${signal}`,
    messages: receivedAtSignal - legReceived,
    ms: signalledAt - legStart,
    rate: (receivedAtSignal - legReceived) / ((signalledAt - legStart) / 1000),
    cpuPerMessage: (cpuAtSignal - cpuBefore) / receivedAtSignal,
    before: memory.before,
    peak: Math.max(memory.peak, hwmAtSignal),
    hwm: hwmAtSignal,
  });
  // What the stopped process had recorded, against what the sink accepted.
  const recorded = read.get();
  const receivedByExit = received;
  interrupted = {
    exit: exit.sig ?? `exit code ${exit.code}`,
    stoppedMs,
    receivedAtSignal,
    receivedByExit,
    recorded: recorded.delivered_count,
    unrecorded: receivedByExit - recorded.delivered_count,
  };
  // The restart on the same folder resumes the rows still pending.
  legStart = performance.now();
  legReceived = received;
  bench = await startBenchServer({
    port,
    prefix: "inkwell-bench-mail-",
    dataDir,
    env: { ...serverEnv, INKWELL_SKIP_BUILD_CHECK: "1" },
  });
  interrupted.restartMs = performance.now() - legStart;
  memory = memorySampler(bench);
  cpuBefore = bench.cpuMs();
}

let row;
const deadline = Date.now() + 30 * 60_000;
for (;;) {
  row = read.get();
  if (row.status !== "queued" && row.status !== "sending") break;
  if (Date.now() > deadline)
    throw new Error(`not finished after 30 minutes: ${JSON.stringify(row)}`);
  await new Promise((r) => setTimeout(r, 100));
}
endLeg(signal ? "after the restart" : "whole send");
const sink = process.cpuUsage(sinkBefore);
const sinkCpuPerMessage = (sink.user + sink.system) / 1000 / received;
const totalMs = lastAt - started;
const duplicates = received - perRecipient.size;
const misses = count - perRecipient.size;

// One DKIM signature (RSA-2048, SHA-256, as the sender signs), measured here.
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const header = Buffer.alloc(600, "a");
const signStart = performance.now();
for (let i = 0; i < 500; i++) sign("sha256", header, privateKey);
const signMs = (performance.now() - signStart) / 500;

const mb = (n) => `${n.toFixed(0)} MB`;
const figures = [
  ["subscribers (Active, audience All)", count.toLocaleString("en")],
  ["seeding them", `${(seedMs / 1000).toFixed(2)} s`],
  ["POST /newsletter/send answered in", `${answeredMs.toFixed(0)} ms`],
];
if (interrupted) {
  figures.push(
    [`${signal} sent when the sink had`, `${interrupted.receivedAtSignal} messages`],
    ["server stopped after", `${interrupted.stoppedMs.toFixed(0)} ms (${interrupted.exit})`],
    ["accepted by the sink by then", String(interrupted.receivedByExit)],
    ["recorded as delivered by then", String(interrupted.recorded)],
    ["accepted but not recorded (may repeat)", String(interrupted.unrecorded)],
    ["restart until serving", `${(interrupted.restartMs / 1000).toFixed(1)} s`],
  );
}
figures.push(
  ["messages accepted by SMTP", received.toLocaleString("en")],
  ["duplicates", String(duplicates)],
  ["misses (readers who got none)", String(misses)],
  [
    "delivered / failed / skipped (recorded)",
    `${row.delivered_count} / ${row.failed_count} / ${row.skipped_count}`,
  ],
  ["final status", row.status],
  ["total time (request to last message)", `${(totalMs / 1000).toFixed(2)} s`],
);
for (const leg of legs) {
  const label = legs.length > 1 ? ` (${leg.name})` : "";
  figures.push(
    [`messages per second${label}`, leg.rate.toFixed(0)],
    [`server CPU per message${label}`, `${leg.cpuPerMessage.toFixed(3)} ms`],
    [`server RSS before${label}`, mb(leg.before)],
    [`server RSS peak, sampled every 100 ms${label}`, mb(leg.peak)],
    [`server RSS peak, kernel VmHWM${label}`, mb(leg.hwm)],
  );
}
figures.push(
  ["SMTP sink CPU per message (this process)", `${sinkCpuPerMessage.toFixed(3)} ms`],
  ["one DKIM signature (RSA-2048), this process", `${signMs.toFixed(3)} ms`],
);
const width = Math.max(...figures.map(([k]) => k.length));
console.log(`\nNewsletter benchmark (${base}, SMTP on 127.0.0.1:${smtpPort})`);
for (const [k, v] of figures) console.log(`${k.padEnd(width)}  ${v}`);

db.close();
bench.server.kill("SIGTERM");
await new Promise((r) => bench.server.once("exit", r));
await new Promise((r) => smtp.close(r));
const allowedRepeats = signal === "SIGKILL" ? interrupted.unrecorded : 0;
if (misses !== 0 || duplicates > allowedRepeats || row.delivered_count !== count) {
  process.exitCode = 1;
}
