/**
 * What a reader types, turned into an FTS5 query that can never be an FTS5 syntax error
 * (docs/decisions/100-search-index.md):
 * - the words are runs of letters and digits, as the index's `unicode61` tokenizer reads them;
 *   everything else (operators, brackets, `*`, `:`, `^`, a stray quote) is a separator;
 * - a balanced pair of double quotes makes a phrase; an unbalanced quote is ignored;
 * - every word and phrase must match (implicit AND); `AND`, `OR`, `NOT`, `NEAR` are plain words;
 * - the last word, when it is not in a phrase and has two characters or more, is a prefix
 *   (`bitc` finds bitcoin);
 * - accents and case are ignored both ways (the index folds them; `foldWord` does the same here).
 * Long input is cut: at most MAX_QUERY_CHARS characters and MAX_TERMS words or phrases.
 */

export const MAX_QUERY_CHARS = 200;
export const MAX_TERMS = 12;
const MAX_WORD_CHARS = 64;

/** One thing that must match: a word (maybe a prefix) or a phrase of several words. */
export type SearchTerm = { words: string[]; prefix: boolean };

export type ParsedQuery = {
  terms: SearchTerm[];
  /** The FTS5 MATCH expression, or null when the input holds no word at all. */
  match: string | null;
};

const WORD = /[\p{L}\p{N}\p{Co}]+/gu;

/** Lower case without accents: how the index compares words (`Café` → `cafe`). */
export function foldWord(word: string): string {
  return word
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

function wordsOf(text: string): string[] {
  return (text.match(WORD) ?? [])
    .map((w) => foldWord(w).slice(0, MAX_WORD_CHARS))
    .filter((w) => w.length > 0);
}

export function parseSearchQuery(raw: string | null | undefined): ParsedQuery {
  const input = (raw ?? "").slice(0, MAX_QUERY_CHARS);
  const terms: SearchTerm[] = [];
  // Split on quotes: odd pieces are inside a pair. A last, unclosed quote is not a phrase.
  const pieces = input.split('"');
  const closed = pieces.length % 2 === 1 ? pieces.length : pieces.length - 1;
  pieces.forEach((piece, i) => {
    const words = wordsOf(piece);
    if (i % 2 === 1 && i < closed) {
      if (words.length > 0) terms.push({ words, prefix: false });
    } else {
      for (const word of words) terms.push({ words: [word], prefix: false });
    }
  });
  const kept = terms.slice(0, MAX_TERMS);
  const last = kept.at(-1);
  const endsInWord = /[\p{L}\p{N}\p{Co}]$/u.test(input.trimEnd()) && !input.trimEnd().endsWith('"');
  if (last && last.words.length === 1 && last.words[0].length >= 2 && endsInWord) {
    last.prefix = true;
  }
  if (kept.length === 0) return { terms: [], match: null };
  // Every term is a quoted FTS5 string (its words hold no quote), so no input is syntax.
  const match = kept.map((t) => `"${t.words.join(" ")}"${t.prefix ? "*" : ""}`).join(" ");
  return { terms: kept, match };
}
