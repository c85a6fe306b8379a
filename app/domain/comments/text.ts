/**
 * A comment's plain text as paragraphs of text and links, for rendering as
 * React text nodes (escaped; never HTML). Blank lines split paragraphs, single
 * newlines become line breaks, and http(s) addresses become links that the
 * page marks `rel="nofollow ugc"`.
 */
export type CommentPiece =
  | { kind: "text"; text: string }
  | { kind: "link"; href: string; text: string }
  | { kind: "break" };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

export function linkCount(text: string): number {
  return (text.match(URL_PATTERN) ?? []).length + (text.match(/\bwww\.[^\s]+/gi) ?? []).length;
}

function linkify(line: string): CommentPiece[] {
  const pieces: CommentPiece[] = [];
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    let href = match[0];
    const tail = TRAILING.exec(href)?.[0] ?? "";
    if (tail) href = href.slice(0, -tail.length);
    if (start > last) pieces.push({ kind: "text", text: line.slice(last, start) });
    pieces.push({ kind: "link", href, text: href });
    last = start + href.length;
  }
  if (last < line.length) pieces.push({ kind: "text", text: line.slice(last) });
  return pieces;
}

export function commentParagraphs(body: string): CommentPiece[][] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((paragraph) =>
      paragraph
        .split("\n")
        .flatMap((line, i) => [...(i > 0 ? [{ kind: "break" } as const] : []), ...linkify(line)]),
    );
}
