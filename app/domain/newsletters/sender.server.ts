/**
 * The background sender: reads pending deliveries a page at a time, keeps
 * several messages in flight at once, and writes the answers back in batches
 * (one transaction every FLUSH_MS or FLUSH_OUTCOMES answers, and whenever a
 * pass ends or the sender stops; deliveries.server.ts), so a restart resumes
 * with the rows still pending. What a stop or a crash can repeat:
 * docs/behaviour.md (newsletters, "Exactly once") and
 * docs/decisions/122-newsletter-batched-outcomes.md. A reader refused for now
 * is tried again on a later pass; when the mail server is down the sender
 * pauses, longer each time, and nothing is counted against the readers.
 */
import type { Newsletter } from "#db/schema";
import {
  closePending,
  type DeliveryRow,
  finishIfDone,
  markSending,
  type Outcome,
  openNewsletters,
  type PendingOutcome,
  pendingDeliveries,
  recordOutcomes,
} from "~/domain/newsletters/deliveries.server";
import { uploadsProblem } from "~/domain/newsletters/input.server";
import { composeMessage, type Recipient } from "~/domain/newsletters/message.server";
import {
  type ReaderMessage,
  type RenderedNewsletter,
  renderNewsletter,
} from "~/domain/newsletters/rendered.server";
import {
  classifySendError,
  isBounce,
  outageDescription,
  type SendError,
} from "~/domain/newsletters/send-errors.server";
import { getSettings } from "~/domain/site/settings.server";
import { type Db, getDb } from "~/platform/db.server";
import { type Env, readEnv } from "~/platform/env.server";
import { createMailTransport, type MailTransport, SMTP_CONNECTIONS } from "~/platform/mail.server";
import { newsletterMessages } from "~/platform/metrics.server";

/**
 * Answers are written at the latest this long after the first of a batch
 * came back, or as soon as this many wait: what a SIGKILL can make the next
 * start send again is bounded by them (docs/behaviour.md, newsletters).
 */
export const FLUSH_MS = 100;
export const FLUSH_OUTCOMES = 250;

/** Messages in flight at once: several per SMTP connection, so none waits between two messages. */
export const MESSAGES_IN_FLIGHT = 4 * SMTP_CONNECTIONS;

/**
 * A recipient's temporary refusal (a 4xx reply to RCPT TO or DATA, as
 * greylisting answers) keeps the delivery pending and tries it again after
 * about 1, 5, 15 and 30 minutes (kept in `next_attempt_at`, so a restart
 * keeps the schedule); the fifth refusal fails it.
 */
export const RETRY_SCHEDULE_MS = [60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000] as const;
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;

/** The longest pause between two passes while the mail server is down. */
export const MAX_RETRY_DELAY_MS = 5 * 60_000;

export type SenderOptions = {
  /** Pending deliveries read at a time (default 500). */
  batchSize?: number;
  /** Messages in flight at once (default MESSAGES_IN_FLIGHT). */
  concurrency?: number;
  /** Answers written together at most (default FLUSH_OUTCOMES); 1 writes each as it comes. */
  flushOutcomes?: number;
  /** The longest an answer waits to be written, in ms (default FLUSH_MS). */
  flushMs?: number;
  /** First pause before trying again (an outage, a temporary refusal); doubles each time, up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  transport?: MailTransport;
  log?: (line: string) => void;
  /** The waits before each retry of a temporary refusal (default RETRY_SCHEDULE_MS). */
  retrySchedule?: readonly number[];
  /**
   * Checked before each message starts: false stops the pass (this process no longer holds the
   * jobs' lease, so another one delivers: app/platform/job-lease.server.ts).
   */
  mayContinue?: () => boolean;
};

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

/**
 * The newsletter rendered once for all its readers (rendered.server.ts).
 * Throws a ComposeError when it cannot be built: its photo or attachment
 * under /uploads/ is gone or is not a file, or composing it throws.
 */
