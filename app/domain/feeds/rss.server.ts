/**
 * A feed as RSS 2.0 (docs/integrations.md "Feeds"): each item's summary as `description`, the
 * whole content as `content:encoded` (none for a members-only post), one `dc:creator` per Author
 * in byline order (docs/behaviour.md §bylines), the category and tags, the photo as enclosure,
 * and `atom:link` to itself and to the WebSub hub.
 */
import type { FeedDoc } from "~/domain/feeds/model.server";
import { escapeXml } from "~/utils/escape";

const rfc822 = (date: Date) => date.toUTCString();

export function rssXml(doc: FeedDoc, self: string, hub: string): string {
  const body = doc.entries
    .map((p) =>
      [
        "    <item>",
        `      <title>${escapeXml(p.title)}</title>`,
        `      <link>${escapeXml(p.url)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(p.url)}</guid>`,
        `      <description>${escapeXml(p.summary)}</description>`,
        `      <pubDate>${rfc822(p.published)}</pubDate>`,
        ...p.authors.map((a) => `      <dc:creator>${escapeXml(a.name)}</dc:creator>`),
        p.category ? `      <category>${escapeXml(p.category.name)}</category>` : "",
        ...p.tags.map((t) => `      <category>${escapeXml(t.name)}</category>`),
        // Length 0: the size is not known here, as the RSS Best Practices allow.
        p.image
          ? `      <enclosure url="${escapeXml(p.image.url)}" type="${p.image.type}" length="0"/>`
          : "",
        p.contentHtml === null
          ? ""
          : `      <content:encoded>${escapeXml(p.contentHtml)}</content:encoded>`,
        "    </item>",
      ]
        .filter(Boolean)
        .join("\n"),
    )
    .join("\n");
  const editor = doc.editor
    ? `    <managingEditor>${escapeXml(`${doc.editor} (${doc.siteName})`)}</managingEditor>\n`
    : "";
  const built = doc.newest ? `    <lastBuildDate>${rfc822(doc.newest)}</lastBuildDate>\n` : "";
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${escapeXml(doc.title)}</title>
    <link>${escapeXml(doc.homeUrl)}</link>
    <description>${escapeXml(doc.description)}</description>
    <language>en</language>
    <copyright>${escapeXml(doc.copyright)}</copyright>
${editor}    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>
    <atom:link href="${escapeXml(hub)}" rel="hub"/>
${built}${body}
  </channel>
</rss>
`;
}
