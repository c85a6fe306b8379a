/**
 * What a failed send means for the sender (sender.server.ts): fail the
 * reader, try the reader again later, or pause everything (docs/behaviour.md,
 * newsletters), and the words the pause is logged with.
 */

/** An error as nodemailer (or the outbox's file write) throws it. */
export type SendError = Error & { responseCode?: number; code?: string; command?: string };

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
 *   connection, a refused greeting, MAIL FROM or login, a 421, a full disk
 *   under the outbox → not the recipient's fault: nothing is counted and the
 *   sender pauses.
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

/**
 * A permanent refusal of the address itself: a 5xx to RCPT TO, or a
 * mailbox answer to DATA (550 unavailable, 551 not local, 552 over quota,
 * 553 name not allowed). A 554 to DATA (the content refused) is not the
 * address's fault. The reader becomes Bounced.
 */
export function isBounce(error: SendError): boolean {
  const code = error.responseCode;
  if (typeof code !== "number" || code < 500 || code > 599) return false;
  const command = (error.command ?? "").toUpperCase();
  return command === "RCPT TO" || (command === "DATA" && code >= 550 && code <= 553);
}

/**
 * What the pause after an outage is logged as: a full disk (ENOSPC, the
 * outbox's `.eml` write) says so, since no mail server is involved; anything
 * else is the mail server being unavailable.
 */
export function outageDescription(error: SendError, reason: string): string {
  if (error.code === "ENOSPC") return `the disk is full (${reason})`;
  return `mail server unavailable (${reason})`;
}
