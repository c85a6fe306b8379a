/**
 * Alt text (docs/behaviour.md §galleries): every image in a post is either described (`alt` with
 * text) or marked decorative (`alt="" role="presentation"`, which the image dialog's "This image is
 * decorative" writes). Anything else — no `alt`, or `alt=""` alone, which is what images saved
 * before the question was asked carry — is unanswered, and Publish warns about it.
 */
import { findElements, parseHtml } from "./html-tree.server";

/** How many images in `html` have neither alt text nor the decorative marker. */
export function imagesWithoutAlt(html: string): number {
  if (!/<img\b/i.test(html)) return 0;
  return findElements(parseHtml(html), (el) => el.name === "img").filter((img) => {
    if ((img.attribs.alt ?? "").trim() !== "") return false;
    return !(img.attribs.alt === "" && img.attribs.role === "presentation");
  }).length;
}

/** "1 image has no alt text" / "2 images have no alt text". */
/** The publish check (publish-warnings.server.ts CHECKS). */
export function altTextCheck(_db: unknown, post: { content: string }): string[] {
  const n = imagesWithoutAlt(post.content);
  if (n === 0) return [];
  return [n === 1 ? "1 image has no alt text" : `${n} images have no alt text`];
}
