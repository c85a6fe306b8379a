/**
 * Newsletters (SPEC §2 Send Newsletter, §3 draft, §7 `POST /newsletter/send`,
 * ARCHITECTURE §4 Mail): queueing a send, and the background sender that
 * delivers it through nodemailer.
 *
 * Queueing writes the `newsletters` row and one `newsletter_deliveries` row
 * per Active subscriber of the audience in one transaction (one INSERT …
 * SELECT, never a query per subscriber) and returns at once. The sender works
 * through pending rows in batches, marking each sent or failed as it goes, so
 * a restart resumes with the rows still pending and a sent row is never sent
 * again. Transport: SMTP when `SMTP_URL` is set, otherwise one `.eml` file per
 * message in `DATA_DIR/outbox/`.
 */
import { realpathSync, statSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { basename, isAbsolute, join, relative, resolve, sep } from "node:path";
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { SendMailOptions } from "nodemailer/lib/mailer";
import sanitizeHtml from "sanitize-html";
import { z } from "zod";
import {
  media,
  NEWSLETTER_AUDIENCES,
  type Newsletter,
  type NewsletterAudience,
  newsletterDeliveries,
  newsletters,
  subscribers,
} from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { assertCan } from "~/domain/access/actor.server";
import { badRequest, parseInput } from "~/domain/errors.server";
import { sanitizePostHtml } from "~/domain/posts/sanitize.server";
import { getSettings } from "~/domain/site/settings.server";
import { type Db, getDb } from "~/platform/db.server";
import { type Env, readEnv } from "~/platform/env.server";
import { ONE_CLICK_UNSUBSCRIBE_PATH } from "~/utils/same-origin";
import { htmlToText } from "~/utils/text";

// ---------------------------------------------------------------------------
// Input

/** "All Subscribers", "all", "news" … → the stored audience names. */
function normaliseAudience(value: unknown) {
  if (typeof value !== "string") return value;
  const v = value.trim().toLowerCase();
  if (v === "all" || v === "all subscribers") return "All";
  return NEWSLETTER_AUDIENCES.find((a) => a.toLowerCase() === v) ?? value;
}

/**
 * An image or file the message refers to: a path on this site (`/uploads/…`,
 * `/demo/…`) or an http(s) URL. Empty means none.
 */
const assetSchema = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v),
  z
    .string({ error: "must be a URL" })
    .trim()
    .max(2048, "is too long")
    .refine(
      (v) => /^\/(?!\/)[^\s\\]*$/.test(v) || /^https?:\/\/[^\s]+$/i.test(v),
      "must be a path on this site or an http(s) URL",
    )
    .nullable(),
);

/** SPEC §3 newsletter draft `{subject, audience, content, photo, attachment}`. */
export const newsletterDraftSchema = z.object({
  // A line break in a subject (a header) becomes a space.
  subject: z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[\r\n\u0085\u2028\u2029]+/g, " ") : v),
    z
      .string({ error: "Subject is required" })
      .trim()
      .min(1, "Subject is required")
      .max(200, "Subject is too long (200 characters at most)"),
  ),
  audience: z.preprocess(
    normaliseAudience,
    z.enum(NEWSLETTER_AUDIENCES, {
      error: "Audience must be All Subscribers, News, Music or Promotions",
    }),
  ),
  content: z
    .string({ error: "Content is required" })
    .max(500_000, "Content is too long")
    .refine((v) => v.trim() !== "", "Content is required"),
  photo: assetSchema.optional().default(null),
  attachment: assetSchema
    .optional()
    .default(null)
    .refine((v) => v === null || v.startsWith("/uploads/"), {
      message: "must be a file uploaded to this site (/uploads/…)",
    }),
});
export type NewsletterDraftInput = z.input<typeof newsletterDraftSchema>;

// ---------------------------------------------------------------------------
// Attachments

/** What Send Newsletter accepts as an attachment (by content): PDF and the usual images. */
export const ATTACHMENT_TYPES: Record<string, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};
/** 10 MB: every message carries the file, and most mail servers refuse messages over 20–25 MB. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** The uploaded file's original name (the media library keeps it), else the stored one. */
function attachmentName(db: Db, url: string): string {
  const row = db.select({ name: media.name }).from(media).where(eq(media.url, url)).get();
  return row?.name ?? basename(url);
}

