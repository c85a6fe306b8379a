/**
 * Bylines on lists of posts (docs/behaviour.md §bylines): one `bylinesFor` query per list,
 * never one per card.
 */
import { type BylineEntry, bylinesFor } from "~/domain/bylines/read.server";
import type { BylineName } from "~/domain/bylines/sentence";
import type { DbOrTx } from "~/platform/db.server";

/** What a card carries of a contributor (no bio, no photo: they are not shown there). */
export function toBylineNames(entries: readonly BylineEntry[]): BylineName[] {
  return entries.map((e) => ({ name: e.name, slug: e.slug, role: e.role }));
}

/** `items` with each one's byline filled in, read in one query. */
export function withBylines<T extends { id: number; byline: BylineName[] }>(
  db: DbOrTx,
  items: T[],
): T[] {
  if (items.length === 0) return items;
  const bylines = bylinesFor(
    db,
    items.map((i) => i.id),
  );
  for (const item of items) item.byline = toBylineNames(bylines.get(item.id) ?? []);
  return items;
}
