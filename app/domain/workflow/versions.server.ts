/**
 * No edit lost (docs/behaviour.md §workflow): a record edited in the back
 * office or through the API carries the `version` it was read at; a save
 * over a newer version is refused (409) with who saved it and when, in the
 * site's time zone, so the screen can keep what was typed. Posts, categories,
 * tags, settings and users share these rules; each write adds one to the
 * version in the same conditional UPDATE (`… WHERE version = read`), so of two
 * saves of one version exactly one wins.
 */
import { z } from "zod";
import { badRequest, DomainError } from "~/domain/errors.server";
import { instantToLocalInput } from "~/domain/workflow/schedule-time";

export const VERSION_MESSAGE = "version must be a whole number";

const VersionSchema = z.coerce
  .number({ error: VERSION_MESSAGE })
  .int(VERSION_MESSAGE)
  .min(1, VERSION_MESSAGE);

/**
 * The `version` a writer read, from its input (a form's hidden field or a JSON
 * body); undefined when it sent none (then nothing is checked). 400 for a bad one.
 */
export function readVersion(input: unknown): number | undefined {
  if (input === null || typeof input !== "object") return undefined;
  const raw = (input as Record<string, unknown>).version;
  if (raw === undefined || raw === null || raw === "") return undefined;
  const parsed = VersionSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(VERSION_MESSAGE);
  return parsed.data;
}

/** What a stored record says about its last write. */
export type Versioned = { version: number; updatedAt: Date | null; updatedBy: string | null };

/** "Saved by Dana at 10:42 Europe/Berlin while you were editing" (409). */
export function versionConflict(
  current: Omit<Versioned, "version">,
  timeZone: string,
): DomainError {
  const at = current.updatedAt
    ? ` at ${instantToLocalInput(current.updatedAt.getTime(), timeZone).slice(11, 16)} ${timeZone}`
    : "";
  return new DomainError(
    409,
    `Saved by ${current.updatedBy || "someone else"}${at} while you were editing`,
  );
}

/** Refuses (409) a save that read version `read` of a record now at a newer one. */
export function assertCurrentVersion(
  read: number | null | undefined,
  current: Versioned,
  timeZone: string,
): void {
  if (read === null || read === undefined || read === current.version) return;
  throw versionConflict(current, timeZone);
}

/** The columns a versioned write sets: one more version, when, and who (their name). */
export function versionStamp(
  actor: { name: string },
  current: { version: number },
  now = new Date(),
) {
  return { version: current.version + 1, updatedAt: now, updatedBy: actor.name };
}
