// `npm run bench:newsletter`: one newsletter to 10,000 Active subscribers through
// the production server's real background sender and a real SMTP server.
//
// A fresh data folder; `node server.js` (port BENCH_PORT, default 3691) with
// SMTP_URL pointing at an smtp-server started in this process; 10,000 Active
// subscribers written straight into the database; then `POST /newsletter/send`
// with the Administrator's apiKey. Reports how long the request took, how long
// until every message was accepted by the SMTP server, messages per second,
// and the server's memory (RSS sampled every 100 ms, and the kernel's peak).
// Figures, not assertions: run it on a quiet machine.
// BENCH_SUBSCRIBERS changes the count.
import { join } from "node:path";
import Database from "better-sqlite3";
import { SMTPServer } from "smtp-server";
import { startBenchServer } from "./bench-server.mjs";

const port = Number(process.env.BENCH_PORT ?? 3691);
const count = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);

// The SMTP server: accepts every message and counts them (and their recipients).
let received = 0;
let lastAt = 0;
const recipients = new Set();
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
      for (const r of session.envelope.rcptTo) recipients.add(r.address);
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpPort = smtp.server.address().port;

const { base, dataDir, server, memoryMb } = await startBenchServer({
  port,
  prefix: "inkwell-bench-mail-",
  env: {
    ADMIN_EMAIL: "bench@inkwell.test",
    SEED_DEMO: "0",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Inkwell <news@inkwell.test>",
  },
});

// 10,000 Active subscribers, half of them also in Music: one transaction.
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
const { api_key: key } = db
  .prepare("select api_key from users where role = 'Administrator' limit 1")
  .get();

const rssMb = memoryMb;
const baselineRss = rssMb("VmRSS");
let sampledPeak = baselineRss;
const sampler = setInterval(() => {
  const rss = rssMb("VmRSS");
  if (rss > sampledPeak) sampledPeak = rss;
}, 100);

const content = `<p>${"Markets rallied again, and this is the weekly digest. ".repeat(20)}</p>
<ul><li>One</li><li><a href="https://example.com/x">Two</a></li></ul>`;
const started = performance.now();
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
let row;
const deadline = Date.now() + 15 * 60_000;
for (;;) {
  row = read.get();
  if (row.status !== "queued" && row.status !== "sending") break;
  if (Date.now() > deadline)
    throw new Error(`not finished after 15 minutes: ${JSON.stringify(row)}`);
  await new Promise((r) => setTimeout(r, 100));
}
clearInterval(sampler);
const totalMs = lastAt - started;
const duplicates = received - recipients.size;

const figures = [
  ["subscribers (Active, audience All)", count.toLocaleString("en")],
  ["seeding them", `${(seedMs / 1000).toFixed(2)} s`],
  ["POST /newsletter/send answered in", `${answeredMs.toFixed(0)} ms`],
  ["messages accepted by SMTP", received.toLocaleString("en")],
  ["duplicates", String(duplicates)],
  [
    "delivered / failed / skipped (recorded)",
    `${row.delivered_count} / ${row.failed_count} / ${row.skipped_count}`,
  ],
  ["final status", row.status],
  ["total time (request to last message)", `${(totalMs / 1000).toFixed(2)} s`],
  ["messages per second", (received / (totalMs / 1000)).toFixed(0)],
  ["server RSS before the send", `${baselineRss.toFixed(0)} MB`],
  ["server RSS peak (sampled every 100 ms)", `${sampledPeak.toFixed(0)} MB`],
  ["server RSS peak (kernel VmHWM, whole run)", `${rssMb("VmHWM").toFixed(0)} MB`],
];
const width = Math.max(...figures.map(([k]) => k.length));
console.log(`\nNewsletter benchmark (${base}, SMTP on 127.0.0.1:${smtpPort})`);
for (const [k, v] of figures) console.log(`${k.padEnd(width)}  ${v}`);

db.close();
server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));
await new Promise((r) => smtp.close(r));
if (received !== count || duplicates !== 0) process.exitCode = 1;
