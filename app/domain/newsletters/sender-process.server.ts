/**
 * The process's one newsletter sender: bootstrap starts it (resuming what a
 * previous run left pending) and stops it at shutdown; queueing a newsletter
 * wakes it (queue.server.ts), so no caller has to remember to.
 *
 * It lives here, beside the worker, rather than in app/platform: it is the
 * newsletters' own state, and the domain's queue must reach it without
 * importing start-up code. One per process (`processSingleton`), so a dev-server
 * reload does not start a second one.
 */
import { NewsletterSender, type SenderOptions } from "~/domain/newsletters/sender.server";
import { getDb } from "~/platform/db.server";
import { processSingleton } from "~/platform/process-singleton.server";

const slot = processSingleton("newsletter-sender", (): { sender?: NewsletterSender } => ({}));

/** Starts the process's sender (bootstrap) and resumes whatever is pending. */
export function startNewsletterSender(options: SenderOptions = {}): NewsletterSender {
  const existing = slot.sender;
  if (existing && !existing.isStopping) {
    existing.kick();
    return existing;
  }
  const sender = new NewsletterSender(getDb, options);
  slot.sender = sender;
  sender.kick();
  return sender;
}

/** Deliver now, if the process's sender runs (queueing calls it). */
export function kickNewsletterSender(): void {
  slot.sender?.kick();
}

/** True while the process's sender is in a pass (or waiting to retry one). */
export function newsletterSenderBusy(): boolean {
  return slot.sender?.isBusy ?? false;
}

/**
 * Stops the process's sender (shutdown): undefined when it was idle and has
 * stopped already, else a promise that resolves after the messages in flight.
 */
export function stopNewsletterSender(): Promise<void> | undefined {
  const sender = slot.sender;
  slot.sender = undefined;
  if (!sender) return undefined;
  const busy = sender.isBusy;
  const stopped = sender.stop();
  return busy ? stopped : undefined;
}
