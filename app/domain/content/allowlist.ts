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

// Headings and the contents box (values checked by anchors.ts keepSafeAnchors).
const headings: AllowFragment = { tags: ["nav"], attributes: { h2: ["id"], h3: ["id"] } };

// Footnotes (values checked by anchors.ts keepSafeAnchors).
const footnotes: AllowFragment = {
  tags: ["section"],
  attributes: {
    sup: ["id"],
    a: ["role", "aria-label"],
    section: ["role", "aria-label"],
    li: ["id"],
  },
};

// Tables: the caption, and which cells a header cell heads (th scope="col" | "row").
const tables: AllowFragment = { tags: ["caption"], attributes: { th: ["scope"] } };

// Embeds: the stored card `<figure class="ik-embed" data-embed-url="URL"><a href="URL">title</a></figure>`.
const embeds: AllowFragment = { tags: ["figure"], attributes: { figure: ["data-embed-url"] } };

// Galleries, captions and credits (figure, figcaption, ul, li and img are base tags). `role` is
// kept only as `role="presentation"` on a decorative image, `data-columns` only on a gallery: the
// save step (galleries.server.ts) removes them anywhere else.
const galleries: AllowFragment = {
  tags: [],
  attributes: { figure: ["data-columns"], img: ["role"] },
};

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