// ---------------------------------------------------------------------------
// Queueing

export type NewsletterSummary = {
  id: number;
  uid: string;
  subject: string;
  audience: NewsletterAudience;
  status: Newsletter["status"];
  recipientCount: number;
  deliveredCount: number;
  failedCount: number;
  skippedCount: number;
  createdAt: number;
  queuedAt: number | null;
  sentAt: number | null;
};

function toSummary(n: Newsletter): NewsletterSummary {
  return {
    id: n.id,
    uid: n.uid,
    subject: n.subject,
    audience: n.audience,
    status: n.status,
    recipientCount: n.recipientCount,
    deliveredCount: n.deliveredCount,
    failedCount: n.failedCount,
    skippedCount: n.skippedCount,
    createdAt: n.createdAt.getTime(),
    queuedAt: n.queuedAt?.getTime() ?? null,
    sentAt: n.sentAt?.getTime() ?? null,
  };
}

/** The whole record as the generic data calls return it (SPEC §3 newsletter draft + delivery figures). */
export function newsletterDocument(n: Newsletter) {
  return {
    ...toSummary(n),
    content: n.content,
    photo: n.photo,
    attachment: n.attachment,
    attachmentName: n.attachmentName,
  };
}

function audienceLabel(audience: NewsletterAudience) {
  return audience === "All" ? "All Subscribers" : audience;
}

/**
 * Queues a newsletter for every Active subscriber of its audience ("All":
 * every Active subscriber). Administrators and Editors only (`manageMail`).
 * 400 for bad input or an audience with nobody to send to; nothing is written
 * then. Returns at once: call `kickNewsletterSender()` to start delivery.
 */
export function queueNewsletter(
  db: Db,
  user: SessionUser,
  input: unknown,
  now = new Date(),
): NewsletterSummary {
  assertCan(user, "manageMail");
  const draft = parseInput(newsletterDraftSchema, input);
  assertUploadsExist(readEnv(), draft);
  const content = sanitizePostHtml(draft.content);
  if (htmlToText(content).trim() === "" && !/<img\b/i.test(content)) {
    throw badRequest("Content is required");
  }
  return db.transaction((tx) => {
    const row = tx
      .insert(newsletters)
      .values({
        uid: crypto.randomUUID(),
        subject: draft.subject,
        audience: draft.audience,
        content,
        photo: draft.photo,
        attachment: draft.attachment,
        attachmentName: draft.attachment
          ? attachmentName(tx as unknown as Db, draft.attachment)
          : null,
        status: "queued",
        createdBy: user.id,
        createdAt: now,
        queuedAt: now,
      })
      .returning()
      .get();
    const audienceFilter =
      draft.audience === "All"
        ? sql``
        : sql`and exists (select 1 from subscriber_audiences a
                where a.subscriber_id = s.id and a.audience = ${draft.audience})`;
    const inserted = tx.run(sql`
      insert into newsletter_deliveries (newsletter_id, subscriber_id, email, name, status, attempts)
      select ${row.id}, s.id, s.email, s.name, 'pending', 0
      from subscribers s
      where s.status = 'Active' ${audienceFilter}`);
    const recipients = Number(inserted.changes);
    if (recipients === 0) {
      // Throwing rolls the transaction back: nothing is written.
      throw badRequest(
        `There are no active subscribers in the ${audienceLabel(draft.audience)} audience`,
      );
    }
    const queued = tx
      .update(newsletters)
      .set({ recipientCount: recipients })
      .where(eq(newsletters.id, row.id))
      .returning()
      .get();
    return toSummary(queued);
  });
}

export function getNewsletter(db: Db, uid: string): NewsletterSummary | undefined {
  const row = db.select().from(newsletters).where(eq(newsletters.uid, uid)).get();
  return row ? toSummary(row) : undefined;
}

