/**
 * Heading ids and footnote anchors (docs/behaviour.md §footnotes): the one rule for the ids a
 * post's headings get, shared by the server's save step and the editor's export so both write
 * the same HTML, and the values the sanitiser keeps. Browser-safe.
 */

/** Footnote and comment anchors the page uses itself; a heading id never takes this form. */
const PAGE_ID_PATTERN = /^(fn|fnref|comment)-\d+$/;

/** Ids the reader's page already has (landmarks, forms); a heading with this slug gets `-2`. */
const PAGE_IDS = new Set([
  "main",
  "like",
  "respond",
  "respond-heading",
  "comments",
  "comments-heading",
  "error-title",
  "site-search",
  "site-search-mobile",
  "social-card-heading",
]);

/** Letters and digits in runs joined by single hyphens: no underscores, dots or other marks. */
const SLUG_PATTERN = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;
const SLUG_MAX = 60;

/** The slug of a heading's text: accents dropped, lower case, runs of other characters → "-". */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+/, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  return slug === "" ? "section" : slug;
}

/** Whether `id` is `slug` or `slug-N` (N ≥ 2): a heading keeps such an id while its text keeps the slug. */
function inFamily(id: string, slug: string): boolean {
  if (id === slug) return true;
  if (!id.startsWith(`${slug}-`)) return false;
  const rest = id.slice(slug.length + 1);
  return /^[1-9]\d*$/.test(rest) && Number(rest) >= 2;
}

/**
 * The ids of a post's h2/h3 headings, in document order: an existing id is kept when it is in
 * its text's slug family and no earlier heading kept it; every other heading gets the first free
 * of `slug`, `slug-2`, `slug-3`… Ids the page itself uses are never free.
 */
export function headingIds(headings: readonly { text: string; id?: string | null }[]): string[] {
  const slugs = headings.map((h) => slugify(h.text));
  const taken = new Set(PAGE_IDS);
  const ids: (string | null)[] = headings.map((h, i) => {
    const id = h.id ?? "";
    if (!isHeadingId(id) || !inFamily(id, slugs[i] as string) || taken.has(id)) return null;
    taken.add(id);
    return id;
  });
  return ids.map((id, i) => {
    if (id !== null) return id;
    const slug = slugs[i] as string;
    let candidate = slug;
    for (let n = 2; taken.has(candidate) || PAGE_ID_PATTERN.test(candidate); n++) {
      candidate = `${slug}-${n}`;
    }
    taken.add(candidate);
    return candidate;
  });
}

/** A value the sanitiser keeps as a heading's id. */
export function isHeadingId(id: string): boolean {
  return (
    id.length <= SLUG_MAX + 8 &&
    SLUG_PATTERN.test(id) &&
    !PAGE_ID_PATTERN.test(id) &&
    !PAGE_IDS.has(id)
  );
}

const FN_ID = /^fn-[1-9]\d{0,3}$/;
const FNREF_ID = /^fnref-[1-9]\d{0,3}$/;
const BACKLINK_LABEL = /^Back to reference [1-9]\d{0,3}$/;

type Attributes = Record<string, string>;

/**
 * The sanitiser's check on ids, roles and labels (app/domain/posts/sanitize.server.ts): only the
 * values of the canonical heading and footnote markup survive; anything else is dropped.
 */
export function keepSafeAnchors(tagName: string, attribs: Attributes): Attributes {
  const next = { ...attribs };
  const drop = (name: string, ok: boolean) => {
    if (next[name] !== undefined && !ok) delete next[name];
  };
  const id = next.id ?? "";
  if (tagName === "h2" || tagName === "h3") drop("id", isHeadingId(id));
  else if (tagName === "sup") drop("id", FNREF_ID.test(id));
  else if (tagName === "li") drop("id", FN_ID.test(id));
  else drop("id", false);
  const role = next.role ?? "";
  if (tagName === "a") {
    const href = next.href ?? "";
    drop(
      "role",
      (role === "doc-noteref" && /^#fn-\d+$/.test(href)) ||
        (role === "doc-backlink" && /^#fnref-\d+$/.test(href)),
    );
    drop(
      "aria-label",
      next.role === "doc-backlink" && BACKLINK_LABEL.test(next["aria-label"] ?? ""),
    );
  } else if (tagName === "section") {
    drop("role", role === "doc-endnotes");
    drop("aria-label", next.role === "doc-endnotes" && next["aria-label"] === "Footnotes");
  }
  return next;
}

/** A footnote reference as stored. */
export function footnoteRefHtml(n: number): string {
  return `<sup class="ik-fnref" id="fnref-${n}"><a href="#fn-${n}" role="doc-noteref">${n}</a></sup>`;
}

/** The note list as stored: `bodies[i]` is note i+1's HTML (its paragraphs). */
export function footnotesSectionHtml(bodies: readonly string[]): string {
  const items = bodies.map(
    (body, i) =>
      `<li id="fn-${i + 1}">${body}<a href="#fnref-${i + 1}" role="doc-backlink" aria-label="Back to reference ${i + 1}">↩</a></li>`,
  );
  return `<section class="ik-footnotes" role="doc-endnotes" aria-label="Footnotes"><ol>${items.join("")}</ol></section>`;
}
