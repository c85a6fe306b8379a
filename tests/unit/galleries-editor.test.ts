/**
 * The editor's images and galleries (docs/behaviour.md §galleries): what the nodes export is the
 * stored form (the save step and the allowlist leave it unchanged), and the stored form loads back
 * into the same nodes (a headless editor with the browser editor's nodes).
 */
import { $createParagraphNode, $createTextNode } from "lexical";
import { describe, expect, it } from "vitest";
import { moveItem } from "~/components/editor/gallery-editor";
import { $createGalleryNode } from "~/components/editor/gallery-node";
import { $createImageNode } from "~/components/editor/image-node";
import { cleanContent } from "~/domain/content/pipeline.server";
import { exportDocument, reload } from "./headless-editor";

const gallery = () =>
  $createGalleryNode({
    columns: 4,
    caption: "On the quay",
    images: [
      { src: "/uploads/posts/a.jpg", altText: "Boats", caption: "Boats.", credit: "Ann Lee" },
      { src: "/uploads/posts/b.jpg", altText: "", decorative: true },
      { src: "/uploads/posts/c.jpg", altText: "Nets", credit: "Bo" },
    ],
  });

describe("the editor's galleries and captioned images", () => {
  it("exports the stored gallery form, which saving keeps and the editor reads back", () => {
    const html = exportDocument(() => [gallery()]);
    expect(html).toBe(
      '<figure class="ik-gallery" data-columns="4"><ul class="ik-gallery-grid">' +
        '<li><figure class="ik-image"><img src="/uploads/posts/a.jpg" alt="Boats"><figcaption><span class="ik-caption">Boats.</span> <span class="ik-credit">Ann Lee</span></figcaption></figure></li>' +
        '<li><figure class="ik-image"><img src="/uploads/posts/b.jpg" alt="" role="presentation"></figure></li>' +
        '<li><figure class="ik-image"><img src="/uploads/posts/c.jpg" alt="Nets"><figcaption><span class="ik-credit">Bo</span></figcaption></figure></li>' +
        "</ul><figcaption>On the quay</figcaption></figure>",
    );
    expect(cleanContent(html)).toBe(html);
    expect(reload(html)).toBe(html);
  });

  it("writes a captioned image as a figure and keeps a plain image a bare img", () => {
    const html = exportDocument(() => [
      $createParagraphNode().append(
        $createTextNode("Look: "),
        $createImageNode({ src: "/a.png", altText: "A", caption: "Dawn", credit: "Ann" }),
      ),
      $createParagraphNode().append($createImageNode({ src: "/b.png", altText: "" })),
    ]);
    const figure =
      '<figure class="ik-image"><img src="/a.png" alt="A"><figcaption><span class="ik-caption">Dawn</span> <span class="ik-credit">Ann</span></figcaption></figure>';
    expect(html).toContain(figure);
    expect(html).toContain('<img src="/b.png" alt="">');
    const stored = cleanContent(html);
    expect(stored).toContain(`</p>${figure}`);
    expect(cleanContent(reload(stored))).toBe(stored);
  });

  it("moves an image earlier or later", () => {
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 2, 1)).toEqual(["a", "c", "b"]);
  });
});
