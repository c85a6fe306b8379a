/**
 * The mail transport: SMTP when `SMTP_URL` is set, otherwise one `.eml` file
 * per message in `DATA_DIR/outbox/` (nothing leaves the machine).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import nodemailer from "nodemailer";
import type { SendMailOptions } from "nodemailer/lib/mailer";
import { type Env, readEnv } from "~/platform/env.server";

/** Open SMTP connections while a newsletter goes out (docs/performance.md#newsletters). */
export const SMTP_CONNECTIONS = 5;

/** A message built already (headers, body, signature): it goes out byte for byte. */
type PreparedMessage = { envelope: { from: string; to: string[] }; raw: Buffer };

const isPrepared = (m: SendMailOptions): m is SendMailOptions & PreparedMessage =>
  Buffer.isBuffer(m.raw) && Array.isArray((m.envelope as { to?: unknown } | undefined)?.to);

/**
 * What nodemailer's pool (10.x) reads of a message: its envelope, an id and
 * a Message-ID header for its log, and its bytes as a stream (the
 * MailMessage of `Transport.send`). Tests send through it to a real SMTP
 * server, so a nodemailer that wants more fails them.
 */
function poolMessage(message: PreparedMessage) {
  return {
    data: {},
    message: {
      getEnvelope: () => message.envelope,
      messageId: () => "",
      getHeader: () => "",
      createReadStream: () => Readable.from([message.raw], { objectMode: false }),
    },
  };
}

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
    // A newsletter's messages are built and signed already: they go to the
    // pool's transport directly, past sendMail's per-message compile step
    // (a MIME tree, a Message-ID and boundaries nobody uses).
    const pool = smtp.transporter as unknown as {
      send(mail: ReturnType<typeof poolMessage>, done: (error: Error | null) => void): boolean;
    };
    return {
      kind: "smtp",
      async send(message) {
        if (!isPrepared(message)) {
          await smtp.sendMail(message);
          return;
        }
        await new Promise<void>((resolve, reject) => {
          pool.send(poolMessage(message), (error) => (error ? reject(error) : resolve()));
        });
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
