/**
 * Counts in kept pages (docs/decisions/250-counts-in-kept-pages.md): a post page rendered for the
 * page cache carries a marked place for each counter it shows (likes, shares) instead of the
 * number, in the HTML and in the hydration data alike; the cache fills the current counts in
 * when it answers. A like therefore changes what a kept page says without a render.
 *
 * The mark is a token made fresh by each process (letters and digits only, so no escaping
 * in HTML, JSON or the script that carries the hydration data changes it), followed by the
 * counter's name: no content a writer saves can contain it.
 */
import { randomBytes } from "node:crypto";

/** The counters a post page shows, as stored on the post. */
export type Counts = { likes: number; shares: number };

/** The marked places: each count, and the noun after the share count ("1 share", "2 shares"). */
const SLOT_VALUES = {
  likes: (c: Counts) => String(c.likes),
  shares: (c: Counts) => String(c.shares),
  sharesNoun: (c: Counts) => (c.shares === 1 ? "share" : "shares"),
} as const;
export type CounterName = keyof typeof SLOT_VALUES;
const SLOT_NAMES = Object.keys(SLOT_VALUES) as CounterName[];

const TOKEN = `ikslot${randomBytes(9).toString("hex")}`;

/** The mark standing for `name`'s count in a kept page. */
export function countSlot(name: CounterName): string {
  return `${TOKEN}${name}`;
}

export type CountTemplate = {
  /** The page split at its marks: parts.length === slots.length + 1. */
  parts: string[];
  slots: CounterName[];
};

// Longest name first: "sharesNoun" must not be read as "shares" followed by "Noun".
const SLOT_PATTERN = new RegExp(
  `${TOKEN}(${[...SLOT_NAMES].sort((a, b) => b.length - a.length).join("|")})`,
  "g",
);

/** The page split at its marks, or null when it has none. */
export function countTemplate(body: string): CountTemplate | null {
  const parts: string[] = [];
  const slots: CounterName[] = [];
  let last = 0;
  for (const match of body.matchAll(SLOT_PATTERN)) {
    parts.push(body.slice(last, match.index));
    slots.push(match[1] as CounterName);
    last = (match.index ?? 0) + match[0].length;
  }
  if (slots.length === 0) return null;
  parts.push(body.slice(last));
  return { parts, slots };
}

/** The page with `counts` in its marked places. */
export function fillCounts(template: CountTemplate, counts: Counts): Buffer {
  let out = template.parts[0];
  for (let i = 0; i < template.slots.length; i++) {
    out += SLOT_VALUES[template.slots[i]](counts) + template.parts[i + 1];
  }
  return Buffer.from(out);
}
