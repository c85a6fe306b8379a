/**
 * What a newsletter is made of before it is queued: the draft (subject,
 * audience, content, photo, attachment) and the rules for the files it
 * carries, which the sender checks again before each send.
 */
import { realpathSync, statSync } from "node:fs";
import { basename, isAbsolute, relative, resolve, sep } from "node:path";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { media } from "#db/schema";
import {
  findNewsletterAudience,
  NEWSLETTER_AUDIENCE_CHOICES,
  NEWSLETTER_AUDIENCES,
} from "~/domain/newsletters/vocabulary";
import { inWords } from "~/domain/subscribers/vocabulary";
import type { DbOrTx } from "~/platform/db.server";
import type { Env } from "~/platform/env.server";

/** "All Subscribers", "all", "news" … → the stored audience names. */
function normaliseAudience(value: unknown) {
  if (typeof value !== "string") return value;
  return findNewsletterAudience(value) ?? value;
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

/** A newsletter draft: `{subject, audience, content, photo, attachment}`. */
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
      error: `Audience must be ${inWords(NEWSLETTER_AUDIENCE_CHOICES)}`,
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
export function attachmentName(db: DbOrTx, url: string): string {
  const row = db.select({ name: media.name }).from(media).where(eq(media.url, url)).get();
  return row?.name ?? basename(url);
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
export function uploadedFile(env: Env, path: string | null): string | null {
  if (!path?.startsWith("/uploads/")) return null;
  const checked = checkUploadedFile(env, path);
  return "file" in checked ? checked.file : null;
}

/**
 * Why a newsletter's photo or attachment cannot be sent ("Photo /uploads/x
 * does not exist"), or null when each `/uploads/…` path names a regular file
 * inside DATA_DIR/uploads. Addresses elsewhere are not checked.
 */
export function uploadsProblem(
  env: Env,
  letter: { photo: string | null; attachment: string | null },
): string | null {
  for (const [path, label] of [
    [letter.photo, "Photo"],
    [letter.attachment, "Attachment"],
  ] as const) {
    if (!path?.startsWith("/uploads/")) continue;
    const checked = checkUploadedFile(env, path);
    if ("problem" in checked) return `${label} ${path.slice(0, 200)} ${checked.problem}`;
  }
  return null;
}