/** Newest first, for the admin screens. */
export function listNewsletters(db: Db, limit = 50): NewsletterSummary[] {
  return db
    .select()
    .from(newsletters)
    .orderBy(desc(newsletters.createdAt), desc(newsletters.id))
    .limit(limit)
    .all()
    .map(toSummary);
}

export type DeliveryRow = typeof newsletterDeliveries.$inferSelect;

export function listDeliveries(db: Db, newsletterId: number): DeliveryRow[] {
  return db
    .select()
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.newsletterId, newsletterId))
    .orderBy(asc(newsletterDeliveries.subscriberId))
    .all();
}

// ---------------------------------------------------------------------------
// The message

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * The plain-text part: `htmlToText`, with each link's address after its text
 * and list items as "- " lines.
 */
export function emailText(html: string): string {
  return htmlToText(
    html
      .replace(
        /<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
        (_m, href: string, text: string) => (text.includes(href) ? text : `${text} (${href})`),
      )
      .replace(/<li\b[^>]*>/gi, "<li>- "),
  );
}

/** The page a reader opens from the message (SPEC §2 `/unsubscribe?email=`). */
export function unsubscribeUrl(publicUrl: string, email: string) {
  return `${publicUrl}/unsubscribe?email=${encodeURIComponent(email)}`;
}

/**
 * The `List-Unsubscribe` address: the JSON call, which takes a mail client's
 * one-click POST (RFC 8058) with the email in the query, and sends a GET to
 * the page above.
 */
export function oneClickUnsubscribeUrl(publicUrl: string, email: string) {
  return `${publicUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?email=${encodeURIComponent(email)}`;
}

/** `decodeURIComponent` that answers null for a malformed escape (`%E0%A4%A`, `100%.png`). */
function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

type UploadCheck = { file: string } | { problem: string };

/**
 * The regular file under DATA_DIR/uploads that a `/uploads/…` path names, or
 * why it cannot be used (a malformed path, outside the folder, missing, a
 * folder). Never throws.
 */
export function checkUploadedFile(env: Env, path: string): UploadCheck {
  const decoded = safeDecode(path.slice("/uploads".length).split(/[?#]/)[0] ?? "");
  if (decoded === null || decoded.includes("\0")) return { problem: "is not a valid path" };
  const outside = (root: string, target: string) => {
    const rel = relative(root, target);
    return rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel);
  };
  const file = resolve(env.uploadsDir, `.${decoded}`);
  if (outside(env.uploadsDir, file)) return { problem: "must be a file inside /uploads/" };
  let real: string;
  try {
    real = realpathSync(file);
    if (!statSync(real).isFile()) return { problem: "is not a file" };
  } catch {
    return { problem: "does not exist" };
  }
  // A symbolic link may not lead out of the uploads folder.
  if (outside(realpathSync(env.uploadsDir), real)) {
    return { problem: "must be a file inside /uploads/" };
  }
  return { file: real };
}

/** A file under DATA_DIR/uploads for a `/uploads/…` path, if it is a regular file inside. */
function uploadedFile(env: Env, path: string | null): string | null {
  if (!path?.startsWith("/uploads/")) return null;
  const checked = checkUploadedFile(env, path);
  return "file" in checked ? checked.file : null;
}

/** 400 unless each `/uploads/…` path names a regular file inside DATA_DIR/uploads. */
function assertUploadsExist(env: Env, draft: { photo: string | null; attachment: string | null }) {
  for (const [field, label] of [
    ["photo", "Photo"],
    ["attachment", "Attachment"],
  ] as const) {
    const path = draft[field];
    if (!path?.startsWith("/uploads/")) continue;
    const checked = checkUploadedFile(env, path);
    if ("problem" in checked) throw badRequest(`${label} ${path.slice(0, 200)} ${checked.problem}`);
  }
}

const absolute = (publicUrl: string, path: string) =>
  /^https?:\/\//i.test(path) ? path : `${publicUrl}${path}`;

/**
 * An address in the content as a mail client needs it: a path on this site
 * (`/explore`, `/uploads/newsletters/…`, `page`) → `PUBLIC_URL/…`; a
 * protocol-relative one gets PUBLIC_URL's scheme; an address with a scheme
 * or a `#fragment` stays as it is.
 */
export function absoluteUrl(publicUrl: string, value: string): string {
  const v = value.trim();
  if (v === "" || v.startsWith("#") || /^[a-z][a-z0-9+.-]*:/i.test(v)) return value;
  if (v.startsWith("//")) return `${new URL(publicUrl).protocol}${v}`;
  return v.startsWith("/") ? `${publicUrl}${v}` : `${publicUrl}/${v}`;
}

/**
 * The stored (already sanitised) content with every link and image address
 * made absolute against PUBLIC_URL, through sanitize-html's parser: every tag
 * and attribute is kept, only `a[href]` and `img[src]` are rewritten.
 */
export function absoluteContent(html: string, publicUrl: string): string {
  const rewrite =
    (attribute: "href" | "src") => (tagName: string, attribs: sanitizeHtml.Attributes) => ({
      tagName,
      attribs:
        typeof attribs[attribute] === "string"
          ? { ...attribs, [attribute]: absoluteUrl(publicUrl, attribs[attribute]) }
          : attribs,
    });
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowedSchemesAppliedToAttributes: [],
    parseStyleAttributes: false,
    allowVulnerableTags: true,
    transformTags: { a: rewrite("href"), img: rewrite("src") },
  });
}

