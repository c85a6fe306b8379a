/**
 * Slugs and API keys of names in any script (docs/decisions/180-unicode-slugs.md).
 *
 * Latin letters lose their accents ("Café Ñews" → "cafe-news"; ß, æ, ø… are spelled out);
 * letters, marks and digits of every other script are kept as they are, lowercased
 * ("Ελληνικά" → "ελληνικα", "名前" → "名前"). Everything else (punctuation, symbols,
 * control characters) is removed. ASCII names give the slugs they always gave.
 */

/** Latin letters with no decomposition, spelled out as their usual ASCII form. */
const LATIN_FOLDS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ħ: "h",
  ı: "i",
  ł: "l",
  þ: "th",
};
const LATIN_FOLD = new RegExp(`[${Object.keys(LATIN_FOLDS).join("")}]`, "g");
/** A slug as WordPress exports one in another script: percent-escapes only, no spaces. */
const ENCODED_SLUG =
  /^(?:[A-Za-z0-9._~-]|%[0-9A-Fa-f]{2})*%[0-9A-Fa-f]{2}(?:[A-Za-z0-9._~-]|%[0-9A-Fa-f]{2})*$/;

/** The lowercase words of `input`, joined by `joiner` at each run of whitespace. */
function fold(input: string, whitespace: RegExp, joiner: string, keep: RegExp): string {
  let text = input.trim();
  if (ENCODED_SLUG.test(text)) {
    try {
      text = decodeURIComponent(text);
    } catch {
      // not UTF-8 after all: taken as it is
    }
  }
  return (
    text
      .normalize("NFKD")
      // The accents of Latin and Greek letters; other scripts' marks (й, ガ, हि) stay.
      .replace(/([\p{Script=Latin}\p{Script=Greek}])[\u0300-\u036f]+/gu, "$1")
      .normalize("NFC")
      .toLowerCase()
      .replace(LATIN_FOLD, (c) => LATIN_FOLDS[c])
      .replace(whitespace, joiner)
      .replace(keep, "")
  );
}

/**
 * URL slug (docs/behaviour.md §posts): lowercase, spaces to hyphens, every other character
 * that is not a letter, digit or hyphen removed. "Freshly Pressed" → "freshly-pressed".
 */
export function slugify(input: string): string {
  return fold(input, /\s+/gu, "-", /[^\p{L}\p{M}\p{N}-]/gu);
}

/**
 * Whether `value` is a slug as `slugify` makes them and leaves them: lowercase words of
 * letters and digits joined by single hyphens.
 */
export function isSlug(value: string): boolean {
  return (
    /^[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:-[\p{L}\p{N}][\p{L}\p{M}\p{N}]*)*$/u.test(value) &&
    slugify(value) === value
  );
}

/**
 * API key form of a category or tag (docs/api.md): lowercase, spaces and hyphens
 * to underscores. "Freshly Pressed" and "freshly-pressed" → "freshly_pressed".
 */
export function apiKey(input: string): string {
  return fold(input, /[\s-]+/gu, "_", /[^\p{L}\p{M}\p{N}_]/gu);
}

/**
 * A path of the site from its segments, each percent-encoded: slugs in other scripts
 * travel as `%CE%B5…` (ASCII slugs are unchanged), so a stored path can go in a
 * `Location` header or a sitemap as it is.
 */
export function sitePath(...segments: (string | number)[]): string {
  return `/${segments.map((s) => encodeURIComponent(String(s))).join("/")}`;
}

/** Canonical post path (docs/behaviour.md §posts): `/{id}/{category-slug}/{post-slug}`. */
export function postPath(id: number, categorySlug: string | null | undefined, postSlug: string) {
  return sitePath(id, categorySlug || "uncategorised", postSlug || "post");
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
