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

export type JoinResult = {
  type: "success";
  message: string;
  /** false when the email was already there and was updated instead. */
  created: boolean;
  subscriber: { id: number; name: string; email: string; status: "Active"; audience: Audience[] };
};

/**
 * Signs a reader up. A second signup with the same email updates that
 * subscriber (name, audiences) and makes them Active again, never a duplicate.
 */
export function joinNewsletter(db: Db, input: unknown): JoinResult {
  const { name, email, audience } = parseForReader(newsletterJoinSchema, input);
  return db.transaction((tx) => {
    const t = tx as unknown as Db;
    const existing = t
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(eq(subscribers.email, email))
      .get();
    const status = "Active" as const;
    const row = writeSubscriber(t, { id: existing?.id, name, email, status, audience });
    return {
      type: "success" as const,
      message: existing ? MESSAGES.updated : MESSAGES.joined,
      created: !existing,
      subscriber: { id: (row as Subscriber).id, name, email, status, audience },
    };
  });
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