/** The last newsletter's content made absolute: one parse per newsletter, not per message. */
let contentCache: { key: string; html: string; text: string } | undefined;

function messageContent(letter: Newsletter, publicUrl: string) {
  const key = `${letter.uid}\n${publicUrl}\n${letter.content.length}`;
  if (contentCache?.key !== key) {
    const html = absoluteContent(letter.content, publicUrl);
    contentCache = { key, html, text: emailText(html) };
  }
  return contentCache;
}

const FEATURED_CID = "featured-image@inkwell";

type Recipient = { email: string; name: string };

/** The nodemailer message for one recipient. */
export function composeMessage(
  env: Env,
  siteName: string,
  letter: Newsletter,
  to: Recipient,
): SendMailOptions {
  const unsubscribe = unsubscribeUrl(env.publicUrl, to.email);
  const content = messageContent(letter, env.publicUrl);
  const fromAddress = addressparser(env.mailFrom, { flatten: true })[0]?.address || env.mailFrom;
  const photoFile = uploadedFile(env, letter.photo);
  const photoSrc = photoFile
    ? `cid:${FEATURED_CID}`
    : letter.photo
      ? absolute(env.publicUrl, letter.photo)
      : null;
  const attachmentFile = uploadedFile(env, letter.attachment);
  const site = escapeHtml(siteName);
  const greeting = to.name ? `Hello ${escapeHtml(to.name)},` : "Hello,";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(letter.subject)}</title></head>
