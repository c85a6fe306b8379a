/**
 * A feed as JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/; docs/integrations.md "Feeds"):
 * `hubs` names the WebSub hub; an item carries the whole content as `content_html`, or, for a
 * members-only post, its summary as `content_text`; the photo is the item's `image`; the
 * category and tags are its `tags`.
 */
import type { FeedDoc, FeedEntry } from "~/domain/feeds/model.server";

const person = (p: { name: string; url: string | null }) => (p.url ? p : { name: p.name });

function item(e: FeedEntry) {
  return {
    id: e.url,
    url: e.url,
    title: e.title,
    ...(e.contentHtml === null ? { content_text: e.summary } : { content_html: e.contentHtml }),
    summary: e.summary,
    ...(e.image ? { image: e.image.url } : {}),
    date_published: e.published.toISOString(),
    date_modified: e.updated.toISOString(),
    ...(e.authors.length > 0 ? { authors: e.authors.map(person) } : {}),
    ...(e.category || e.tags.length > 0
      ? { tags: [...(e.category ? [e.category.name] : []), ...e.tags.map((t) => t.name)] }
      : {}),
  };
}

export function jsonFeed(doc: FeedDoc, self: string, hub: string): string {
  return `${JSON.stringify(
    {
      version: "https://jsonfeed.org/version/1.1",
      title: doc.title,
      home_page_url: doc.homeUrl,
      feed_url: self,
      description: doc.description,
      favicon: doc.iconUrl,
      language: "en",
      authors: [{ name: doc.siteName, url: doc.siteUrl }],
      hubs: [{ type: "WebSub", url: hub }],
      items: doc.entries.map(item),
    },
    null,
    2,
  )}\n`;
}
