/**
 * app/domain/newsletters/: queueing (roles, validation, audiences, one
 * transaction) and the background sender through nodemailer against a real
 * in-process SMTP server, and the outbox when SMTP_URL is unset.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newsletterDeliveries, newsletters, subscriberAudiences, subscribers } from "#db/schema";
import { toSessionUser } from "~/domain/access/actor.server";
import { DomainError } from "~/domain/errors.server";
import { listDeliveries } from "~/domain/newsletters/deliveries.server";
import { absoluteContent, emailText } from "~/domain/newsletters/message.server";
import { getNewsletter, queueNewsletter } from "~/domain/newsletters/queue.server";
import { classifySendError } from "~/domain/newsletters/send-errors.server";
import { MAX_ATTEMPTS, NewsletterSender } from "~/domain/newsletters/sender.server";
import {
  startNewsletterSender,
  stopNewsletterSender,
} from "~/domain/newsletters/sender-process.server";
import { unsubscribeToken } from "~/domain/newsletters/unsubscribe-token.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { createMailTransport, type MailTransport } from "~/platform/mail.server";
import { absoluteUrl } from "~/utils/seo";
import { resetDatabase } from "../helpers";
import { decodeQuotedPrintable, makeSubscriber, makeUser, PNG, startSmtpServer } from "./fixtures";

const draft = (values: Record<string, unknown> = {}) => ({
  subject: "Weekly digest",
  audience: "News",
  content:
    '<p>Markets <strong>rallied</strong> <a href="https://example.com/x">again</a>.</p><script>alert(1)</script>',
  photo: null,
  attachment: null,
  ...values,
});

const rowCounts = () => {
  const db = getDb();
  return {
    newsletters: db.select({ n: count() }).from(newsletters).get()?.n,
    deliveries: db.select({ n: count() }).from(newsletterDeliveries).get()?.n,
  };
};

function caught(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(() => {
  resetDatabase();
  smtp.received.length = 0;
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "Newsroom <news@inkwell.test>";
});
afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
});

describe("queueNewsletter", () => {
  it("lets Administrators and Editors queue, and refuses Authors, Contributors and Subscribers (403)", () => {
    makeSubscriber("reader@example.com", ["News"]);
    for (const role of ["Author", "Contributor", "Subscriber"] as const) {
      const error = caught(() => queueNewsletter(getDb(), toSessionUser(makeUser(role)), draft()));
      expect(error.status).toBe(403);
    }
    expect(rowCounts()).toEqual({ newsletters: 0, deliveries: 0 });
    for (const role of ["Administrator", "Editor"] as const) {
      const queued = queueNewsletter(getDb(), toSessionUser(makeUser(role)), draft());
      expect(queued.status).toBe("queued");
      expect(queued.recipientCount).toBe(1);
    }
  });

  it("answers 400 for each kind of bad input and writes nothing", () => {
    makeSubscriber("reader@example.com", ["News"]);
    const admin = toSessionUser(makeUser("Administrator"));
    const bad: [Record<string, unknown> | unknown, RegExp][] = [
      [draft({ subject: "  " }), /Subject is required/],
      [draft({ subject: undefined }), /Subject is required/],
      [draft({ subject: "x".repeat(201) }), /too long/],
      [draft({ audience: "Everyone" }), /Audience must be/],
      [draft({ audience: 3 }), /Audience must be/],
      [draft({ content: "" }), /Content is required/],
      [draft({ content: "<script>only()</script>" }), /Content is required/],
      [draft({ content: 42 }), /Content is required/],
      [draft({ photo: "javascript:alert(1)" }), /photo/],
      [draft({ photo: "//evil.example/x.png" }), /photo/],
      [draft({ attachment: "https://example.com/file.pdf" }), /attachment/],
      [draft({ audience: "Music" }), /no active subscribers in the Music audience/],
      ["not an object", /expected object/i],
    ];
    for (const [input, message] of bad) {
      const error = caught(() => queueNewsletter(getDb(), admin, input));
      expect(error.status, JSON.stringify(input)).toBe(400);
      expect(error.message).toMatch(message);
    }
    expect(rowCounts()).toEqual({ newsletters: 0, deliveries: 0 });
  });

  it("refuses a photo or attachment under /uploads/ that is malformed, missing or a folder (400, nothing written)", () => {
    makeSubscriber("reader@example.com", ["News"]);
    const admin = toSessionUser(makeUser("Administrator"));
    const env = readEnv();
    mkdirSync(join(env.uploadsDir, "media"), { recursive: true });
    mkdirSync(join(env.uploadsDir, "newsletters"), { recursive: true });
    writeFileSync(join(env.uploadsDir, "newsletters", "ok.png"), PNG);
    // A symbolic link that leads out of the uploads folder.
    writeFileSync(join(env.dataDir, "secret.png"), PNG);
    rmSync(join(env.uploadsDir, "newsletters", "escape.png"), { force: true });
    symlinkSync(join(env.dataDir, "secret.png"), join(env.uploadsDir, "newsletters", "escape.png"));
    const bad: [Record<string, unknown>, RegExp][] = [
      [draft({ photo: "/uploads/%E0%A4%A" }), /^Photo \/uploads\/%E0%A4%A is not a valid path$/],
      [draft({ photo: "/uploads/100%.png" }), /^Photo .* is not a valid path$/],
      [draft({ photo: "/uploads/media" }), /^Photo \/uploads\/media is not a file$/],
      [draft({ photo: "/uploads/media/" }), /^Photo .* is not a file$/],
      [draft({ photo: "/uploads/nope.png" }), /^Photo .* does not exist$/],
      [draft({ photo: "/uploads/%2e%2e/%2e%2e/etc/passwd" }), /^Photo .* inside \/uploads\//],
      [draft({ attachment: "/uploads/%E0%A4%A" }), /^Attachment .* is not a valid path$/],
      [draft({ attachment: "/uploads/media" }), /^Attachment .* is not a file$/],
      [draft({ attachment: "/uploads/newsletters/escape.png" }), /inside \/uploads\//],
    ];
    for (const [input, message] of bad) {
      const error = caught(() => queueNewsletter(getDb(), admin, input));
      expect(error.status, JSON.stringify(input)).toBe(400);
      expect(error.message).toMatch(message);
    }
    expect(rowCounts()).toEqual({ newsletters: 0, deliveries: 0 });
    const ok = queueNewsletter(
      getDb(),
      admin,
      draft({ photo: "/uploads/newsletters/ok.png", attachment: "/uploads/newsletters/ok.png" }),
    );
    expect(ok.recipientCount).toBe(1);
  });

  it("turns line breaks in the subject into spaces", () => {
    makeSubscriber("reader@example.com", ["News"]);
    const admin = toSessionUser(makeUser("Administrator"));
    const queued = queueNewsletter(
      getDb(),
      admin,
      draft({ subject: "Weekly\r\nBcc: victim@example.com\rdigest\n" }),
    );
    expect(queued.subject).toBe("Weekly Bcc: victim@example.com digest");
    expect(caught(() => queueNewsletter(getDb(), admin, draft({ subject: "\r\n" }))).message).toBe(
      "subject: Subject is required",
    );
  });

  it("records one pending delivery per Active subscriber of the audience, with sanitised content", () => {
    const a = makeSubscriber("a@example.com", ["News"]);
    const b = makeSubscriber("b@example.com", ["News", "Music"]);
    const c = makeSubscriber("c@example.com", ["Music"]);
    makeSubscriber("d@example.com", ["News"], "Unsubscribed");
    makeSubscriber("e@example.com", ["News"], "Inactive");
    const admin = toSessionUser(makeUser("Administrator"));

    const news = queueNewsletter(getDb(), admin, draft({ audience: "news" }));
    expect(news.recipientCount).toBe(2);
    const rows = listDeliveries(getDb(), news.id);
    expect(rows.map((r) => [r.subscriberId, r.email, r.status, r.attempts])).toEqual([
      [a, "a@example.com", "pending", 0],
      [b, "b@example.com", "pending", 0],
    ]);
    const stored = getDb().select().from(newsletters).all()[0];
    expect(stored?.content).not.toMatch(/script/);
    expect(stored?.content).toMatch(/<strong>rallied<\/strong>/);

    const all = queueNewsletter(getDb(), admin, draft({ audience: "All Subscribers" }));
    expect(all.audience).toBe("All");
    expect(listDeliveries(getDb(), all.id).map((r) => r.subscriberId)).toEqual([a, b, c]);
  });
});

describe("the sender over SMTP", () => {
  it("sends exactly one message per Active subscriber of the audience, none to others, with both parts, link and headers", async () => {
    const ids = ["a@example.com", "b@example.com"].map((e) => makeSubscriber(e, ["News"]));
    makeSubscriber("music@example.com", ["Music"]);
    makeSubscriber("gone@example.com", ["News"], "Unsubscribed");
    const letter = queueNewsletter(getDb(), toSessionUser(makeUser("Editor")), draft());
    const sender = new NewsletterSender(getDb, { batchSize: 1 });
    sender.kick();
    await sender.idle();
    await sender.stop();

    expect(smtp.received.map((m) => m.to).sort()).toEqual([["a@example.com"], ["b@example.com"]]);
    for (const mail of smtp.received) {
      const to = mail.to[0] as string;
      const raw = decodeQuotedPrintable(mail.raw);
      expect(mail.from).toBe("news@inkwell.test");
      expect(raw).toMatch(/^From: Inkwell <news@inkwell\.test>/m);
      expect(raw).toMatch(/^Subject: Weekly digest/m);
      expect(raw).toMatch(/multipart\/alternative/);
      expect(raw).toMatch(/Content-Type: text\/plain/);
      expect(raw).toMatch(/Content-Type: text\/html/);
      const id = ids[["a@example.com", "b@example.com"].indexOf(to)] as number;
      const link = `http://127.0.0.1:3500/unsubscribe?token=${unsubscribeToken(id, "News")}`;
      expect(raw).toContain(
        `List-Unsubscribe: <${link.replace("/unsubscribe?", "/newsletter/unsubscribe?")}>`,
      );
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      expect(raw).toContain(`href="${link.replace("&", "&amp;")}"`);
      expect(raw).toContain(`Unsubscribe: ${link}`);
      expect(raw).toContain("Markets rallied again (https://example.com/x).");
      expect(raw).not.toMatch(/<script/);
    }
    const stored = getDb().select().from(newsletters).all()[0];
    expect(stored).toMatchObject({
      status: "sent",
      recipientCount: 2,
      deliveredCount: 2,
      failedCount: 0,
    });
    expect(stored?.sentAt).toBeInstanceOf(Date);
    expect(
      listDeliveries(getDb(), letter.id).map((r) => [r.subscriberId, r.status, r.attempts]),
    ).toEqual(ids.map((id) => [id, "sent", 1]));
  });

  it("is woken by queueing itself: the process's sender delivers with no other call", async () => {
    makeSubscriber("woken@example.com", ["News"]);
    const sender = startNewsletterSender({ log: () => {} });
    try {
      await sender.idle();
      const letter = queueNewsletter(getDb(), toSessionUser(makeUser("Editor")), draft());
      expect(sender.isBusy).toBe(true);
      await sender.idle();
      expect(smtp.received.map((m) => m.to)).toEqual([["woken@example.com"]]);
      expect(getNewsletter(getDb(), letter.uid)?.status).toBe("sent");
    } finally {
      await stopNewsletterSender();
    }
  });

  it("counts a refused recipient as failed while the rest go", async () => {
    makeSubscriber("a@example.com", ["Promotions"]);
    const rejected = makeSubscriber("reject-me@example.com", ["Promotions"]);
    makeSubscriber("c@example.com", ["Promotions"]);
    const letter = queueNewsletter(
      getDb(),
      toSessionUser(makeUser("Administrator")),
      draft({ audience: "Promotions" }),
    );
    const sender = new NewsletterSender(getDb, { batchSize: 2 });
    sender.kick();
    await sender.idle();
    await sender.stop();

    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["a@example.com", "c@example.com"]);
    const rows = listDeliveries(getDb(), letter.id);
    const failed = rows.find((r) => r.subscriberId === rejected);
    expect(failed?.status).toBe("failed");
    expect(failed?.attempts).toBe(1);
    expect(failed?.error).toMatch(/550|Mailbox unavailable/);
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(2);
    expect(getDb().select().from(newsletters).all()[0]).toMatchObject({
      status: "partly sent",
      deliveredCount: 2,
      failedCount: 1,
    });
  });

  it("skips readers who unsubscribed, were set Inactive or were deleted after the send was queued", async () => {
    const stays = makeSubscriber("stays@example.com", ["News"]);
    const leaves = makeSubscriber("leaves@example.com", ["News"]);
    const paused = makeSubscriber("paused@example.com", ["News"]);
    const deleted = makeSubscriber("deleted@example.com", ["News"]);
    const letter = queueNewsletter(getDb(), toSessionUser(makeUser("Administrator")), draft());
    expect(letter.recipientCount).toBe(4);
    const db = getDb();
    db.update(subscribers).set({ status: "Unsubscribed" }).where(eq(subscribers.id, leaves)).run();
    db.update(subscribers).set({ status: "Inactive" }).where(eq(subscribers.id, paused)).run();
    db.delete(subscriberAudiences).where(eq(subscriberAudiences.subscriberId, deleted)).run();
    db.delete(subscribers).where(eq(subscribers.id, deleted)).run();

    const sender = new NewsletterSender(getDb, { batchSize: 2 });
    sender.kick();
    await sender.idle();
    await sender.stop();

    expect(smtp.received.map((m) => m.to[0])).toEqual(["stays@example.com"]);
    expect(
      listDeliveries(getDb(), letter.id).map((r) => [r.subscriberId, r.status, r.attempts]),
    ).toEqual([
      [stays, "sent", 1],
      [leaves, "skipped", 0],
      [paused, "skipped", 0],
      [deleted, "skipped", 0],
    ]);
    expect(getDb().select().from(newsletters).all()[0]).toMatchObject({
      status: "sent",
      recipientCount: 4,
      deliveredCount: 1,
      failedCount: 0,
      skippedCount: 3,
    });
  });

  it("writes the answers in batches: a crash repeats at most a batch plus the messages in flight, a stop writes them all", async () => {
    const emails = Array.from({ length: 30 }, (_, i) => `b${i}@example.com`);
    for (const e of emails) makeSubscriber(e, ["News"]);
    const letter = queueNewsletter(getDb(), toSessionUser(makeUser("Administrator")), draft());
    const delivered = () => getDb().select().from(newsletters).all()[0]?.deliveredCount ?? 0;
    const real = createMailTransport(readEnv());
    // What the database says each time the mail server has accepted one more message.
    const recorded: [accepted: number, written: number][] = [];
    const watching: MailTransport = {
      kind: real.kind,
      async send(message, name) {
        await real.send(message, name);
        recorded.push([smtp.received.length, delivered()]);
      },
      close: () => real.close(),
    };
    const sender = new NewsletterSender(getDb, {
      concurrency: 2,
      flushOutcomes: 10,
      flushMs: 60_000,
      transport: watching,
    });
    sender.kick();
    await sender.idle();
    await sender.stop();
    // Written 10 at a time: never one by one, never more than 10 + 2 in flight behind.
    for (const [accepted, written] of recorded) {
      expect(written % 10).toBe(0);
      expect(accepted - written).toBeLessThanOrEqual(12);
    }
    expect(recorded.some(([accepted, written]) => accepted > written)).toBe(true);
    // The end of the pass writes the rest: every answer recorded, once.
    expect(smtp.received).toHaveLength(30);
    expect(getDb().select().from(newsletters).all()[0]).toMatchObject({
      status: "sent",
      deliveredCount: 30,
    });
    expect(listDeliveries(getDb(), letter.id).every((r) => r.status === "sent")).toBe(true);
  });

  it("resumes an interrupted send after a restart and delivers every message exactly once", async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `r${i}@example.com`);
    for (const e of emails) makeSubscriber(e, ["Music"]);
    const letter = queueNewsletter(
      getDb(),
      toSessionUser(makeUser("Administrator")),
      draft({ audience: "Music" }),
    );

    // The first process stops (as on SIGTERM) after its fifth message.
    const real = createMailTransport(readEnv());
    let sent = 0;
    let first: NewsletterSender | undefined;
    const stopping: MailTransport = {
      kind: real.kind,
      async send(message, name) {
        await real.send(message, name);
        sent += 1;
        if (sent === 5) void first?.stop();
      },
      close: () => real.close(),
    };
    first = new NewsletterSender(getDb, { batchSize: 3, concurrency: 3, transport: stopping });
    first.kick();
    await first.idle();
    await first.stop();
    // The messages in flight at the stop (up to the concurrency) finish and are recorded.
    const accepted = smtp.received.length;
    expect(accepted).toBeGreaterThanOrEqual(5);
    expect(accepted).toBeLessThan(12);
    expect(getDb().select().from(newsletters).all()[0]).toMatchObject({
      status: "sending",
      deliveredCount: accepted,
    });
    expect(listDeliveries(getDb(), letter.id).filter((r) => r.status === "pending")).toHaveLength(
      12 - accepted,
    );

    // The next process resumes with the pending rows only.
    const second = new NewsletterSender(getDb, { batchSize: 3 });
    second.kick();
    await second.idle();
    await second.stop();

    const to = smtp.received.map((m) => m.to[0]).sort();
    expect(to).toEqual([...emails].sort());
    expect(new Set(to).size).toBe(12);
    expect(getDb().select().from(newsletters).all()[0]).toMatchObject({
      status: "sent",
      recipientCount: 12,
      deliveredCount: 12,
      failedCount: 0,
    });
  });

  it("pauses through a mail server outage (stopped mid-send, restarted) and delivers everything exactly once", async () => {
    const outage = await startSmtpServer();
    process.env.SMTP_URL = outage.url;
    const emails = Array.from({ length: 40 }, (_, i) => `o${i}@example.com`);
    for (const e of emails) makeSubscriber(e, ["News"]);
    const letter = queueNewsletter(getDb(), toSessionUser(makeUser("Administrator")), draft());
    const logged: string[] = [];
    const sender = new NewsletterSender(getDb, {
      batchSize: 10,
      retryDelayMs: 20,
      maxRetryDelayMs: 100,
      log: (line) => logged.push(line),
    });
    sender.kick();
    // Stop the server once some messages are out, keep it down a while, start it again.
    while (outage.received.length < 8) await new Promise((r) => setTimeout(r, 2));
    await outage.close();
    const downAt = outage.received.length;
    // A message whose connection closed before a byte of it was sent is first
    // given another connection by nodemailer's pool (a few tries, about 1.5 s
    // in all); then the sender sees the outage and pauses.
    const downSince = Date.now();
    const noticed = () => logged.some((l) => /mail server unavailable/.test(l));
    while (!noticed() && Date.now() - downSince < 5_000) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const rows = listDeliveries(getDb(), letter.id);
    // Down: nothing failed, no attempt counted against a recipient, the rest wait.
    expect(rows.filter((r) => r.status === "failed")).toHaveLength(0);
    expect(rows.filter((r) => r.status === "pending").length).toBe(40 - downAt);
    expect(rows.filter((r) => r.status === "pending").every((r) => r.attempts === 0)).toBe(true);
    expect(noticed()).toBe(true);
    const restarted = await startSmtpServer({ port: outage.port, received: outage.received });
    try {
      await sender.idle();
      await sender.stop();
    } finally {
      await restarted.close();
    }
    const to = outage.received.map((m) => m.to[0]).sort();
    expect(to).toEqual([...emails].sort());
    expect(new Set(to).size).toBe(40);
    expect(getDb().select().from(newsletters).all()[0]).toMatchObject({
      status: "sent",
      deliveredCount: 40,
      failedCount: 0,
    });
    expect(listDeliveries(getDb(), letter.id).every((r) => r.status === "sent")).toBe(true);
  }, 20_000);

  it("counts no attempt for a connection failure and backs off with a growing, capped delay", async () => {
    makeSubscriber("a@example.com", ["News"]);
    const letter = queueNewsletter(getDb(), toSessionUser(makeUser("Administrator")), draft());
    const real = createMailTransport(readEnv());
    const calls: number[] = [];
    const flaky: MailTransport = {
      kind: "smtp",
      async send(message, name) {
        calls.push(Date.now());
        if (calls.length <= 8) {
          const codes = ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ESOCKET"];
          throw Object.assign(new Error("Connection closed"), {
            code: codes[calls.length - 1] ?? "EPROTOCOL",
          });
        }
        await real.send(message, name);
      },
      close: () => real.close(),
    };
    const sender = new NewsletterSender(getDb, {
      transport: flaky,
      retryDelayMs: 10,
      maxRetryDelayMs: 40,
      log: () => {},
    });
    sender.kick();
    await sender.idle();
    await sender.stop();
    const [row] = listDeliveries(getDb(), letter.id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, error: null });
    expect(smtp.received).toHaveLength(1);
    const gaps = calls.slice(1).map((t, i) => t - (calls[i] as number));
    // 10, 20, 40, then capped at 40 (uncapped the 8th would be 1,280 ms); timers run late, never early.
    expect(gaps).toHaveLength(8);
    expect(gaps[0]).toBeGreaterThanOrEqual(9);
    expect(gaps[1]).toBeGreaterThanOrEqual(19);
    expect(Math.min(...gaps.slice(2))).toBeGreaterThanOrEqual(39);
    expect(gaps[7]).toBeLessThan(1_000);
  });

  it("says the disk is full, not that the mail server is unavailable, when a send fails with ENOSPC", async () => {
    makeSubscriber("a@example.com", ["News"]);
    const letter = queueNewsletter(getDb(), toSessionUser(makeUser("Administrator")), draft());
    const real = createMailTransport(readEnv());
    let calls = 0;
    const full: MailTransport = {
      kind: "outbox",
      async send(message, name) {
        calls += 1;
        if (calls === 1) {
          throw Object.assign(new Error("ENOSPC: no space left on device, write"), {
            code: "ENOSPC",
          });
        }
        await real.send(message, name);
      },
      close: () => real.close(),
    };
    const logged: string[] = [];
    const sender = new NewsletterSender(getDb, {
      transport: full,
      retryDelayMs: 10,
      log: (line) => logged.push(line),
    });
    sender.kick();
    await sender.idle();
    await sender.stop();
    const paused = logged.filter((l) => /trying again/.test(l));
    expect(paused).toHaveLength(1);
    expect(paused[0]).toMatch(/disk is full/);
    expect(paused[0]).not.toMatch(/mail server unavailable/);
    // Nothing is counted against the reader: the message goes out on the next pass.
    expect(listDeliveries(getDb(), letter.id)[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("classifies send errors: 5xx to the recipient fails it, a 4xx defers it, everything else is an outage", () => {
    const e = (values: Record<string, unknown>) => Object.assign(new Error("x"), values);
    expect(classifySendError(e({ code: "EENVELOPE", responseCode: 550, command: "RCPT TO" }))).toBe(
      "refused",
    );
    expect(classifySendError(e({ code: "EMESSAGE", responseCode: 552, command: "DATA" }))).toBe(
      "refused",
    );
    expect(classifySendError(e({ code: "EENVELOPE", command: "API" }))).toBe("refused");
    // The attachment deleted or replaced by a folder mid-send: no pause would bring it back.
    expect(classifySendError(e({ code: "ENOENT" }))).toBe("refused");
    expect(classifySendError(e({ code: "EISDIR" }))).toBe("refused");
    expect(classifySendError(e({ code: "EENVELOPE", responseCode: 450, command: "RCPT TO" }))).toBe(
      "deferred",
    );
    for (const values of [
      { code: "ECONNREFUSED" },
      { code: "ECONNECTION" },
      { code: "ETIMEDOUT" },
      { code: "ESOCKET" },
      { code: "EPROTOCOL", responseCode: 554, command: "CONN" },
      { code: "EENVELOPE", responseCode: 421, command: "RCPT TO" },
      { code: "EENVELOPE", responseCode: 451, command: "MAIL FROM" },
      { code: "EAUTH", responseCode: 535, command: "AUTH PLAIN" },
    ]) {
      expect(classifySendError(e(values)), JSON.stringify(values)).toBe("outage");
    }
  });

  it("retries a recipient's temporary refusal (4xx) on later passes and fails it after MAX_ATTEMPTS", async () => {
    makeSubscriber("a@example.com", ["News"]);
    makeSubscriber("b@example.com", ["News"]);
    const letter = queueNewsletter(getDb(), toSessionUser(makeUser("Administrator")), draft());
    const real = createMailTransport(readEnv());
    const busy: MailTransport = {
      kind: "smtp",
      async send(message, name) {
        if (JSON.stringify(message.envelope ?? message.to).includes("a@example.com")) {
          throw Object.assign(new Error("450 Mailbox busy"), {
            code: "EENVELOPE",
            responseCode: 450,
            command: "RCPT TO",
          });
        }
        await real.send(message, name);
      },
      close: () => real.close(),
    };
    const sender = new NewsletterSender(getDb, {
      transport: busy,
      retryDelayMs: 1,
      retrySchedule: [1, 1, 1, 1],
      log: () => {},
    });
    sender.kick();
    await sender.idle();
    await sender.stop();
    expect(
      listDeliveries(getDb(), letter.id).map((r) => [r.email, r.status, r.attempts, r.error]),
    ).toEqual([
      ["a@example.com", "failed", MAX_ATTEMPTS, "450 Mailbox busy"],
      ["b@example.com", "sent", 1, null],
    ]);
    expect(getDb().select().from(newsletters).all()[0]).toMatchObject({
      status: "partly sent",
      deliveredCount: 1,
      failedCount: 1,
    });
  });
});

describe("a newsletter that cannot be composed", () => {
  it("fails that newsletter with the reason and sends the next ones", async () => {
    const env = readEnv();
    mkdirSync(join(env.uploadsDir, "media"), { recursive: true });
    makeSubscriber("a@example.com", ["News"]);
    makeSubscriber("b@example.com", ["News"]);
    const admin = toSessionUser(makeUser("Administrator"));
    // Stored before queue-time checks existed (or the file went away since).
    const broken = [
      ["photo", "/uploads/%E0%A4%A", /Photo \/uploads\/%E0%A4%A is not a valid path/],
      ["attachment", "/uploads/100%.png", /Attachment \/uploads\/100%\.png is not a valid path/],
      ["photo", "/uploads/media", /Photo \/uploads\/media is not a file/],
    ] as const;
    const letters = broken.map(([field, path]) => {
      const letter = queueNewsletter(getDb(), admin, draft({ subject: `Broken ${field}` }));
      getDb()
        .update(newsletters)
        .set({ [field]: path })
        .where(eq(newsletters.id, letter.id))
        .run();
      return letter;
    });
    const good = queueNewsletter(getDb(), admin, draft({ subject: "Fine" }));
    const logged: string[] = [];
    const sender = new NewsletterSender(getDb, {
      retryDelayMs: 10,
      log: (line) => logged.push(line),
    });
    sender.kick();
    await sender.idle();
    await sender.stop();

    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["a@example.com", "b@example.com"]);
    expect(smtp.received.every((m) => /^Subject: Fine/m.test(m.raw))).toBe(true);
    for (const [i, letter] of letters.entries()) {
      const stored = getDb().select().from(newsletters).where(eq(newsletters.id, letter.id)).get();
      expect(stored).toMatchObject({ status: "failed", deliveredCount: 0, failedCount: 2 });
      const rows = listDeliveries(getDb(), letter.id);
      expect(rows.map((r) => r.status)).toEqual(["failed", "failed"]);
      expect(rows[0]?.error).toMatch(broken[i]?.[2] as RegExp);
    }
    expect(
      getDb().select().from(newsletters).where(eq(newsletters.id, good.id)).get(),
    ).toMatchObject({ status: "sent", deliveredCount: 2, failedCount: 0 });
    expect(logged).toHaveLength(3);
  }, 15_000);
});

describe("the sender without SMTP_URL", () => {
  it("writes one .eml per recipient into DATA_DIR/outbox, with the featured image embedded", async () => {
    delete process.env.SMTP_URL;
    const env = readEnv();
    mkdirSync(join(env.uploadsDir, "newsletters"), { recursive: true });
    writeFileSync(join(env.uploadsDir, "newsletters", "hero.png"), PNG);
    makeSubscriber("outbox@example.com", ["News"]);
    const before = new Set(readdirSync(env.outboxDir));
    queueNewsletter(
      getDb(),
      toSessionUser(makeUser("Administrator")),
      draft({ photo: "/uploads/newsletters/hero.png" }),
    );
    const sender = new NewsletterSender(getDb);
    sender.kick();
    await sender.idle();
    await sender.stop();

    const files = readdirSync(env.outboxDir).filter((f) => !before.has(f));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = decodeQuotedPrintable(
      readFileSync(join(env.outboxDir, files[0] as string), "utf8"),
    );
    expect(raw).toMatch(/^To: outbox <outbox@example\.com>/m);
    expect(raw).toMatch(
      /^List-Unsubscribe: <http:\/\/127\.0\.0\.1:3500\/newsletter\/unsubscribe\?token=u1\.\d+\.news\.[\w-]{32}>/m,
    );
    expect(raw).toMatch(/Content-Type: image\/png/);
    expect(raw).toMatch(/Content-ID: <featured-image@inkwell>/);
    expect(raw).toContain('src="cid:featured-image@inkwell"');
    expect(smtp.received).toHaveLength(0);
  });
});

describe("links and images in the content", () => {
  it("reach every message as absolute addresses against PUBLIC_URL, in the HTML and the text part", async () => {
    makeSubscriber("a@example.com", ["News"]);
    queueNewsletter(
      getDb(),
      toSessionUser(makeUser("Administrator")),
      draft({
        content:
          '<p>See <a href="/explore">the explore page</a>, <a href="/post/a?x=1&amp;y=2">a post</a>, ' +
          '<a href="https://example.com/x">elsewhere</a> and <a href="mailto:desk@example.com">write</a>.</p>' +
          '<p><img src="/uploads/newsletters/chart.png" alt="Chart"></p>',
      }),
    );
    const sender = new NewsletterSender(getDb);
    sender.kick();
    await sender.idle();
    await sender.stop();
    expect(smtp.received).toHaveLength(1);
    const raw = decodeQuotedPrintable(smtp.received[0]?.raw ?? "");
    const html = raw.slice(raw.indexOf("Content-Type: text/html"));
    const text = raw.slice(
      raw.indexOf("Content-Type: text/plain"),
      raw.indexOf("Content-Type: text/html"),
    );
    expect(html).toContain('<a href="http://127.0.0.1:3500/explore"');
    expect(html).toContain('<a href="http://127.0.0.1:3500/post/a?x=1&amp;y=2"');
    expect(html).toContain('<a href="https://example.com/x"');
    expect(html).toContain('<a href="mailto:desk@example.com"');
    expect(html).toContain(
      '<img src="http://127.0.0.1:3500/uploads/newsletters/chart.png" alt="Chart"',
    );
    expect(html).not.toMatch(/(href|src)="\//);
    expect(text).toContain("the explore page (http://127.0.0.1:3500/explore)");
    expect(text).toContain("a post (http://127.0.0.1:3500/post/a?x=1&y=2)");
    expect(text).not.toMatch(/\(\//);
  });

  it("absoluteContent rewrites only a[href] and img[src] and keeps everything else", () => {
    const base = "https://news.example";
    expect(
      absoluteContent(
        '<p style="text-align: center;" dir="rtl"><a href="page" title="T" rel="noopener">x</a> ' +
          '<a href="#top">top</a> <a href="//cdn.example/y">cdn</a> Tom &amp; Jerry &lt;b&gt;</p>' +
          '<img src="data:image/png;base64,AAAA" alt="">',
        base,
      ),
    ).toBe(
      '<p style="text-align: center;" dir="rtl"><a href="https://news.example/page" title="T" rel="noopener">x</a> ' +
        '<a href="#top">top</a> <a href="https://cdn.example/y">cdn</a> Tom &amp; Jerry &lt;b&gt;</p>' +
        '<img src="data:image/png;base64,AAAA" alt="" />',
    );
    expect(absoluteUrl(base, "/uploads/a.png")).toBe("https://news.example/uploads/a.png");
    expect(absoluteUrl(base, "HTTPS://x.test/")).toBe("HTTPS://x.test/");
  });
});

describe("emailText", () => {
  it("keeps paragraphs, list items and link addresses", () => {
    expect(
      emailText(
        '<h2>Hi &amp; bye</h2><p>One<br>two</p><ul><li>a</li><li><a href="https://x.test">b</a></li></ul>',
      ),
    ).toBe("Hi & bye\nOne\ntwo\n- a\n- b (https://x.test)");
  });
});
