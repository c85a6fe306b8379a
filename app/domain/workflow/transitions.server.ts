/**
 * The workflow's rules for a post's save (docs/behaviour.md §workflow): who
 * may schedule, that a schedule is in the future, the reason each revision
 * records, and the refusal of a save made over a newer version.
 */
import type { SessionUser } from "~/domain/access/actor.server";
import { can } from "~/domain/access/capabilities";
import { badRequest, forbidden } from "~/domain/errors.server";
import type { PostStatus } from "~/domain/posts/statuses";
import { formatScheduleTime, scheduleInstant } from "~/domain/workflow/schedule-time";
import { assertCurrentVersion } from "~/domain/workflow/versions.server";

/** Editors, Administrators and Authors (their own posts) schedule; a Contributor's Publish goes to review. */
export function assertMaySchedule(actor: SessionUser): void {
  if (!can(actor.role, "publishPosts")) {
    throw forbidden("Contributors cannot schedule posts; Publish sends the post to review");
  }
}

/**
 * The time a Schedule asks for (epoch ms, or a wall time in the site's
 * `timeZone`), which must be after `now`.
 */
export function futurePublishAt(
  requested: number | string | null | undefined,
  now: Date,
  timeZone: string,
): Date {
  if (requested === null || requested === undefined || requested === "") {
    throw badRequest("publishAt: choose the date and time to publish at");
  }
  const publishAt = scheduleInstant(requested, timeZone);
  if (publishAt === undefined) {
    throw badRequest("publishAt must be a time: milliseconds since 1970 or ISO 8601");
  }
  if (publishAt <= now.getTime()) {
    throw badRequest("publishAt: the scheduled time must be in the future");
  }
  return new Date(publishAt);
}

/** Why a revision was made, from the status before (undefined: a new post) and after. */
export function revisionReason(
  before: PostStatus | undefined,
  after: PostStatus,
  publishAt: Date | null,
  timeZone: string,
): string {
  if (after === "scheduled") {
    const when = publishAt ? formatScheduleTime(publishAt.getTime(), timeZone) : "later";
    return before === "scheduled" ? `Rescheduled for ${when}` : `Scheduled for ${when}`;
  }
  if (after === "trash") return "Moved to trash";
  if (after === "reviewing") return before === "reviewing" ? "Updated in review" : "Sent to review";
  if (after === "published") return before === "published" ? "Updated" : "Published";
  if (before === "scheduled") return "Unscheduled (back to draft)";
  if (before === "published") return "Unpublished (back to draft)";
  return before === undefined ? "Created as draft" : "Saved draft";
}

/**
 * A save that read version `read` of a post now at `current`: refused (409)
 * with who saved it and when (in the site's zone), so the editor can keep what was typed.
 */
export function assertCurrentPostVersion(
  read: number | null | undefined,
  current: { version: number; updatedAt: Date },
  savedBy: string | undefined,
  timeZone: string,
): void {
  assertCurrentVersion(read, { ...current, updatedBy: savedBy ?? null }, timeZone);
}
