/**
 * The mail transport: SMTP when `SMTP_URL` is set, otherwise one `.eml` file
 * per message in `DATA_DIR/outbox/` (nothing leaves the machine).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { SendMailOptions } from "nodemailer/lib/mailer";
import { type Env, readEnv } from "~/platform/env.server";

/** Open SMTP connections, and so messages in flight, while a newsletter goes out. */
export const SMTP_CONNECTIONS = 5;

/**
 * SMTP timeouts (docs/operations.md): the TCP connection, the server's
 * greeting, and any silence on an open connection. nodemailer's defaults
 * are 2 min, 30 s and 10 min.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

/** Where messages go: SMTP (`SMTP_URL`) or `.eml` files in the outbox. */
export type MailTransport = {
  kind: "smtp" | "outbox";
  send(message: SendMailOptions, name: string): Promise<void>;
  close(): void;
};

export function createMailTransport(env: Env = readEnv()): MailTransport {
  if (env.smtpUrl) {
    // Pooled: a few connections kept open and reused, instead of a new
    // connection (and EHLO) per message. The URL's own query may override.
    const smtp = nodemailer.createTransport({
      url: env.smtpUrl,
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      maxMessages: 1000,
      // A mail server that stalls never holds a message (or a shutdown) for long.
      ...SMTP_TIMEOUTS,
    });
    return {
      kind: "smtp",
      async send(message) {
        await smtp.sendMail(message);
      },
      close: () => smtp.close(),
    };
  }
  const stream = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    kind: "outbox",
    async send(message, name) {
      const info = await stream.sendMail(message);
      await mkdir(env.outboxDir, { recursive: true });
      await writeFile(join(env.outboxDir, `${name}.eml`), info.message as Buffer);
    },
    close: () => stream.close(),
  };
}
