/**
 * Changing a post's byline (docs/behaviour.md §bylines, In the back office): the ordered list of
 * staff and guests credited on it, each with a role. Who may change what is
 * docs/decisions/200-who-changes-a-byline.md:
 *
 * - Editors and Administrators, and the post's owner (`posts.author_id`), change any byline:
 *   add, remove, reorder, change roles.
 * - A co-author (a staff member the byline names, who does not own the post) may add people,
 *   reorder, and change or remove their own lines, but every other person's line stays as it
 *   was, and an owner who leads the byline keeps leading it.
 *
 * A byline has at least one Author and no person twice in the same role; a staff member added
 * to it must be one who writes posts (not a Subscriber, not deactivated).
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { guestContributors, postContributors, posts, users } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { CAPABILITIES } from "~/domain/access/capabilities";
import { ownsPost } from "~/domain/access/ownership";
import { recordAudit } from "~/domain/audit/audit.server";
import { mayTouchStoredPost } from "~/domain/bylines/membership.server";
import { CONTRIBUTOR_ROLES, type ContributorRole } from "~/domain/bylines/vocabulary";
import { badRequest, forbidden, notFound, parseInput } from "~/domain/errors.server";
import type { DbOrTx } from "~/platform/db.server";

export const MAX_BYLINE_LENGTH = 20;

const RoleSchema = z.enum(CONTRIBUTOR_ROLES, {
  error: `role must be one of ${CONTRIBUTOR_ROLES.join(", ")}`,
});
const IdSchema = z.coerce
  .number({ error: "must be a whole number" })
  .int("must be a whole number")
  .positive("must be a whole number");

/**
 * One line of a byline as the post form and the JSON API send it (docs/api.md): `{user, role}`
 * (a staff user's id, or uid), `{guest, role}` (a guest contributor's id), or `{former, role}`
 * (the deleted contributor now at that position, 0 first, kept by name).
 */
export const ContributorLineSchema = z.union(
  [
    z.object({ user: z.union([IdSchema, z.string().uuid()]), role: RoleSchema }),
    z.object({ guest: IdSchema, role: RoleSchema }),
    z.object({ former: z.coerce.number().int().min(0), role: RoleSchema }),
  ],
  { error: "each contributor is {user, role}, {guest, role} or {former, role}" },
);
export const ContributorsSchema = z
  .array(ContributorLineSchema)
  .max(MAX_BYLINE_LENGTH, `A byline has at most ${MAX_BYLINE_LENGTH} contributors`);
export type ContributorLine = z.input<typeof ContributorLineSchema>;

type Line = {
  userId: number | null;
  guestId: number | null;
  /** Set only for a deleted contributor's line (the name shown). */
  keptName: string | null;
  role: ContributorRole;
};

const personKey = (l: Line) =>
  l.userId !== null ? `u${l.userId}` : l.guestId !== null ? `g${l.guestId}` : `x${l.keptName}`;
const lineKey = (l: Line) => `${personKey(l)}:${l.role}`;

/** The post's byline as stored, in order. */
function storedLines(db: DbOrTx, postId: number): Line[] {
  return db
    .select({
      userId: postContributors.userId,
      guestId: postContributors.guestId,
      keptName: postContributors.keptName,
      role: postContributors.role,
    })
    .from(postContributors)
    .where(eq(postContributors.postId, postId))
    .orderBy(asc(postContributors.position))
    .all();
}

/** The roles that write posts: who may be added to a byline as a staff member. */
const WRITER_ROLES = CAPABILITIES.writePosts;

/** Resolves the posted lines to stored people: 400 for an unknown or ineligible one. */
function resolveLines(
  db: DbOrTx,
  input: z.output<typeof ContributorsSchema>,
  current: Line[],
): Line[] {
  const uids = input.flatMap((l) => ("user" in l && typeof l.user === "string" ? [l.user] : []));
  const byUid = new Map(
    uids.length
      ? db
          .select({ id: users.id, uid: users.uid })
          .from(users)
          .where(inArray(users.uid, uids))
          .all()
          .map((u) => [u.uid, u.id])
      : [],
  );
  const lines: Line[] = input.map((l) => {
    if ("user" in l) {
      const id = typeof l.user === "string" ? byUid.get(l.user) : l.user;
      if (id === undefined) throw badRequest(`Unknown staff member "${l.user}"`);
      return { userId: id, guestId: null, keptName: null, role: l.role };
    }
    if ("guest" in l) return { userId: null, guestId: l.guest, keptName: null, role: l.role };
    const former = current[l.former];
    if (!former || former.keptName === null || former.userId !== null || former.guestId !== null) {
      throw badRequest(`No deleted contributor at position ${l.former}`);
    }
    return { userId: null, guestId: null, keptName: former.keptName, role: l.role };
  });
  const currentKeys = new Set(current.map(personKey));
  const newUserIds = [
    ...new Set(
      lines.flatMap((l) => (l.userId !== null && !currentKeys.has(personKey(l)) ? [l.userId] : [])),
    ),
  ];
  if (newUserIds.length) {
    const found = db
      .select({ id: users.id, name: users.name, role: users.role })
      .from(users)
      .where(and(inArray(users.id, newUserIds), isNull(users.deactivatedAt)))
      .all();
    for (const id of newUserIds) {
      const u = found.find((f) => f.id === id);
      if (!u) throw badRequest(`Staff member ${id} does not exist or is deactivated`);
      if (!(WRITER_ROLES as readonly string[]).includes(u.role)) {
        throw badRequest(`${u.name} cannot be in a byline: their role does not write posts`);
      }
    }
  }
  const guestIds = [...new Set(lines.flatMap((l) => (l.guestId !== null ? [l.guestId] : [])))];
  if (guestIds.length) {
    const found = new Set(
      db
        .select({ id: guestContributors.id })
        .from(guestContributors)
        .where(inArray(guestContributors.id, guestIds))
        .all()
        .map((g) => g.id),
    );
    const missing = guestIds.find((id) => !found.has(id));
    if (missing !== undefined) throw badRequest(`Guest contributor ${missing} does not exist`);
  }
  return lines;
}