<body style="margin:0;padding:0;background:#F7F7F7;color:#222222;font-family:system-ui,sans-serif">
<div style="max-width:640px;margin:0 auto;padding:24px;background:#ffffff">
<p style="font-size:20px;font-weight:bold;color:#0062CC;margin:0 0 16px">${site}</p>
${photoSrc ? `<img src="${escapeHtml(photoSrc)}" alt="" style="max-width:100%;height:auto;display:block;margin:0 0 16px">` : ""}
<h1 style="font-size:24px;margin:0 0 16px">${escapeHtml(letter.subject)}</h1>
<p>${greeting}</p>
${content.html}
<hr style="margin:32px 0 16px;border:0;border-top:1px solid #dddddd">
<p style="font-size:13px;color:#555555">You receive this because you subscribed to the ${site} newsletter (${escapeHtml(audienceLabel(letter.audience))}).
<a href="${escapeHtml(unsubscribe)}" style="color:#0062CC">Unsubscribe</a></p>
</div></body></html>`;
  const text = [
    siteName,
    "",
    letter.subject,
    "",
    to.name ? `Hello ${to.name},` : "Hello,",
    "",
    content.text,
    "",
    "--",
    `You receive this because you subscribed to the ${siteName} newsletter (${audienceLabel(letter.audience)}).`,
    `Unsubscribe: ${unsubscribe}`,
  ].join("\n");
  const attachments: NonNullable<SendMailOptions["attachments"]> = [];
  if (photoFile)
    attachments.push({ path: photoFile, cid: FEATURED_CID, filename: basename(photoFile) });
  if (attachmentFile) {
    attachments.push({
      path: attachmentFile,
      filename: letter.attachmentName ?? basename(attachmentFile),
    });
  }
  return {
    from: { name: siteName, address: fromAddress },
    to: to.name ? { name: to.name, address: to.email } : to.email,
    subject: letter.subject,
    html,
    text,
    attachments,
    list: { unsubscribe: oneClickUnsubscribeUrl(env.publicUrl, to.email) },
    headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

// ---------------------------------------------------------------------------
// Transport

/** Open SMTP connections, and so messages in flight, while a newsletter goes out. */
export const SMTP_CONNECTIONS = 5;

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

// ---------------------------------------------------------------------------
// The sender

/**
 * A recipient's temporary refusal (a 4xx reply to RCPT TO or DATA) keeps the
 * delivery pending for a later pass, this many times at most.
 */
export const MAX_ATTEMPTS = 5;

/** The longest pause between two passes while the mail server is down. */
export const MAX_RETRY_DELAY_MS = 5 * 60_000;

export type SenderOptions = {
  batchSize?: number;
  /** Messages in flight at once (default 5, the SMTP pool's connections). */
  concurrency?: number;
  /** First pause before trying again (an outage, a temporary refusal); doubles each time, up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  transport?: MailTransport;
  log?: (line: string) => void;
};

type SendError = Error & { responseCode?: number; code?: string; command?: string };

/** A local file gone or unreadable: the attachment deleted, or replaced by a folder, mid-send. */
const LOCAL_FILE_ERRORS = new Set(["ENOENT", "EISDIR", "ENOTDIR", "EACCES", "EPERM"]);

/**
 * What a failed send means:
 * - `refused`: the server refused this recipient or message for good (5xx to
 *   RCPT TO or DATA), or nodemailer refused the message (an invalid address)
 *   → that delivery fails;
 * - `deferred`: the server refused this recipient for now (4xx to RCPT TO or
 *   DATA) → it stays pending, counted, for a later pass;
 * - `outage`: anything else: no connection, a dropped or timed-out
 *   connection, a refused greeting, MAIL FROM or login, a 421 → not the
 *   recipient's fault: nothing is counted and the sender pauses.
 * A local file that has gone (the attachment) is `refused` too.
 */
export function classifySendError(error: SendError): "refused" | "deferred" | "outage" {
  // nodemailer refused the message itself (an invalid address…): sending it again cannot help.
  if (error.command === "API") return "refused";
  // A local file gone or unreadable (the attachment deleted mid-send): no pause brings it back.
  if (error.code && LOCAL_FILE_ERRORS.has(error.code)) return "refused";
  const code = error.responseCode;
  const recipientLevel = /^(RCPT TO|DATA)$/i.test(error.command ?? "");
  if (typeof code !== "number" || !recipientLevel || code === 421) return "outage";
  if (code >= 500) return "refused";
  if (code >= 400) return "deferred";
  return "outage";
}

/** A newsletter that cannot be turned into a message (a bad photo or attachment…). */
class ComposeError extends Error {}

/** `composeMessage`, with any failure as a ComposeError carrying the reason. */
function compose(env: Env, siteName: string, letter: Newsletter, to: Recipient) {
  try {
    return composeMessage(env, siteName, letter, to);
  } catch (error) {
    throw new ComposeError(`Could not compose the message: ${(error as Error).message}`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Delivers queued newsletters in the background, one batch at a time. One per
 * process (see `startNewsletterSender`); tests build their own.
 */
export class NewsletterSender {
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly ownTransport: boolean;
  /** Outages in a row: the pause before the next pass grows with it. */
  private outages = 0;
  /** Set by a send that met an outage: no new message starts until the next pass. */
  private outage = false;
  private readonly log: (line: string) => void;
  private transport: MailTransport | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopping = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly db: () => Db = getDb,
    options: SenderOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 50;
    this.concurrency = Math.max(1, options.concurrency ?? SMTP_CONNECTIONS);
    this.retryDelayMs = options.retryDelayMs ?? 5_000;
    this.maxRetryDelayMs = Math.max(
      this.retryDelayMs,
      options.maxRetryDelayMs ?? MAX_RETRY_DELAY_MS,
    );
    this.ownTransport = options.transport === undefined;
    this.log = options.log ?? ((line) => console.log(line));
    this.transport = options.transport;
  }

  /** Starts (or restarts) a pass over everything pending; returns at once. */
  kick(): void {
    if (this.stopping) return;
    this.again = true;
    this.wake?.();
    if (!this.running) {
      this.running = this.loop().finally(() => {
        this.running = undefined;
      });
    }
  }

  /** Resolves when nothing is pending any more (or the sender stopped). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Lets the messages in flight finish, then stops; pending rows wait for the
   * next start. When nothing is in flight it stops at once (synchronously).
   */
  stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    const closeTransport = () => {
      this.transport?.close();
      this.transport = undefined;
    };
    if (!this.running) {
      closeTransport();
      return Promise.resolve();
    }
    return this.running.then(closeTransport);
  }

  get isStopping() {
    return this.stopping;
  }

  /** True while a pass is running (a message may be in flight). */
  get isBusy() {
    return this.running !== undefined;
  }

  private async loop(): Promise<void> {
    while (this.again && !this.stopping) {
      this.again = false;
      try {
        this.outage = false;
        const retryLater = await this.deliverPending();
        if (this.outage) {
          this.outages += 1;
          if (this.ownTransport) {
            // A fresh pool on the next pass, not connections the outage left behind.
            this.transport?.close();
            this.transport = undefined;
          }
        } else {
          this.outages = 0;
        }
        if (retryLater && !this.stopping) {
          this.again = true;
          const delay = Math.min(
            this.maxRetryDelayMs,
            this.retryDelayMs * 2 ** Math.max(0, this.outages - 1),
          );
          if (this.outage) {
            this.log(`Newsletter sender: mail server unavailable, trying again in ${delay} ms`);
          }
          await new Promise<void>((r) => {
            this.wake = r;
            setTimeout(r, delay).unref?.();
          });
          this.wake = undefined;
        }
      } catch (error) {
        if (this.stopping) return;
        this.log(`Newsletter sender: ${(error as Error).message}`);
        await sleep(this.retryDelayMs);
        this.again = true;
      }
    }
  }

  /** One pass over every queued or sending newsletter; true when some messages wait for a retry. */
  private async deliverPending(): Promise<boolean> {
    let retryLater = false;
    const db = this.db();
    const open = db
      .select()
      .from(newsletters)
      .where(inArray(newsletters.status, ["queued", "sending"]))
      .orderBy(asc(newsletters.id))
      .all();
    for (const letter of open) {
      if (this.stopping) return false;
      // The mail server is down: the other newsletters wait for the next pass too.
      if (this.outage) return true;
      try {
        if (await this.deliverNewsletter(db, letter)) retryLater = true;
      } catch (error) {
        if (error instanceof ComposeError) {
          // This newsletter cannot be built: fail it with the reason, go on with the next.
          this.log(`Newsletter ${letter.uid} failed: ${error.message}`);
          this.failNewsletter(db, letter.id, error.message);
          continue;
        }
        // Anything else (the database busy…): try again later, after the other newsletters.
        this.log(`Newsletter sender (${letter.uid}): ${(error as Error).message}`);
        retryLater = true;
      }
    }
    return retryLater;
  }

  /** Marks every pending delivery of the newsletter failed with `reason`, then closes it. */
  private failNewsletter(db: Db, id: number, reason: string) {
    db.transaction((tx) => {
      const failed = tx
        .update(newsletterDeliveries)
        .set({ status: "failed", error: reason.slice(0, 500), updatedAt: new Date() })
        .where(
          and(
            eq(newsletterDeliveries.newsletterId, id),
            eq(newsletterDeliveries.status, "pending"),
          ),
        )
        .run().changes;
      tx.update(newsletters)
        .set({ failedCount: sql`${newsletters.failedCount} + ${failed}` })
        .where(eq(newsletters.id, id))
        .run();
    });
    this.finishIfDone(db, id);
  }

  /**
   * Throws a ComposeError when the newsletter cannot be built: its photo or
   * attachment under /uploads/ is gone or is not a file, or composing a
   * message throws.
   */
  private preflight(env: Env, siteName: string, letter: Newsletter) {
    for (const [path, label] of [
      [letter.photo, "Photo"],
      [letter.attachment, "Attachment"],
    ] as const) {
      if (!path?.startsWith("/uploads/")) continue;
      const checked = checkUploadedFile(env, path);
      if ("problem" in checked) {
        throw new ComposeError(`${label} ${path.slice(0, 200)} ${checked.problem}`);
      }
    }
    compose(env, siteName, letter, { email: "preflight@example.com", name: "" });
  }

  private async deliverNewsletter(db: Db, letter: Newsletter): Promise<boolean> {
    const env = readEnv();
    this.transport ??= createMailTransport(env);
    if (letter.status === "queued") {
      db.update(newsletters).set({ status: "sending" }).where(eq(newsletters.id, letter.id)).run();
    }
    const siteName = getSettings(db).siteName;
    this.preflight(env, siteName, letter);
    // A cursor over subscriber ids: a message that failed for a temporary
    // reason stays pending and is retried on the next pass, not in this one.
    let after = 0;
    for (;;) {
      if (this.stopping) return false;
      // Each reader's status now, not at queue time: who unsubscribed, was
      // set Inactive or was deleted since is skipped (SPEC §4).
      const rows = db
        .select({ delivery: newsletterDeliveries, current: subscribers.status })
        .from(newsletterDeliveries)
        .leftJoin(subscribers, eq(subscribers.id, newsletterDeliveries.subscriberId))
        .where(
          and(
            eq(newsletterDeliveries.newsletterId, letter.id),
            eq(newsletterDeliveries.status, "pending"),
            gt(newsletterDeliveries.subscriberId, after),
          ),
        )
        .orderBy(asc(newsletterDeliveries.subscriberId))
        .limit(this.batchSize)
        .all();
      if (rows.length === 0) break;
      after = (rows.at(-1) as (typeof rows)[number]).delivery.subscriberId;
      const gone = rows.filter((r) => r.current !== "Active").map((r) => r.delivery.subscriberId);
      if (gone.length > 0) this.skip(db, letter.id, gone);
      const batch = rows.filter((r) => r.current === "Active").map((r) => r.delivery);
      if (batch.length === 0) continue;
      // `concurrency` messages in flight at once (over as many pooled SMTP
      // connections); each is recorded as soon as its answer comes back.
      let next = 0;
      const worker = async () => {
        while (next < batch.length && !this.stopping && !this.outage) {
          const delivery = batch[next++] as DeliveryRow;
          await this.deliverOne(db, env, siteName, letter, delivery);
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.concurrency, batch.length) }, worker));
      if (this.stopping) return false;
      if (this.outage) return true;
    }
    return this.finishIfDone(db, letter.id);
  }

  /** Marks these pending deliveries skipped (one UPDATE) and counts them. */
  private skip(db: Db, id: number, subscriberIds: number[]) {
    db.transaction((tx) => {
      const skipped = tx
        .update(newsletterDeliveries)
        .set({ status: "skipped", error: "No longer an Active subscriber", updatedAt: new Date() })
        .where(
          and(
            eq(newsletterDeliveries.newsletterId, id),
            eq(newsletterDeliveries.status, "pending"),
            inArray(newsletterDeliveries.subscriberId, subscriberIds),
          ),
        )
        .run().changes;
      if (skipped) {
        tx.update(newsletters)
          .set({ skippedCount: sql`${newsletters.skippedCount} + ${skipped}` })
          .where(eq(newsletters.id, id))
          .run();
      }
    });
  }

  private async deliverOne(
    db: Db,
    env: Env,
    siteName: string,
    letter: Newsletter,
    delivery: DeliveryRow,
  ): Promise<void> {
    const transport = this.transport as MailTransport;
    const message = compose(env, siteName, letter, delivery);
    const where = and(
      eq(newsletterDeliveries.newsletterId, letter.id),
      eq(newsletterDeliveries.subscriberId, delivery.subscriberId),
      eq(newsletterDeliveries.status, "pending"),
    );
    try {
      await transport.send(
        message,
        `${letter.id}-${delivery.subscriberId}-${letter.uid.slice(0, 8)}`,
      );
    } catch (caught) {
      const error = caught as SendError;
      const reason = String(error.message ?? error).slice(0, 500);
      const kind = classifySendError(error);
      if (kind === "outage") {
        // Not the recipient's fault: nothing counted, the row stays pending.
        this.outage = true;
        db.update(newsletterDeliveries)
          .set({ error: reason, updatedAt: new Date() })
          .where(where)
          .run();
        return;
      }
      const attempts = delivery.attempts + 1;
      const failed = kind === "refused" || attempts >= MAX_ATTEMPTS;
      db.transaction((tx) => {
        const changed = tx
          .update(newsletterDeliveries)
          .set({
            status: failed ? "failed" : "pending",
            attempts,
            error: reason,
            updatedAt: new Date(),
          })
          .where(where)
          .run().changes;
        if (failed && changed) {
          tx.update(newsletters)
            .set({ failedCount: sql`${newsletters.failedCount} + 1` })
            .where(eq(newsletters.id, letter.id))
            .run();
        }
      });
      return;
    }
    db.transaction((tx) => {
      const changed = tx
        .update(newsletterDeliveries)
        .set({
          status: "sent",
          attempts: delivery.attempts + 1,
          error: null,
          updatedAt: new Date(),
        })
        .where(where)
        .run().changes;
      if (changed) {
        tx.update(newsletters)
          .set({ deliveredCount: sql`${newsletters.deliveredCount} + 1` })
          .where(eq(newsletters.id, letter.id))
          .run();
      }
    });
  }

  /**
   * Once nothing is pending: `sent` when no delivery failed, `partly sent`
   * when some were delivered and some failed, `failed` when some failed and
   * none was delivered.
   */
  private finishIfDone(db: Db, id: number): boolean {
    const pending = db
      .select({ n: sql<number>`count(*)` })
      .from(newsletterDeliveries)
      .where(
        and(eq(newsletterDeliveries.newsletterId, id), eq(newsletterDeliveries.status, "pending")),
      )
      .get()?.n;
    if (pending) return true;
    db.update(newsletters)
      .set({
        status: sql`case when ${newsletters.failedCount} = 0 then 'sent'
          when ${newsletters.deliveredCount} > 0 then 'partly sent' else 'failed' end`,
        sentAt: new Date(),
      })
      .where(eq(newsletters.id, id))
      .run();
    return false;
  }
}

// ---------------------------------------------------------------------------
// The process's sender

const globalForSender = globalThis as typeof globalThis & { __inkwellSender?: NewsletterSender };

/** Starts the process's sender (bootstrap) and resumes whatever is pending. */
export function startNewsletterSender(options: SenderOptions = {}): NewsletterSender {
  const existing = globalForSender.__inkwellSender;
  if (existing && !existing.isStopping) {
    existing.kick();
    return existing;
  }
  const sender = new NewsletterSender(getDb, options);
  globalForSender.__inkwellSender = sender;
  sender.kick();
  return sender;
}

/** After queueing: deliver now, if the process's sender runs. */
export function kickNewsletterSender(): void {
  globalForSender.__inkwellSender?.kick();
}

/**
 * Stops the process's sender (shutdown): undefined when it was idle and has
 * stopped already, else a promise that resolves after the messages in flight.
 */
export function stopNewsletterSender(): Promise<void> | undefined {
  const sender = globalForSender.__inkwellSender;
  globalForSender.__inkwellSender = undefined;
  if (!sender) return undefined;
  const busy = sender.isBusy;
  const stopped = sender.stop();
  return busy ? stopped : undefined;
}
