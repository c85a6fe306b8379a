/**
 * What the Add/Edit Post form, `POST /posts/add` and the generic add and
 * update calls send for a post, and the save buttons it may name.
 */
import { z } from "zod";
import { ContributorsSchema } from "~/domain/bylines/contributors.server";
import { badRequest } from "~/domain/errors.server";
import { POST_VISIBILITIES } from "~/domain/posts/visibility";
import {
  isLocalInput,
  localInputToInstant,
  scheduleInstant,
} from "~/domain/workflow/schedule-time";

/** A picture reference: a site path (`/uploads/…`, `/demo/…`) or an http(s) URL. */
export const ImageUrlSchema = z
  .string()
  .trim()
  .max(2048, "at most 2048 characters")
  .refine(
    (v) =>
      v === "" ||
      (v.startsWith("/") && !v.startsWith("//") && !/[\\\s]/.test(v)) ||
      /^https?:\/\/[^\s]+$/i.test(v),
    "must be a site path starting with / or an http(s) URL",
  );

/** Social card: name, description ≤ 200 (newlines ignored), image, blur 0–50 (default 3). */
export const SocialCardSchema = z.object({
  name: z.string().trim().min(1, "the card needs a name").max(200, "at most 200 characters"),
  description: z
    .string()
    .default("")
    // Newlines are ignored: each line break becomes a space, then the 200 limit applies.
    .transform((v) => v.replace(/\s*[\r\n]+\s*/g, " ").trim())
    .pipe(z.string().max(200, "at most 200 characters")),
  image: ImageUrlSchema.default(""),
  blur: z.preprocess(
    (v) => (v === null || v === undefined || v === "" ? 3 : v),
    z.coerce
      .number({ error: "a whole number from 0 to 50" })
      .int("a whole number from 0 to 50")
      .min(0, "a whole number from 0 to 50")
      .max(50, "a whole number from 0 to 50"),
  ),
});

/**
 * A time as epoch milliseconds, or an ISO 8601 string; → epoch ms, except a
 * wall time without an offset (`2026-11-24T09:30`, what the form's field
 * sends), kept as text: it is read in the site's time zone when the post is
 * saved (`scheduleInstant`, app/domain/workflow/schedule-time.ts).
 */
export const PublishAtSchema = z
  .union([z.number(), z.string().trim().min(1)], {
    error: "publishAt must be a time: milliseconds since 1970 or ISO 8601",
  })
  .transform((v, ctx) => {
    if (typeof v === "string" && isLocalInput(v)) {
      if (localInputToInstant(v) !== undefined) return v;
    } else {
      const ms = scheduleInstant(v);
      if (ms !== undefined && ms >= 0) return ms;
    }
    ctx.addIssue({
      code: "custom",
      message: "publishAt must be a time: milliseconds since 1970 or ISO 8601",
    });
    return z.NEVER;
  });

export const SAVE_ACTIONS = ["draft", "publish", "schedule", "preview", "trash"] as const;
export type SaveAction = (typeof SAVE_ACTIONS)[number];

/** What the Add/Edit Post form (and `/posts/add`, the crud add and update calls) send. */
export const PostInputSchema = z.object({
  /** Which button: Save Draft, Publish Post, Schedule, Preview, Move to Trash. */
  action: z.enum(SAVE_ACTIONS, {
    error: "action must be draft, publish, schedule, preview or trash",
  }),
  title: z.string().max(200, "at most 200 characters").default(""),
  /** The category's name (its slug is accepted too). */
  category: z.string().max(100, "at most 100 characters").default(""),
  summary: z.string().max(2000, "at most 2000 characters").default(""),
  /** Editor HTML; sanitised before it is stored. */
  content: z.string().max(1_000_000, "at most 1,000,000 characters").default(""),
  /** Tag names (slugs accepted); each must exist. */
  tags: z
    .array(z.string().max(100, "at most 100 characters"))
    .max(50, "at most 50 tags")
    .default([]),
  photo: ImageUrlSchema.nullish(),
  socialCard: SocialCardSchema.nullish(),
  /** When a Schedule goes live: epoch ms or an ISO 8601 time (docs/api.md). */
  publishAt: PublishAtSchema.nullish(),
  /** The post's version the writer read; a newer stored version refuses the save (409). */
  version: z.coerce
    .number({ error: "version must be a whole number" })
    .int("version must be a whole number")
    .min(1, "version must be a whole number")
    .nullish(),
  /** Readers may not comment (docs/behaviour.md §comments); left out, it keeps its value. */
  commentsClosed: z.boolean({ error: "commentsClosed must be true or false" }).optional(),
  /** Who may read the body (docs/members.md "Members-only posts"); left out, it keeps its value. */
  visibility: z
    .enum(POST_VISIBILITIES, { error: "visibility must be public or members" })
    .optional(),
  /** The byline in order (docs/api.md, docs/behaviour.md §bylines); left out, it is kept. */
  contributors: ContributorsSchema.optional(),
});
export type PostInput = z.input<typeof PostInputSchema>;

/**
 * A post's status as the JSON calls send it (`/posts/add` sends `status`) →
 * the button that means it: published or reviewing is Publish, trash is
 * Move to Trash, scheduled is Schedule (with `publishAt`), draft or nothing is
 * Save Draft.
 */
export function actionForStatus(status: unknown): SaveAction {
  if (status === "published" || status === "reviewing" || status === "publish") return "publish";
  if (status === "trash") return "trash";
  if (status === "scheduled" || status === "schedule") return "schedule";
  if (status === undefined || status === null || status === "" || status === "draft")
    return "draft";
  throw badRequest("status must be draft, published, reviewing, scheduled or trash");
}
