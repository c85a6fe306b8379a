/**
 * Guest contributors (docs/behaviour.md §bylines, In the back office): people credited on posts
 * who have no account and cannot sign in: a name, a short bio, a photo and their own web address.
 * Editors and Administrators keep them on the Contributors screen. Their slug shares the
 * `/author/{slug}` namespace with users' (`uniqueAuthorSlug`). Updates carry the version they
 * read, as every edited record does (app/domain/workflow/versions.server.ts); every change is
 * in the audit log. Deleting a guest keeps their name on the bylines they were in (a trigger).
 */
import { and, asc, count, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { guestContributors, postContributors } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { badRequest, notFound } from "~/domain/errors.server";
import { personName } from "~/domain/names";
import { ImageUrlSchema } from "~/domain/posts/post-input.server";
import { uniqueAuthorSlug } from "~/domain/users/authors.server";
import { siteTimeZone } from "~/domain/workflow/site-time-zone.server";
import {
  assertCurrentVersion,
  readVersion,
  versionConflict,
  versionStamp,
} from "~/domain/workflow/versions.server";
import type { Db } from "~/platform/db.server";

type GuestContributor = typeof guestContributors.$inferSelect;

export const MAX_GUEST_BIO = 500;

export const GuestInputSchema = z.object({
  name: personName("Name is required", "Name: at most 100 characters"),
  bio: z.string().trim().max(MAX_GUEST_BIO, `Bio: at most ${MAX_GUEST_BIO} characters`).default(""),
  photo: z.string().default("").pipe(ImageUrlSchema),
  url: z
    .string()
    .trim()
    .max(2048, "Web address: at most 2048 characters")
    .refine(
      (v) => v === "" || /^https?:\/\/[^\s/]+[^\s]*$/i.test(v),
      "Web address must start with http:// or https://",
    )
    .default(""),
});
export type GuestInput = z.input<typeof GuestInputSchema>;

/** The fields, or 400 with the first problem (each message names its field, as the form shows it). */
function parseGuest(input: unknown) {
  const parsed = GuestInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const message = issue?.message ?? "Invalid input";
  // The shared picture rule's message does not name the field.
  throw badRequest(issue?.path[0] === "photo" ? `Photo ${message}` : message);
}

/** A guest as the Contributors screen lists them, with how many posts credit them. */
export type GuestRow = {
  id: number;
  name: string;
  slug: string;
  bio: string;
  photo: string;
  url: string;
  posts: number;
  version: number;
};

function toRow(g: GuestContributor, posts: number): GuestRow {
  return {
    id: g.id,
    name: g.name,
    slug: g.slug,
    bio: g.bio,
    photo: g.photo ?? "",
    url: g.url,
    posts,
    version: g.version,
  };
}

/** Every guest by name, each with the number of posts crediting them (two queries). */
export function listGuests(db: Db, actor: SessionUser): GuestRow[] {
  assertCan(actor, "manageContributors");
  const counts = new Map(
    db
      .select({ id: postContributors.guestId, n: count() })
      .from(postContributors)
      .where(isNotNull(postContributors.guestId))
      .groupBy(postContributors.guestId)
      .all()
      .map((r) => [r.id, r.n]),
  );
  return db
    .select()
    .from(guestContributors)
    .orderBy(asc(guestContributors.name), asc(guestContributors.id))
    .all()
    .map((g) => toRow(g, counts.get(g.id) ?? 0));
}

/** One guest, for the edit form and the delete confirmation; undefined when there is none. */
export function findGuest(db: Db, actor: SessionUser, id: number): GuestRow | undefined {
  assertCan(actor, "manageContributors");
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const g = db.select().from(guestContributors).where(eq(guestContributors.id, id)).get();
  if (!g) return undefined;
  const n =
    db.select({ n: count() }).from(postContributors).where(eq(postContributors.guestId, id)).get()
      ?.n ?? 0;
  return toRow(g, n);
}

/** Every guest's id and name, for the byline field's person choice (no permission: staff who write see them). */
export function guestChoices(db: Db): { id: number; name: string }[] {
  return db
    .select({ id: guestContributors.id, name: guestContributors.name })
    .from(guestContributors)
    .orderBy(asc(guestContributors.name), asc(guestContributors.id))
    .all();
}

function loadGuest(db: Db, id: number): GuestContributor {
  const g =
    Number.isSafeInteger(id) && id > 0
      ? db.select().from(guestContributors).where(eq(guestContributors.id, id)).get()
      : undefined;
  if (!g) throw notFound("Contributor not found");
  return g;
}

export function createGuest(db: Db, actor: SessionUser, input: unknown): GuestRow {
  assertCan(actor, "manageContributors");
  const values = parseGuest(input);
  const row = db.transaction((tx) => {
    const created = tx
      .insert(guestContributors)
      .values({
        name: values.name,
        slug: uniqueAuthorSlug(tx, values.name),
        bio: values.bio,
        photo: values.photo || null,
        url: values.url,
        updatedAt: new Date(),
        updatedBy: actor.name,
      })
      .returning()
      .get();
    recordAudit(tx, {
      action: "contributor-added",
      actor,
      targetType: "guest",
      targetId: created.id,
      summary: created.name,
      address: actor.address,
    });
    return created;
  });
  return toRow(row, 0);
}

/**
 * Changes a guest's name, bio, photo or address; a new name renews the slug (as a user's does,
 * docs/decisions/150-author-pages.md). A save over a newer version is refused (409).
 */
export function updateGuest(db: Db, actor: SessionUser, id: number, input: unknown): GuestRow {
  assertCan(actor, "manageContributors");
  const existing = loadGuest(db, id);
  assertCurrentVersion(readVersion(input), existing, siteTimeZone(db));
  const values = parseGuest(input);
  const row = db.transaction((tx) => {
    const slug =
      values.name === existing.name
        ? existing.slug
        : uniqueAuthorSlug(tx, values.name, { guestId: existing.id });
    const updated = tx
      .update(guestContributors)
      .set({
        name: values.name,
        slug,
        bio: values.bio,
        photo: values.photo || null,
        url: values.url,
        ...versionStamp(actor, existing),
      })
      .where(
        and(eq(guestContributors.id, existing.id), eq(guestContributors.version, existing.version)),
      )
      .returning()
      .get();
    if (!updated) {
      const now = tx.select().from(guestContributors).where(eq(guestContributors.id, id)).get();
      throw versionConflict(now ?? { updatedAt: null, updatedBy: null }, siteTimeZone(db));
    }
    recordAudit(tx, {
      action: "contributor-updated",
      actor,
      targetType: "guest",
      targetId: updated.id,
      summary: existing.name === updated.name ? updated.name : `${existing.name} → ${updated.name}`,
      address: actor.address,
    });
    return updated;
  });
  return findGuest(db, actor, row.id) ?? toRow(row, 0);
}

/** Deletes a guest; the posts that credit them keep their name, linked to nothing (a trigger). */
export function deleteGuest(db: Db, actor: SessionUser, id: number): { id: number; name: string } {
  assertCan(actor, "manageContributors");
  const existing = loadGuest(db, id);
  db.transaction((tx) => {
    tx.delete(guestContributors).where(eq(guestContributors.id, existing.id)).run();
    recordAudit(tx, {
      action: "contributor-deleted",
      actor,
      targetType: "guest",
      targetId: existing.id,
      summary: existing.name,
      address: actor.address,
    });
  });
  return { id: existing.id, name: existing.name };
}
