/**
 * Which category feeds each home section (Settings › Home Page,
 * docs/decisions/084-home-sections-in-settings.md). A section remembers its
 * category by id, so renaming the category keeps it; an unset one uses the
 * seeded category of its slug, and is pinned to it before any category changes.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { categories, settings } from "#db/schema";
import { HOME_CATEGORY_SLUGS, HOME_SECTIONS, type HomeSectionKey } from "~/domain/posts/sections";
import { getSettings, SETTINGS_ID } from "~/domain/site/settings.server";
import { type Db, preparedOnce } from "~/platform/db.server";

export type HomeSectionChoice = {
  key: HomeSectionKey;
  title: string;
  category: { id: number; name: string; slug: string } | null;
  limit: number;
};

// Every section's chosen category (by id), then, only when a section has none, the seeded ones (by
// slug): two queries built once per connection. One query with `id in (…) or slug in (…)` cost six
// times as much (SQLite's OR of two index searches).
const byIdQuery = preparedOnce((db) =>
  db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(
      inArray(
        categories.id,
        HOME_SECTIONS.map((h) => sql.placeholder(h.categoryField)),
      ),
    )
    .prepare(),
);
const bySlugQuery = preparedOnce((db) =>
  db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, Object.values(HOME_CATEGORY_SLUGS)))
    .prepare(),
);

export function homeSectionChoices(db: Db): Record<HomeSectionKey, HomeSectionChoice> {
  const s = getSettings(db);
  const ids = Object.fromEntries(HOME_SECTIONS.map((h) => [h.categoryField, s[h.categoryField]]));
  const rows = byIdQuery(db).all(ids);
  if (HOME_SECTIONS.some((h) => s[h.categoryField] === null)) rows.push(...bySlugQuery(db).all());
  const byId = new Map(rows.map((r) => [r.id, r]));
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  const out = {} as Record<HomeSectionKey, HomeSectionChoice>;
  for (const h of HOME_SECTIONS) {
    const id = s[h.categoryField];
    const category =
      id !== null ? (byId.get(id) ?? null) : (bySlug.get(HOME_CATEGORY_SLUGS[h.key]) ?? null);
    out[h.key] = { key: h.key, title: h.title, category, limit: s[h.countField] };
  }
  return out;
}

/**
 * Stores the category of every section still following its seeded slug, so a
 * rename that changes the slug keeps the section (called before category
 * changes, and after seeding).
 */
export function pinHomeSections(db: Db) {
  const s = getSettings(db);
  const choices = homeSectionChoices(db);
  const pins: Record<string, number> = {};
  for (const h of HOME_SECTIONS) {
    const category = choices[h.key].category;
    if (s[h.categoryField] === null && category) pins[h.categoryField] = category.id;
  }
  if (Object.keys(pins).length > 0) {
    db.update(settings).set(pins).where(eq(settings.id, SETTINGS_ID)).run();
  }
}

/** The home sections a category feeds (their titles), for the delete check. */
export function sectionsFedBy(db: Db, categoryId: number): string[] {
  const choices = homeSectionChoices(db);
  return HOME_SECTIONS.filter((h) => choices[h.key].category?.id === categoryId).map(
    (h) => h.title,
  );
}
