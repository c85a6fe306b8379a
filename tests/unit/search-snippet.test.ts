/**
 * The snippet under a search result (docs/decisions/100-search-index.md): the 30-word window with
 * the most matched words, case and accents ignored, prefixes and phrases marked, text only.
 */
import { describe, expect, it } from "vitest";
import { snippetHtml, snippetOf } from "~/domain/search/snippet";

const word = (w: string) => ({ words: [w], prefix: false });
const marked = (text: string, terms: Parameters<typeof snippetOf>[1]) =>
  snippetHtml(snippetOf(text, terms));

describe("snippetOf", () => {
  it("marks a word whatever its case, in plain ASCII text over several lines", () => {
    expect(marked("Markets fell.\nThen BITCOIN rose.", [word("bitcoin")])).toBe(
      "Markets fell. Then <mark>BITCOIN</mark> rose",
    );
  });

  it("marks accented words for an unaccented query, and prefixes", () => {
    expect(marked("Un café près du marché", [word("cafe"), { words: ["mar"], prefix: true }])).toBe(
      "Un <mark>café</mark> près du <mark>marché</mark>",
    );
  });

  it("marks a phrase only where its words follow each other", () => {
    const phrase = { words: ["central", "bank"], prefix: false };
    expect(marked("A bank, central. The central bank acts.", [phrase])).toBe(
      "A bank, central. The <mark>central</mark> <mark>bank</mark> acts",
    );
  });

  it("chooses the window with the most matches and says where the text goes on", () => {
    const filler = Array.from({ length: 40 }, (_, i) => `w${i}`).join(" ");
    const html = marked(`${filler} gold ${filler} gold silver gold ${filler}`, [
      word("gold"),
      word("silver"),
    ]);
    expect(html.startsWith("… ")).toBe(true);
    expect(html.endsWith(" …")).toBe(true);
    expect(html).toContain("<mark>gold</mark> <mark>silver</mark> <mark>gold</mark>");
  });

  it("escapes the text (from its first word to its last): a snippet never carries markup", () => {
    expect(marked("<script>x</script> & gold", [word("gold")])).toBe(
      "script&gt;x&lt;/script&gt; &amp; <mark>gold</mark>",
    );
  });
});
