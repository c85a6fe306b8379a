/**
 * A post's numeric id, the one parser for paths (`/:id/:category/:url`,
 * `/admin/posts/edit/:id`), form fields and JSON bodies. Browser-safe.
 *
 * An id is a whole number from 1 up, written in digits only (at most 15, so
 * it stays a safe integer): no sign, no spaces, no exponent, no leading `+`.
 */
import { z } from "zod";

const DIGITS = /^\d{1,15}$/;

/** The id as a number, or undefined when `value` is not one (a number or a digit string). */
export function parsePostId(value: unknown): number | undefined {
  const n = typeof value === "string" && DIGITS.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

/** A zod field for a post id (a number or a digit string), failing with `message`. */
export function postIdField(message = "must be a post number") {
  return z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const id = parsePostId(value);
    if (id === undefined) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
}
