/**
 * Source statuses that need a rule of their own (docs/behaviour.md §import).
 */
import type { PostStatus } from "~/domain/posts/statuses";

/** A source status read as Inkwell's: the status, why it differs (for the report), its publish time. */
export type StatusMapping = { status: PostStatus; note?: string; publishAt?: Date };

/** A post scheduled in the source: scheduled here when its time is ahead, else a draft (decision 115). */
export function scheduledFor(date: Date, now: Date, source: string): StatusMapping {
  if (date.getTime() > now.getTime()) return { status: "scheduled", publishAt: date };
  return {
    status: "draft",
    note: `scheduled in ${source} for ${date.toISOString().slice(0, 16).replace("T", " ")} UTC, a time already past; imported as a draft`,
  };
}
