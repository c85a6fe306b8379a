/** Categories and tags as readers see them. */

import { and, asc, count, eq, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { type Category, categories, posts, type Tag, tags } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { badRequest, DomainError, notFound } from "~/domain/errors.server";
import { personName } from "~/domain/names";
import { pinHomeSections, sectionsFedBy } from "~/domain/posts/home-sections.server";
import { siteTimeZone } from "~/domain/site/settings.server";
import {
  assertCurrentVersion,
  readVersion,
  versionConflict,
  versionStamp,
} from "~/domain/workflow/versions.server";
import { nextId } from "~/platform/counters.server";
import { type Db, getDb } from "~/platform/db.server";
import { apiKey, postPath, slugify } from "~/utils/slug";

export function listCategories(db: Db) {
  return db.select().from(categories).orderBy(asc(categories.name)).all();
}

/** A category's name by id; undefined when there is none. */
export function getCategoryName(db: Db, id: number): string | undefined {
  return db.select({ name: categories.name }).from(categories).where(eq(categories.id, id)).get()
    ?.name;
}

export function listTags(db: Db) {
  return db.select().from(tags).orderBy(asc(tags.name)).all();
}

export function getCategoryBySlug(db: Db, slug: string) {
  return db.select().from(categories).where(eq(categories.slug, slug)).get();
}

export function getTagBySlug(db: Db, slug: string) {
  return db.select().from(tags).where(eq(tags.slug, slug)).get();
}

// ---------------------------------------------------------------------------
// Writes (Categories and Tags screens, the generic data calls). docs/behaviour.md §taxonomy:
// Name and Description required; the slug is derived from the name and
// read-only. Roles with `manageTaxonomy` only (Administrator, Editor, Author).

/** Control characters (NUL among them) but tabs and line breaks: a description may have lines. */
const CONTROL_BUT_LINES = /[^\P{Cc}\t\n\r]/u;

export const TaxonomyInputSchema = z.object({
  // One line without control characters, as a person's name.
  name: personName("Name is required", "Name: at most 100 characters"),
  description: z
    .string({ error: "Description is required" })
    .trim()
    .min(1, "Description is required")
    .max(1000, "Description: at most 1000 characters")
    .refine((v) => !CONTROL_BUT_LINES.test(v), "Description: control characters are not allowed"),
});
export type TaxonomyInput = z.input<typeof TaxonomyInputSchema>;

export type CategoryDocument = {
  id: number;
  uid: string;
  name: string;
  slug: string;
  /** API key form (`freshly_pressed`) for `/get/posts/{category_key}`. */
  key: string;
  description: string;
  createdAt: number;
  /** Send it back with an update: a newer stored version refuses the update (409). */
  version: number;
};

export type TagDocument = {
  id: number;
  uid: string;
  name: string;
  slug: string;
  /** API key form (`interest_rates`) for `/get/posts/by-tag/{tag}` (docs/behaviour.md §data `tag`). */
  tag: string;
  description: string;
  createdAt: number;
  /** Send it back with an update: a newer stored version refuses the update (409). */
  version: number;
};

export function toCategoryDocument(c: Category): CategoryDocument {
  return {
    id: c.id,
    uid: c.uid,
    name: c.name,
    slug: c.slug,
    key: c.key,
    description: c.description,
    createdAt: c.createdAt.getTime(),
    version: c.version,
  };
}

export function toTagDocument(t: Tag): TagDocument {
  return {
    id: t.id,
    uid: t.uid,
    name: t.name,
    slug: t.slug,
    tag: t.tag,
    description: t.description,
    createdAt: t.createdAt.getTime(),
    version: t.version,
  };
}

/** A category or tag by numeric id or uid. */
export type TaxonomyRef = number | string;

type Kind = "category" | "tag";
const label = (kind: Kind) => (kind === "category" ? "category" : "tag");

function derive(input: unknown) {
  // The messages name their field already ("Name is required"), as the form shows them.
  const parsed = TaxonomyInputSchema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid input");
  const { name, description } = parsed.data;
  const slug = slugify(name);
  if (!slug) throw badRequest("Name must contain a letter or a digit");
  return { name, description, slug, key: apiKey(name) };
}

/** 409 when another record already has this slug, key or name. */
function assertUnique(
  db: Db,
  kind: Kind,
  values: { name: string; slug: string; key: string },
  exceptId?: number,
) {
  const table = kind === "category" ? categories : tags;
  const keyColumn = kind === "category" ? categories.key : tags.tag;
  const clash = db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(
      and(
        or(
          eq(table.slug, values.slug),
          eq(keyColumn, values.key),
          sql`lower(${table.name}) = lower(${values.name})`,
        ),
        exceptId === undefined ? undefined : ne(table.id, exceptId),
      ),
    )
    .get();
  if (clash) {
    throw new DomainError(
      409,
      `A ${label(kind)} with the slug "${values.slug}" already exists ("${clash.name}")`,
    );
  }
}

function refCondition(kind: Kind, ref: TaxonomyRef) {
  const table = kind === "category" ? categories : tags;
  if (typeof ref === "number") return eq(table.id, ref);
  return eq(table.uid, ref);
}

/** The 409 for a save that lost to one made between its read and its write. */
function lostRace(db: Db, kind: Kind, id: number) {
  const table = kind === "category" ? categories : tags;
  const now = db
    .select({ updatedAt: table.updatedAt, updatedBy: table.updatedBy })
    .from(table)
    .where(eq(table.id, id))
    .get();
  return versionConflict(now ?? { updatedAt: null, updatedBy: null }, siteTimeZone(db));
}

function notFoundFor(kind: Kind) {
  return notFound(kind === "category" ? "Category not found" : "Tag not found");
}

export function createCategory(actor: SessionUser, input: unknown, db: Db = getDb()) {
  assertCan(actor, "manageTaxonomy");
  const values = derive(input);
  assertUnique(db, "category", values);
  const row = db
    .insert(categories)
    .values({
      id: nextId(db, "categories"),
      uid: crypto.randomUUID(),
      ...values,
      updatedAt: new Date(),
      updatedBy: actor.name,
    })
    .returning()
    .get();
  return toCategoryDocument(row);
}

/**
 * Renames or redescribes a category. Its posts stay reachable: their stored
 * URLs follow the new slug in one UPDATE, and the post page answers a stale
 * category segment with a 301 to the canonical URL.
 */
export function updateCategory(
  actor: SessionUser,
  ref: TaxonomyRef,
  input: unknown,
  db: Db = getDb(),
) {
  assertCan(actor, "manageTaxonomy");
  const existing = db.select().from(categories).where(refCondition("category", ref)).get();
  if (!existing) throw notFoundFor("category");
  const read = readVersion(input);
  assertCurrentVersion(read, existing, siteTimeZone(db));
  const values = derive(input);
  assertUnique(db, "category", values, existing.id);
  // A home section following this category by its seeded slug keeps it after the rename.
  pinHomeSections(db);
  return db.transaction((tx) => {
    const row = tx
      .update(categories)
      .set({ ...values, ...versionStamp(actor, existing) })
      .where(and(eq(categories.id, existing.id), eq(categories.version, existing.version)))
      .returning()
      .get();
    // Another save got in between the read and this write.
    if (!row) throw lostRace(tx as unknown as Db, "category", existing.id);
    if (values.slug !== existing.slug) {
      // Each URL is made by postPath, which encodes slugs in other scripts.
      const moved = tx
        .select({ id: posts.id, slug: posts.slug })
        .from(posts)
        .where(eq(posts.categoryId, existing.id))
        .all();
      for (const post of moved) {
        tx.update(posts)
          .set({ url: postPath(post.id, values.slug, post.slug) })
          .where(eq(posts.id, post.id))
          .run();
      }
    }
    return toCategoryDocument(row);
  });
}

/**
 * Deletes a category that has no posts. One with posts is refused (409):
 * deleting it would leave them without a category and change their URLs;
 * move them first.
 */
export function deleteCategory(actor: SessionUser, ref: TaxonomyRef, db: Db = getDb()) {
  assertCan(actor, "manageTaxonomy");
  const existing = db.select().from(categories).where(refCondition("category", ref)).get();
  if (!existing) throw notFoundFor("category");
  const sections = sectionsFedBy(db, existing.id);
  if (sections.length > 0) {
    throw new DomainError(
      409,
      `"${existing.name}" feeds the home page's ${sections.join(" and ")} section${sections.length === 1 ? "" : "s"}; choose another category for ${sections.length === 1 ? "it" : "them"} in Settings › Home Page first`,
    );
  }
  const used = db.select({ n: count() }).from(posts).where(eq(posts.categoryId, existing.id)).get();
  if (used && used.n > 0) {
    throw new DomainError(
      409,
      `"${existing.name}" still has ${used.n} post${used.n === 1 ? "" : "s"}; move ${used.n === 1 ? "it" : "them"} to another category first`,
    );
  }
  db.delete(categories).where(eq(categories.id, existing.id)).run();
  return { id: existing.id, uid: existing.uid };
}

export function createTag(actor: SessionUser, input: unknown, db: Db = getDb()) {
  assertCan(actor, "manageTaxonomy");
  const { key, ...values } = derive(input);
  assertUnique(db, "tag", { ...values, key });
  const row = db
    .insert(tags)
    .values({
      id: nextId(db, "tags"),
      uid: crypto.randomUUID(),
      ...values,
      tag: key,
      updatedAt: new Date(),
      updatedBy: actor.name,
    })
    .returning()
    .get();
  return toTagDocument(row);
}

export function updateTag(actor: SessionUser, ref: TaxonomyRef, input: unknown, db: Db = getDb()) {
  assertCan(actor, "manageTaxonomy");
  const existing = db.select().from(tags).where(refCondition("tag", ref)).get();
  if (!existing) throw notFoundFor("tag");
  assertCurrentVersion(readVersion(input), existing, siteTimeZone(db));
  const { key, ...values } = derive(input);
  assertUnique(db, "tag", { ...values, key }, existing.id);
  const row = db
    .update(tags)
    .set({ ...values, tag: key, ...versionStamp(actor, existing) })
    .where(and(eq(tags.id, existing.id), eq(tags.version, existing.version)))
    .returning()
    .get();
  if (!row) throw lostRace(db, "tag", existing.id);
  return toTagDocument(row);
}

/** Deletes a tag; its posts simply lose it. */
export function deleteTag(actor: SessionUser, ref: TaxonomyRef, db: Db = getDb()) {
  assertCan(actor, "manageTaxonomy");
  const existing = db.select().from(tags).where(refCondition("tag", ref)).get();
  if (!existing) throw notFoundFor("tag");
  db.delete(tags).where(eq(tags.id, existing.id)).run();
  return { id: existing.id, uid: existing.uid };
}
