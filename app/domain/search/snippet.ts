/**
 * The snippet under a search result: about SNIPPET_WORDS words of the body around the
 * matched words, as plain-text pieces, the matched ones marked (docs/decisions/100-search-index.md).
 * Pieces are text, never markup: the page renders them as React text and `<mark>`
 * elements; `snippetHtml` escapes them for the JSON call.
 */
import { foldWord, type SearchTerm } from "~/domain/search/query";
import { escapeHtml } from "~/utils/escape";

export type SnippetPiece = { text: string; hit: boolean };

const SNIPPET_WORDS = 30;
const TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;
const ASCII = /^[ -~]*$/;

/** `foldWord`, without the Unicode normalisation for the plain ASCII words of most text (a token holds no space or control character). */
const fold = (word: string) => (ASCII.test(word) ? word.toLowerCase() : foldWord(word));

type Token = { start: number; end: number; folded: string };

const ASCII_TEXT = /^[\0-\x7f]*$/;
const ASCII_TOKEN = /[a-z0-9]+/g;

function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  if (ASCII_TEXT.test(text)) {
    // Plain ASCII (most text): lower-case it once; the offsets stay those of `text`.
    const lower = text.toLowerCase();
    ASCII_TOKEN.lastIndex = 0;
    for (let m = ASCII_TOKEN.exec(lower); m; m = ASCII_TOKEN.exec(lower)) {
      tokens.push({ start: m.index, end: m.index + m[0].length, folded: m[0] });
    }
    return tokens;
  }
  for (const m of text.matchAll(TOKEN)) {
    tokens.push({ start: m.index, end: m.index + m[0].length, folded: fold(m[0]) });
  }
  return tokens;
}

/** Which tokens are hits: a word term (or prefix), or every word of a phrase in a row. */
function hitsOf(tokens: Token[], terms: SearchTerm[]): boolean[] {
  const hit = tokens.map(() => false);
  for (const term of terms) {
    const n = term.words.length;
    for (let i = 0; i + n <= tokens.length; i++) {
      let all = true;
      for (let k = 0; k < n && all; k++) {
        const word = tokens[i + k].folded;
        const want = term.words[k];
        all = term.prefix && k === n - 1 ? word.startsWith(want) : word === want;
      }
      if (all) for (let k = 0; k < n; k++) hit[i + k] = true;
    }
  }
  return hit;
}

/**
 * The window of SNIPPET_WORDS tokens holding the most hits (the first such), with an
 * ellipsis where the text goes on. No hit in the body (a title or tag match): the start.
 */
export function snippetOf(text: string, terms: SearchTerm[]): SnippetPiece[] {
  const tokens = tokensOf(text);
  if (tokens.length === 0) return [];
  const hit = hitsOf(tokens, terms);
  let best = 0;
  let bestCount = -1;
  let count = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (hit[i]) count++;
    if (i >= SNIPPET_WORDS && hit[i - SNIPPET_WORDS]) count--;
    const start = Math.max(0, i - SNIPPET_WORDS + 1);
    if (count > bestCount) {
      bestCount = count;
      best = start;
    }
  }
  // Start a few words before the first hit of the window, so it reads in context.
  const firstHit = hit.indexOf(true, best);
  const from = firstHit >= 0 ? Math.max(0, Math.min(best, firstHit - 4)) : 0;
  const to = Math.min(tokens.length, from + SNIPPET_WORDS);
  const pieces: SnippetPiece[] = [];
  const push = (piece: string, isHit: boolean) => {
    if (!piece) return;
    const last = pieces.at(-1);
    if (last && last.hit === isHit) last.text += piece;
    else pieces.push({ text: piece, hit: isHit });
  };
  if (from > 0) push("… ", false);
  for (let i = from; i < to; i++) {
    const t = tokens[i];
    push(text.slice(t.start, t.end), hit[i]);
    if (i + 1 < to) push(text.slice(t.end, tokens[i + 1].start).replace(/\s+/g, " "), false);
  }
  if (to < tokens.length) push(" …", false);
  return pieces;
}

/** The snippet as HTML: escaped text, the hits in `<mark>`. */
export function snippetHtml(pieces: SnippetPiece[]): string {
  return pieces
    .map((p) => {
      const text = escapeHtml(p.text);
      return p.hit ? `<mark>${text}</mark>` : text;
    })
    .join("");
}
