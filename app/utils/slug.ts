/**
 * URL slug (docs/behaviour.md §posts): lowercase, spaces to hyphens, every other character
 * that is not a letter, digit or hyphen removed. "Freshly Pressed" → "freshly-pressed".
 */
export function slugify(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "");
}

/**
 * API key form of a category or tag (docs/api.md): lowercase, spaces and hyphens
 * to underscores. "Freshly Pressed" and "freshly-pressed" → "freshly_pressed".
 */
export function apiKey(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_")
    .replace(/[^a-z0-9_]/g, "");
}

/** Canonical post path (docs/behaviour.md §posts): `/{id}/{category-slug}/{post-slug}`. */
export function postPath(id: number, categorySlug: string | null | undefined, postSlug: string) {
  return `/${id}/${categorySlug || "uncategorised"}/${postSlug || "post"}`;
}

/** "freshly-pressed" or "freshly_pressed" → "Freshly Pressed". */
export function titleCase(input: string): string {
  return input
    .replace(/[-_]+/g, " ")
    .trim()
    .split(/\s+/)
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(" ");
}