async function render(env: Env, siteName: string, letter: Newsletter) {
  const problem = uploadsProblem(env, letter);
  if (problem) throw new ComposeError(problem);
  compose(env, siteName, letter, { email: "preflight@example.com", name: "" });
  try {
    return await renderNewsletter(env, siteName, letter);
  } catch (error) {
    throw new ComposeError(`Could not compose the message: ${(error as Error).message}`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Delivers queued newsletters in the background, one batch at a time. One per
 * process (sender-process.server.ts); tests build their own.
 */
export class NewsletterSender {
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly ownTransport: boolean;
  private readonly retrySchedule: readonly number[];
  private readonly mayContinue: () => boolean;
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
  private haltedBy: string | undefined;
  /** The last outage, described for the log line. */
  private lastOutage = "";
  private readonly flushOutcomes: number;
  private readonly flushMs: number;
  /** Answers not written yet, all of one newsletter (one is delivered at a time). */
  private unwritten: PendingOutcome[] = [];
  private unwrittenOf: { db: Db; letter: Newsletter } | undefined;
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: () => Db = getDb,
    options: SenderOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.concurrency = Math.max(1, options.concurrency ?? MESSAGES_IN_FLIGHT);
    this.flushOutcomes = Math.max(1, options.flushOutcomes ?? FLUSH_OUTCOMES);
    this.flushMs = options.flushMs ?? FLUSH_MS;
    this.retryDelayMs = options.retryDelayMs ?? 5_000;
    this.maxRetryDelayMs = Math.max(
      this.retryDelayMs,
      options.maxRetryDelayMs ?? MAX_RETRY_DELAY_MS,
    );
    this.ownTransport = options.transport === undefined;
    this.retrySchedule = options.retrySchedule ?? RETRY_SCHEDULE_MS;
    this.log = options.log ?? ((line) => console.log(line));
    this.transport = options.transport;
    this.mayContinue = options.mayContinue ?? (() => true);
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
            this.log(`Newsletter sender: ${this.lastOutage}, trying again in ${delay} ms`);
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
    for (const letter of openNewsletters(db)) {
      if (this.stopping) return false;
      // The mail server is down: the other newsletters wait for the next pass too.
      if (this.outage) return true;
      try {
        if (await this.deliverNewsletter(db, letter)) retryLater = true;
      } catch (error) {
        if (error instanceof ComposeError) {
          // This newsletter cannot be built: fail it with the reason, go on with the next.
          this.log(`Newsletter ${letter.uid} failed: ${error.message}`);
          closePending(db, letter.id, "failed", error.message);
          finishIfDone(db, letter.id);
          continue;
        }
        // Anything else (the database busy…): try again later, after the other newsletters.
        this.log(`Newsletter sender (${letter.uid}): ${(error as Error).message}`);
        retryLater = true;
      }
    }
    return retryLater;
  }

  private async deliverNewsletter(db: Db, letter: Newsletter): Promise<boolean> {
    const env = readEnv();
    this.transport ??= createMailTransport(env);
    markSending(db, letter);
    const siteName = getSettings(db).siteName;
    const rendered = await render(env, siteName, letter);
    const next = this.feed(db, letter);
    // `concurrency` messages in flight at once (over the pooled SMTP
    // connections); each takes the next delivery as soon as it is done.
    const worker = async () => {
      while (!this.stopping && !this.outage && this.mayContinue()) {
        const delivery = next();
        if (!delivery) return;
        await this.deliverOne(db, rendered, letter, delivery);
      }
    };
    try {
      await Promise.all(Array.from({ length: this.concurrency }, worker));
    } finally {
      // Every answer is written before the pass ends: the next pass (or start) reads them.
      this.flush();
    }
    if (this.stopping) return false;
    if (this.outage) return true;
    return finishIfDone(db, letter.id);
  }

  /**
   * The newsletter's due pending deliveries one by one, read `batchSize` at a
   * time with a cursor over subscriber ids: a message that failed for a
   * temporary reason stays pending and is retried on the next pass, not in
   * this one, and an answer not written yet is never read back as pending.
   * Each reader's status is read now, not at queue time: who unsubscribed,
   * was set Inactive or Bounced, or was deleted since is skipped.
   */
  private feed(db: Db, letter: Newsletter): () => DeliveryRow | undefined {
    let after = 0;
    let page: DeliveryRow[] = [];
    let at = 0;
    let done = false;
    return () => {
      while (at >= page.length && !done) {
        const rows = pendingDeliveries(db, letter.id, after, this.batchSize);
        if (rows.length === 0) {
          done = true;
          break;
        }
        after = (rows.at(-1) as (typeof rows)[number]).delivery.subscriberId;
        const gone = rows.filter((r) => r.current !== "Active").map((r) => r.delivery.subscriberId);
        if (gone.length > 0) {
          closePending(db, letter.id, "skipped", "No longer an Active subscriber", gone);
        }
        page = rows.filter((r) => r.current === "Active").map((r) => r.delivery);
        at = 0;
      }
      return at < page.length ? page[at++] : undefined;
    };
  }

  private async deliverOne(
    db: Db,
    rendered: RenderedNewsletter,
    letter: Newsletter,
    delivery: DeliveryRow,
  ): Promise<void> {
    const transport = this.transport as MailTransport;
    let outcome: Outcome = { kind: "sent" };
    let message: ReaderMessage | undefined;
    try {
      // Inside the try: a reader's message that cannot be built fails that reader only.
      message = await rendered.forReader(delivery);
      await transport.send(
        message,
        `${letter.id}-${delivery.subscriberId}-${letter.uid.slice(0, 8)}`,
      );
    } catch (caught) {
      const error = caught as SendError;
      const reason = String(error.message ?? error).slice(0, 500);
      const kind = classifySendError(error);
      // An outage is not the recipient's fault: nothing counted, the row stays pending.
      if (kind === "outage") {
        this.outage = true;
        this.lastOutage = outageDescription(error, reason);
      }
      const final = kind === "refused" || delivery.attempts + 1 > this.retrySchedule.length;
      const kindOf = kind === "outage" ? "outage" : final ? "failed" : "retry";
      const wait = this.retrySchedule[delivery.attempts] ?? 0;
      outcome = {
        kind: kindOf,
        reason,
        bounced: kind === "refused" && isBounce(error),
        nextAttemptAt: kindOf === "retry" ? new Date(Date.now() + wait) : null,
      };
    } finally {
      // The transport has answered: it holds the message's bytes no more.
      message?.release();
    }
    this.record(db, letter, { delivery, outcome });
  }

  /** Keeps an answer to write with the next batch; writes the batch when it is full. */
  private record(db: Db, letter: Newsletter, answer: PendingOutcome) {
    if (this.haltedBy) return; // nothing more is written until a restart
    if (this.unwrittenOf && this.unwrittenOf.letter.id !== letter.id) this.flush();
    this.unwrittenOf = { db, letter };
    this.unwritten.push(answer);
    if (this.unwritten.length >= this.flushOutcomes) this.flush();
    else this.flushTimer ??= setTimeout(() => this.flush(), this.flushMs);
  }

  /** Writes the answers kept so far in one transaction. */
  private flush() {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const batch = this.unwritten;
    const of = this.unwrittenOf;
    this.unwritten = [];
    if (batch.length === 0 || !of) return;
    try {
      recordOutcomes(of.db, of.letter.id, batch);
      countRecorded(batch);
    } catch (error) {
      this.halt(of.letter, batch.length, error);
    }
  }

  /**
   * Answers that cannot be recorded (the disk full…) stop the sender: going
   * on would send the same messages again and again. It stays stopped until
   * the next start; the rows still pending go out then (those answers' too).
   */
  private halt(letter: Newsletter, answers: number, error: unknown) {
    if (this.stopping) return;
    this.stopping = true;
    this.haltedBy = (error as Error)?.message ?? String(error);
    this.log(
      `ALERT: newsletter sender stopped: ${answers} ${answers === 1 ? "delivery" : "deliveries"} ` +
        `of newsletter ${letter.uid} could not be recorded (${this.haltedBy}). Nothing more is ` +
        "sent until Inkwell is restarted; free disk space, then restart. Those messages may " +
        "go out again then.",
    );
  }

  /** Why the sender stopped by itself (a delivery it could not record); undefined while it runs. */
  get haltReason(): string | undefined {
    return this.haltedBy;
  }
}

/** `inkwell_newsletter_messages_total`: a message counts once its answer is recorded. */
function countRecorded(batch: PendingOutcome[]) {
  let sent = 0;
  let failed = 0;
  for (const { outcome } of batch) {
    if (outcome.kind === "sent") sent++;
    else if (outcome.kind === "failed") failed++;
  }
  if (sent) newsletterMessages.inc({ result: "sent" }, sent);
  if (failed) newsletterMessages.inc({ result: "failed" }, failed);
}
