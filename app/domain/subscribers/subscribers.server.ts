/**
 * Newsletter subscribers (docs/behaviour.md §data, §subscribers): what a reader's signup and
 * unsubscribe do. Called by the public forms' actions and by the JSON routes
 * `POST /newsletter/join` and `POST /newsletter/unsubscribe`.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { type Subscriber, subscribers } from "#db/schema";
import { badRequest, notFound } from "~/domain/errors.server";
import { personName } from "~/domain/names";
import {
  dropConfirmation,
  issueConfirmation,
  sendConfirmationMail,
} from "~/domain/subscribers/confirmation.server";
import { AUDIENCES, type Audience, inWords } from "~/domain/subscribers/vocabulary";
import { writeSubscriber } from "~/domain/subscribers/writer.server";
import type { Db } from "~/platform/db.server";
import { emailField } from "~/utils/validation";

export const MESSAGES = {
  joined: "Thank you for subscribing! Look out for our next newsletter.",
  updated: "You're already subscribed: we've updated your newsletter choices.",
  unsubscribed: "You have unsubscribed successfully!",
  unsubscribeFailed: "An error occurred while unsubscribing. Please try again.",
  unknownEmail: "We couldn't find a subscription for that email address.",
  confirm:
    "Thank you! Check your inbox: we've sent a link to confirm your subscription (it works for 7 days).",
} as const;

export const emailSchema = emailField("Email is required");

/** One audience or a list of them (a form sends repeated `audience` fields). */
export const audienceListSchema = z.preprocess(
  (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(z.enum(AUDIENCES, { error: `Audience must be ${inWords(AUDIENCES)}` }))
    .max(AUDIENCES.length * 2)
    .transform((list) => [...new Set(list)])
    .refine((list) => list.length > 0, "Choose at least one newsletter"),
);

/** docs/behaviour.md §data newsletter signup `{name, email, audience}`. */
export const newsletterJoinSchema = z.object({
  name: personName("Name is required"),
  email: emailSchema,
  audience: audienceListSchema,
});
export type NewsletterJoinInput = z.input<typeof newsletterJoinSchema>;

export const unsubscribeSchema = z.object({ email: emailSchema });

/** Like parseInput, but the message is the reader-facing sentence alone ("Name is required"). */
function parseForReader<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid input");
  return result.data;
}

/** The answer to a signup. With confirmation it is the same whoever the address belongs to. */
export type JoinResult = {
  type: "success";
  message: string;
  /** Only for a signup that took effect at once: false when the email was already there. */
  created?: boolean;
  subscriber?: { id: number; name: string; email: string; status: "Active"; audience: Audience[] };
};

export type JoinMode = {
  /**
   * The signup waits for the mailed link (Pending): Settings › Confirm new
   * subscribers, or a reader without JavaScript while CAPTCHA is on.
   */
  confirm: boolean;
};

/**
 * Signs a reader up (docs/behaviour.md §subscribers).
 * - At once (`confirm` false): a new address is Active; a known one keeps its
 *   name and gets the audiences asked for. A reader who unsubscribed comes back
 *   only through the mailed link.
 * - With confirmation: a new address is Pending (receives nothing) until the
 *   mailed link is used; a known one is mailed a link for the audiences asked
 *   for; nothing else changes. The answer never tells whether the address was known.
 * A link is mailed at most once an hour per address.
 */
export async function joinNewsletter(
  db: Db,
  input: unknown,
  mode: JoinMode = { confirm: false },
): Promise<JoinResult> {
  const { name, email, audience } = parseForReader(newsletterJoinSchema, input);
  const outcome = db.transaction((tx) => {
    const t = tx as unknown as Db;
    const existing = t.select().from(subscribers).where(eq(subscribers.email, email)).get();
    if (!mode.confirm && existing?.status !== "Unsubscribed") {
      const status = "Active" as const;
      // An anonymous signup never renames a known subscriber.
      const row = existing
        ? writeSubscriber(t, { id: existing.id, status, audience })
        : writeSubscriber(t, { name, email, status, audience });
      const kept = existing ? existing.name : name;
      return {
        answer: {
          type: "success" as const,
          message: existing ? MESSAGES.updated : MESSAGES.joined,
          created: !existing,
          subscriber: { id: (row as Subscriber).id, name: kept, email, status, audience },
        },
      };
    }
    const target =
      existing ?? (writeSubscriber(t, { name, email, status: "Pending", audience }) as Subscriber);
    const token = issueConfirmation(t, target.id, audience);
    return {
      answer: { type: "success" as const, message: MESSAGES.confirm },
      mail: token ? { token, to: { email, name: target.name } } : undefined,
    };
  });
  if ("mail" in outcome && outcome.mail) {
    const sent = await sendConfirmationMail(db, outcome.mail.to, outcome.mail.token);
    if (!sent) dropConfirmation(db, outcome.mail.token);
  }
  return outcome.answer;
}

/**
 * Marks the subscriber with this email Unsubscribed (idempotent). An unknown
 * email is a 404 that names only the address asked about.
 */
export function unsubscribe(db: Db, input: unknown): { type: "success"; message: string } {
  const { email } = parseForReader(unsubscribeSchema, input);
  const row = db
    .update(subscribers)
    .set({ status: "Unsubscribed", updatedAt: new Date() })
    .where(eq(subscribers.email, email))
    .returning({ id: subscribers.id })
    .get();
  if (!row) throw notFound(MESSAGES.unknownEmail);
  return { type: "success", message: MESSAGES.unsubscribed };
}
