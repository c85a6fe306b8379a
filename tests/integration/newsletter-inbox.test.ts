/**
 * Newsletters that reach the inbox: every message DKIM-signed (verified with
 * mailauth against the published key), signed unsubscribe tokens, bounces.
 * A real in-process SMTP server receives the mail.
 */
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { toSessionUser } from "~/domain/access/actor.server";
import { mailDnsRecords } from "~/domain/newsletters/dkim.server";
import { queueNewsletter } from "~/domain/newsletters/queue.server";
import { NewsletterSender } from "~/domain/newsletters/sender.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { resetDatabase } from "../helpers";
import { makeSubscriber, makeUser, startSmtpServer } from "./fixtures";

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

export const letter = (values: Record<string, unknown> = {}) => ({
  subject: "Weekly digest",
  audience: "News",
  content: "<p>Markets rallied again this week.</p>",
  photo: null,
  attachment: null,
  ...values,
});

/** Sends whatever is queued through a fresh sender, to the test SMTP server. */
export async function sendQueued() {
  const sender = new NewsletterSender(getDb, { retryDelayMs: 10, log: () => {} });
  sender.kick();
  await sender.idle();
  await sender.stop();
}

/** A DNS resolver answering only with the records Settings › Mail shows. */
function publishedDns() {
  const { records } = mailDnsRecords(readEnv());
  return async (name: string, type: string) => {
    const found = records.filter((r) => r.name === name && r.type === type);
    if (found.length === 0) {
      const error = new Error(`no ${type} record for ${name}`) as Error & { code: string };
      error.code = "ENOTFOUND";
      throw error;
    }
    return found.map((r) => [r.value]);
  };
}

describe("DKIM", () => {
  it("signs every message so that it verifies against the published key, covering the list headers", async () => {
    makeSubscriber("ann@example.com", ["News"]);
    makeSubscriber("bob@example.com", ["News"]);
    queueNewsletter(getDb(), toSessionUser(makeUser("Administrator")), letter());
    await sendQueued();
    expect(smtp.received).toHaveLength(2);
    const resolver = publishedDns();
    for (const mail of smtp.received) {
      const result = await dkimVerify(Buffer.from(mail.raw), { resolver });
      expect(result.results).toHaveLength(1);
      const [signature] = result.results;
      expect(signature?.status.result, JSON.stringify(signature?.status)).toBe("pass");
      expect(signature?.signingDomain).toBe("inkwell.test");
      const signed = (
        (signature as { signingHeaders?: { keys: string } } | undefined)?.signingHeaders?.keys ?? ""
      )
        .toLowerCase()
        .split(": ");
      for (const header of [
        "from",
        "to",
        "subject",
        "date",
        "list-id",
        "list-unsubscribe",
        "list-unsubscribe-post",
      ]) {
        expect(signed).toContain(header);
      }
      expect(mail.raw).toMatch(/^List-Id: .*<news\.newsletter\.inkwell\.test>/im);
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    }
    // An altered message no longer verifies.
    const tampered = (smtp.received[0]?.raw ?? "").replace("Weekly digest", "Weekly digesT");
    const bad = await dkimVerify(Buffer.from(tampered), { resolver });
    expect(bad.results[0]?.status.result).toBe("fail");
  });

  it("uses DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN when given", async () => {
    const { generateKeyPairSync } = await import("node:crypto");
    const pem = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .privateKey.export({ type: "pkcs8", format: "pem" })
      .toString();
    process.env.DKIM_PRIVATE_KEY = pem.replace(/\n/g, "\\n");
    process.env.DKIM_SELECTOR = "news2026";
    process.env.DKIM_DOMAIN = "mail.inkwell.test";
    try {
      const dns = mailDnsRecords(readEnv());
      expect(dns.records[0]?.name).toBe("news2026._domainkey.mail.inkwell.test");
      makeSubscriber("ann@example.com", ["News"]);
      queueNewsletter(getDb(), toSessionUser(makeUser("Administrator")), letter());
      await sendQueued();
      const result = await dkimVerify(Buffer.from(smtp.received[0]?.raw ?? ""), {
        resolver: publishedDns(),
      });
      expect(result.results[0]?.status.result).toBe("pass");
      expect(result.results[0]?.signingDomain).toBe("mail.inkwell.test");
      expect(result.results[0]?.selector).toBe("news2026");
    } finally {
      delete process.env.DKIM_PRIVATE_KEY;
      delete process.env.DKIM_SELECTOR;
      delete process.env.DKIM_DOMAIN;
    }
  });
});