function assertWellFormed(lines: Line[]) {
  if (!lines.some((l) => l.role === "Author")) {
    throw badRequest("A byline needs at least one Author");
  }
  const seen = new Set<string>();
  for (const l of lines) {
    if (seen.has(lineKey(l)))
      throw badRequest("The same person is in the byline twice with the same role");
    seen.add(lineKey(l));
  }
}

/** A co-author's limits (docs/decisions/200-who-changes-a-byline.md). */
function assertCoAuthorMay(actorId: number, ownerId: number | null, before: Line[], after: Line[]) {
  const kept = new Set(after.map(lineKey));
  for (const l of before) {
    if (l.userId === actorId || kept.has(lineKey(l))) continue;
    throw forbidden(
      l.userId !== null && l.userId === ownerId
        ? "Only the post's owner or an Editor can remove or demote the owner"
        : "Only the post's owner or an Editor can remove someone else from the byline",
    );
  }
  const leads = (lines: Line[]) => lines[0]?.userId !== null && lines[0]?.userId === ownerId;
  if (ownerId !== null && leads(before) && !leads(after)) {
    throw forbidden("Only the post's owner or an Editor can move the owner from the lead");
  }
}

/** Replaces the byline's rows; the caller holds the transaction. */
function writeLines(db: DbOrTx, postId: number, lines: Line[]) {
  db.delete(postContributors).where(eq(postContributors.postId, postId)).run();
  if (lines.length === 0) return;
  db.insert(postContributors)
    .values(lines.map((l, position) => ({ postId, position, ...l })))
    .run();
}

/**
 * Sets post `post`'s byline to `input` (already known to be the actor's to change), inside the
 * caller's transaction. Nothing changed: nothing written. Returns whether it changed.
 */
export function writeByline(
  db: DbOrTx,
  actor: SessionUser,
  post: { id: number; authorId: number | null; title: string },
  input: unknown,
): boolean {
  const parsed = parseInput(ContributorsSchema, input);
  const before = storedLines(db, post.id);
  const after = resolveLines(db, parsed, before);
  assertWellFormed(after);
  if (before.map(lineKey).join("|") === after.map(lineKey).join("|")) return false;
  if (!ownsPost(actor, post.authorId)) assertCoAuthorMay(actor.id, post.authorId, before, after);
  writeLines(db, post.id, after);
  recordAudit(db, {
    action: "byline-changed",
    actor,
    targetType: "post",
    targetId: post.id,
    summary: post.title,
    address: actor.address,
  });
  return true;
}

/**
 * Sets a post's byline on its own (in one transaction): `entries` in order, each
 * `{user|guest|former, role}`. 404 for a missing post, 403 for one the actor may not change or a
 * change their place in the byline does not allow, 400 for a malformed byline.
 */
export function setPostContributors(
  db: DbOrTx,
  actor: SessionUser,
  postId: number,
  entries: unknown,
): boolean {
  const post = db
    .select({ id: posts.id, authorId: posts.authorId, title: posts.title })
    .from(posts)
    .where(eq(posts.id, postId))
    .get();
  if (!post) throw notFound("Post not found");
  if (!mayTouchStoredPost(db, actor, post)) throw forbidden("You can only change your own posts");
  return db.transaction((tx) => writeByline(tx, actor, post, entries));
}

/** Staff who may be put in a byline (writers, not deactivated), by name: the form's choices. */
export function staffChoices(db: DbOrTx): { id: number; name: string; role: string }[] {
  return db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(and(inArray(users.role, [...WRITER_ROLES]), isNull(users.deactivatedAt)))
    .orderBy(asc(users.name), asc(users.id))
    .all();
}
