/**
 * A published post as Markdown for readers and machines (docs/integrations.md "Markdown and
 * llms.txt"): a short header (the title as `# Title`, the byline "By A and B", the date in the
 * site's time zone, the canonical address), then the body as the "markdown" render and
 * `htmlToMarkdown` write it, every link and image absolute against PUBLIC_URL (a `#fragment`
 * against the post's own address). Drafts, posts in review and trashed posts have none.
 *
 * A members-only post gives its summary and a note to sign in (`showsWholePost`).
 */
import { ANONYMOUS, canRead } from "~/domain/access/reading.server";
import { authorsOf } from "~/domain/bylines/read.server";
import { findElements, parseHtml, serializeHtml } from "~/domain/content/html-tree.server";
import { htmlToMarkdown } from "~/domain/content/markdown.server";
import { renderContent } from "~/domain/content/pipeline.server";
import { getPublishedPost, type PostDetail } from "~/domain/posts/reading.server";
import { sanitizePostHtml } from "~/domain/posts/sanitize.server";
import type { PostVisibility } from "~/domain/posts/visibility";
import { siteTimeZone } from "~/domain/site/settings.server";
import type { Db } from "~/platform/db.server";
import { absoluteUrl } from "~/utils/seo";

/** The `.md` address of a post's absolute address. */
export function markdownAddress(absolutePostUrl: string): string {
  return `${absolutePostUrl}.md`;
}

/** Attributes that hold an address, by element. */
const ADDRESS_ATTRIBUTES: Record<string, string> = { a: "href", img: "src" };

/** `html` with every link and image address absolute: paths against the site, fragments against the post. */
export function absoluteAddresses(html: string, publicUrl: string, pageUrl: string): string {
  if (!/\s(?:href|src)=/.test(html)) return html;
  const doc = parseHtml(html);
  for (const el of findElements(doc, (e) => e.name in ADDRESS_ATTRIBUTES)) {
    const name = ADDRESS_ATTRIBUTES[el.name];
    const value = el.attribs[name]?.trim();
    if (!value) continue;
    el.attribs[name] = value.startsWith("#") ? `${pageUrl}${value}` : absoluteUrl(publicUrl, value);
  }
  return serializeHtml(doc);
}

/** "By A", "By A and B", "By A, B and C"; "" without names. */
export function bylineText(names: readonly string[]): string {
  if (names.length === 0) return "";
  if (names.length === 1) return `By ${names[0]}`;
  return `By ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** `YYYY-MM-DD` of `date` in `timeZone`. */
function isoDay(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
}

/**
 * Whether an anonymous reader's Markdown carries the whole post. A members-only post shows its
 * summary and a note to sign in; the Markdown is the same for everyone (it is kept by the page
 * cache), so no signed-in member is recognised here.
 */
export function showsWholePost(post: { visibility: PostVisibility }): boolean {
  return canRead(ANONYMOUS, { visibility: post.visibility, status: "published" });
}

/** One line of plain text as Markdown text (no accidental emphasis, links or headings). */
function escapeInline(text: string): string {
  return text
    .replace(/([\\`*_[\]<>#|])/g, "\\$1")
    .replace(/\s+/g, " ")
    .trim();
}

export type ReaderMarkdown = { post: PostDetail; body: string };

/** The published post `id` as Markdown; undefined when there is no published post `id`. */
export function readerPostMarkdown(
  db: Db,
  id: number,
  publicUrl: string,
): ReaderMarkdown | undefined {
  const post = getPublishedPost(db, id);
  if (!post) return undefined;
  const pageUrl = absoluteUrl(publicUrl, post.url);
  const names = authorsOf(post.contributors).map((entry) => entry.name);
  const byline = bylineText(names.length > 0 ? names : [post.user.name].filter(Boolean));
  const meta = [byline, isoDay(post.timestamp, siteTimeZone(db)), `<${pageUrl}>`].filter(Boolean);
  const header = `# ${escapeInline(post.title)}\n\n${meta.join(" · ")}\n\n`;
  if (!showsWholePost(post)) {
    const summary = post.summary.trim() ? `${escapeInline(post.summary)}\n\n` : "";
    const note = `*This post is for members. Sign in at <${pageUrl}> to read it all.*\n`;
    return { post, body: `${header}${summary}${note}` };
  }
  const html = renderContent(sanitizePostHtml(post.content), {
    target: "markdown",
    db,
    publicUrl,
    pageUrl,
  });
  return { post, body: `${header}${htmlToMarkdown(absoluteAddresses(html, publicUrl, pageUrl))}` };
}
