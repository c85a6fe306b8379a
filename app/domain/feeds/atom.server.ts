/**
 * A feed as Atom 1.0 (RFC 4287; docs/integrations.md "Feeds"): the feed's id is its own address,
 * each entry's the post's page; the site is the feed's author, so an entry without a byline
 * still has one; summary and content are `type="html"`; the photo is a `rel="enclosure"` link;
 * `rel="self"` and `rel="hub"` name the feed and the WebSub hub.
 */
import type { FeedDoc, FeedEntry } from "~/domain/feeds/model.server";
import { escapeXml } from "~/utils/escape";

const person = (tag: "author", p: { name: string; url: string | null }, indent: string) =>
  `${indent}<${tag}><name>${escapeXml(p.name)}</name>${p.url ? `<uri>${escapeXml(p.url)}</uri>` : ""}</${tag}>`;

function entryXml(e: FeedEntry): string {
  const lines = [
    "  <entry>",
    `    <id>${escapeXml(e.url)}</id>`,
    `    <title type="text">${escapeXml(e.title)}</title>`,
    `    <link rel="alternate" type="text/html" href="${escapeXml(e.url)}"/>`,
    `    <published>${e.published.toISOString()}</published>`,
    `    <updated>${e.updated.toISOString()}</updated>`,
    ...e.authors.map((a) => person("author", a, "    ")),
    ...[e.category, ...e.tags]
      .filter((t) => t !== null)
      .map(
        (t) =>
          `    <category term="${escapeXml(t.name)}"${t.url ? ` scheme="${escapeXml(t.url.replace(/[^/]+$/, ""))}"` : ""} label="${escapeXml(t.name)}"/>`,
      ),
    e.image
      ? `    <link rel="enclosure" type="${e.image.type}" href="${escapeXml(e.image.url)}"/>`
      : "",
    `    <summary type="html">${escapeXml(e.summary)}</summary>`,
    e.contentHtml === null ? "" : `    <content type="html">${escapeXml(e.contentHtml)}</content>`,
    "  </entry>",
  ];
  return lines.filter(Boolean).join("\n");
}

export function atomXml(doc: FeedDoc, self: string, hub: string): string {
  const updated = doc.entries.reduce<Date | null>(
    (newest, e) => (newest && newest >= e.updated ? newest : e.updated),
    null,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
  <id>${escapeXml(self)}</id>
  <title type="text">${escapeXml(doc.title)}</title>
  <subtitle type="text">${escapeXml(doc.description)}</subtitle>
  <updated>${(updated ?? new Date()).toISOString()}</updated>
${person("author", { name: doc.siteName, url: doc.siteUrl }, "  ")}
  <link rel="alternate" type="text/html" href="${escapeXml(doc.homeUrl)}"/>
  <link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>
  <link rel="hub" href="${escapeXml(hub)}"/>
  <icon>${escapeXml(doc.iconUrl)}</icon>
  <rights type="text">${escapeXml(doc.copyright)}</rights>
${doc.entries.map(entryXml).join("\n")}
</feed>
`;
}
