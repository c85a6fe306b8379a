/**
 * What a reader's visit does to a post's counters (docs/api.md and docs/behaviour.md §engagement): likes,
 * shares, views and the unload metrics. Each is one SQL UPDATE … RETURNING on
 * a published post, so concurrent requests lose nothing. Called by the post
 * page's actions and by the JSON routes `POST /posts/{like,share,update}/:id`.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { posts } from "#db/schema";
import { notFound, parseInput } from "~/domain/errors.server";
import {
  BOUNCE_DOWN,
  BOUNCE_SECONDS,
  BOUNCE_UP,
  MAX_VISIT_SECONDS,
} from "~/domain/posts/engagement-rules";
import { postIdField } from "~/domain/posts/ids";
import type { Db } from "~/platform/db.server";
import { formatDuration, parseDuration } from "~/utils/time";

/** A post id from a path or body: a string "12" (spaces around it ignored) or the number 12. */
const postIdSchema = z.preprocess((v) => (typeof v === "string" ? v.trim() : v), postIdField());

/**
 * The unload beacon's body. docs/api.md names it `{avgTime, bounceRate}`; the
 * server applies the rules itself, so `avgTime` is **this visit's** time on
 * page (seconds as a number or numeric string, or "Xm Ys"), and any
 * `bounceRate` the client sends is ignored: the server decides whether the
 * visit bounced.
 */
export const visitSchema = z.object({
  avgTime: z
    .union([z.number(), z.string().max(32)])
    .transform((v, ctx) => {
      const seconds = parseDuration(v);
      if (seconds === undefined) {
        ctx.addIssue({ code: "custom", message: 'must be seconds or "Xm Ys"' });
        return z.NEVER;
      }
      return seconds;
    })
    .pipe(z.number().min(0).max(MAX_VISIT_SECONDS, "is longer than a visit can be")),
  bounceRate: z.unknown().optional(),
});
export type VisitInput = z.input<typeof visitSchema>;

const published = (id: number) => and(eq(posts.id, id), eq(posts.status, "published"));
const POST_NOT_FOUND = "Post not found";

/** A post id from a URL or body (400 when it is not a positive whole number). */
export function requirePostId(id: unknown): number {
  return parseInput(z.object({ id: postIdSchema }), { id }).id;
}

type Counter = "likes" | "shares" | "views";

/** One counter +1 on a published post, in one UPDATE … RETURNING; the new value. */
function increment(db: Db, id: unknown, counter: Counter): { id: number; value: number } {
  const postIdValue = requirePostId(id);
  const column = posts[counter];
  const row = db
    .update(posts)
    .set({ [counter]: sql`${column} + 1` })
    .where(published(postIdValue))
    .returning({ value: column })
    .get();
  if (!row) throw notFound(POST_NOT_FOUND);
  return { id: postIdValue, value: row.value };
}

/** +1 like on a published post; returns the new count. */
export function likePost(db: Db, id: unknown): { id: number; likes: number } {
  const { id: postIdValue, value } = increment(db, id, "likes");
  return { id: postIdValue, likes: value };
}

/** +1 share on a published post; returns the new count. */
export function sharePost(db: Db, id: unknown): { id: number; shares: number } {
  const { id: postIdValue, value } = increment(db, id, "shares");
  return { id: postIdValue, shares: value };
}

/** +1 view on a published post (the post page counts one per page served to a reader). */
export function countView(db: Db, id: unknown): { id: number; views: number } {
  const { id: postIdValue, value } = increment(db, id, "views");
  return { id: postIdValue, views: value };
}

/**
 * Applies one visit's time on page by docs/behaviour.md §engagement (the same rules as
 * `nextBounceRate`/`nextAvgTime` in `~/domain/posts/engagement-rules`, in one UPDATE).
 * Returns the post's new `avgTime` ("Xm Ys") and `bounceRate`.
 */
export function recordVisit(
  db: Db,
  id: unknown,
  input: unknown,
): { id: number; avgTime: string; avgTimeSeconds: number; bounceRate: number } {
  const postIdValue = requirePostId(id);
  const { avgTime: visit } = parseInput(visitSchema, input);
  const row = db
    .update(posts)
    .set({
      bounceRate: sql`min(100, max(0, ${posts.bounceRate} + ${visit < BOUNCE_SECONDS ? BOUNCE_UP : -BOUNCE_DOWN}))`,
      avgTimeSeconds: sql`case when ${visit} > ${posts.avgTimeSeconds} then cast(round((${posts.avgTimeSeconds} + ${visit}) / 2.0) as integer) else ${posts.avgTimeSeconds} end`,
    })
    .where(published(postIdValue))
    .returning({ avgTimeSeconds: posts.avgTimeSeconds, bounceRate: posts.bounceRate })
    .get();
  if (!row) throw notFound(POST_NOT_FOUND);
  return {
    id: postIdValue,
    avgTime: formatDuration(row.avgTimeSeconds),
    avgTimeSeconds: row.avgTimeSeconds,
    bounceRate: row.bounceRate,
  };
}
