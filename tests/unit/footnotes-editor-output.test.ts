/**
 * The editor's footnotes, contents box and heading ids (docs/behaviour.md §footnotes): its HTML
 * is stored unchanged by cleanContent, and loading the stored HTML back and exporting it gives
 * the same HTML (edit → save → edit → save is stable). Documents are built with a headless
 * editor using the browser editor's nodes and export, as in sanitize-editor-output.test.ts.
 */
import { $createHeadingNode } from "@lexical/rich-text";
import { $createParagraphNode, $createTextNode, type LexicalNode } from "lexical";
import { describe, expect, it } from "vitest";
import { $createContentsNode } from "~/components/editor/contents-node";
import { noteFromText } from "~/components/editor/footnote-dialog";
import { $createFootnoteNode } from "~/components/editor/footnote-node";
import { cleanContent } from "~/domain/content/pipeline.server";
import { exportDocument, reload } from "./headless-editor";

const para = (...children: LexicalNode[]) => $createParagraphNode().append(...children);
const heading = (tag: "h2" | "h3", text: string) =>
  $createHeadingNode(tag).append($createTextNode(text));

describe("the editor's footnotes and contents box", () => {
  const html = exportDocument(() => [
    $createContentsNode(),
    heading("h2", "Intro"),
    para(
      $createTextNode("First"),
      $createFootnoteNode(noteFromText('A "quoted" & <odd> note.')),
      $createTextNode(" second"),
      $createFootnoteNode(noteFromText("Two lines\nhere.\n\nSecond paragraph.")),
    ),
    heading("h3", "Intro"),
    heading("h2", "Intro"),
  ]);

  it("exports the canonical markup: references, the note list last, heading ids", () => {
    expect(html).toContain('<nav class="ik-contents"></nav>');
    expect(html).toContain(
      '<sup class="ik-fnref" id="fnref-1"><a href="#fn-1" role="doc-noteref">1</a></sup>',
    );
    expect(html).toContain('<h2 id="intro"');
    expect(html).toContain('<h3 id="intro-2"');
    expect(html).toContain('<h2 id="intro-3"');
    expect(html).toMatch(
      /<section class="ik-footnotes" role="doc-endnotes" aria-label="Footnotes"><ol><li id="fn-1"><p>.*<\/p><a href="#fnref-1" role="doc-backlink" aria-label="Back to reference 1">↩<\/a><\/li><li id="fn-2"><p>Two lines<br>here\.<\/p><p>Second paragraph\.<\/p>.*<\/section>$/,
    );
  });

  it("is stored unchanged", () => {
    expect(cleanContent(html)).toBe(html);
  });

  it("loads back and exports the same HTML", () => {
    expect(reload(html)).toBe(html);
    expect(reload(cleanContent(html))).toBe(html);
  });

  it("keeps the ids a heading was stored with", () => {
    const stored = cleanContent('<h2 id="intro-2">Intro</h2><h2>Intro</h2>');
    const again = reload(stored);
    expect(again).toContain('<h2 id="intro-2"');
    expect(again).toContain('<h2 id="intro"');
    expect(cleanContent(again)).toBe(again);
  });

  it("reads notes typed as HTML (with a link) and keeps them", () => {
    const stored = cleanContent(
      '<p>See[^a].</p><p>[^a]: <a href="https://example.org/">Source</a>.</p>',
    );
    const again = reload(stored);
    expect(again).toContain('<li id="fn-1"><p><a href="https://example.org/"');
    expect(cleanContent(again)).toBe(again);
    expect(reload(again)).toBe(again);
  });
});
