import { z } from "zod";

/** A missing form field (null or undefined) reads as empty, so "required" is the message. */
export const asText = (value: unknown) =>
  typeof value === "string" ? value : value == null ? "" : value;

/**
 * An email address, one rule for sign-in, users and subscribers: trimmed,
 * lowercased, at most 254 characters, valid. `missing` is the message when
 * it is empty.
 */
export const emailField = (missing: string) =>
  z.preprocess(
    asText,
    z
      .string({ error: missing })
      .trim()
      .toLowerCase()
      .min(1, missing)
      .max(254, "Email is too long")
      .pipe(z.email("Enter a valid email address")),
  );
