import { z } from "zod";

/** The longest name of a person (a subscriber, a staff member). */
export const MAX_NAME_LENGTH = 100;

/** Control characters (line breaks and tabs included) and the Unicode line and paragraph separators. */
const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}]/u;

export const NAME_NOT_ONE_LINE = "Name must be one line, without control characters";

/**
 * A person's name (and a category's or tag's): one line of at most 100 characters, without control
 * characters (a name goes into mail headers such as `To:`, where a line break
 * would start a new header). Surrounding spaces are trimmed.
 */
export function personName(missing: string, tooLong = "Name is too long (100 characters at most)") {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(MAX_NAME_LENGTH, tooLong)
    .refine((name) => !NOT_ONE_LINE.test(name), NAME_NOT_ONE_LINE);
}
