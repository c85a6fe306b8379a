/**
 * What each content block adds to the one HTML allowlist (app/domain/posts/sanitize.server.ts,
 * docs/behaviour.md §editor): its elements, and the attributes it needs on them. Classes need
 * nothing here: every element may carry the editor's `ik-*` classes. Browser-safe.
 *
 * One section a block; the sanitiser merges them all.
 */
export type AllowFragment = {
  tags: readonly string[];
  attributes: Readonly<Record<string, readonly string[]>>;
};

// Headings and the contents box.
const headings: AllowFragment = { tags: [], attributes: {} };

// Footnotes.
const footnotes: AllowFragment = { tags: [], attributes: {} };

// Tables.
const tables: AllowFragment = { tags: [], attributes: {} };

// Embeds.
const embeds: AllowFragment = { tags: [], attributes: {} };

// Galleries, captions and credits.
const galleries: AllowFragment = { tags: [], attributes: {} };

// Editorial notes (kept in stored drafts, removed from everything readers get).
const notes: AllowFragment = { tags: ["mark"], attributes: { mark: ["data-note"] } };

export const BLOCK_FRAGMENTS: readonly AllowFragment[] = [
  headings,
  footnotes,
  tables,
  embeds,
  galleries,
  notes,
];

/** The blocks' tags. */
export const BLOCK_TAGS: readonly string[] = BLOCK_FRAGMENTS.flatMap((f) => f.tags);

/** `base` with every block's attributes added, tag by tag. */
export function withBlockAttributes(base: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = { ...base };
  for (const fragment of BLOCK_FRAGMENTS) {
    for (const [tag, names] of Object.entries(fragment.attributes)) {
      out[tag] = [...new Set([...(out[tag] ?? []), ...names])];
    }
  }
  return out;
}
