/**
 * `/llms.txt` (the llmstxt.org format; docs/integrations.md "Markdown and llms.txt"): the site's
 * name as `# …`, its description as `> …`, a short paragraph on where the Markdown is, then
 * `## Sections` (the categories, linked to their pages) and `## Recent posts` (the newest
 * RECENT_POSTS published public posts, each linked to its `.md` with its summary).
 */
import { and, asc, eq } from "drizzle-orm";
import { categories, posts } from "#db/schema";
import { NEWEST_FIRST } from "~/domain/posts/joined.server";
import { markdownAddress } from "~/domain/posts/reader-markdown.server";
import { getSiteInfo } from "~/domain/site/settings.server";
import type { Db } from "~/platform/db.server";
import { absoluteUrl } from "~/utils/seo";

export const RECENT_POSTS = 100;

/** Text for one line of Markdown: whitespace folded, link brackets escaped. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
const linkText = (text: string) => oneLine(text).replace(/([\\[\]])/g, "\\$1");

function item(title: string, url: string, note: string): string {
  const tail = oneLine(note);
  return `- [${linkText(title)}](${url})${tail ? `: ${tail}` : ""}`;
}

export function llmsTxt(db: Db, publicUrl: string): string {
  const site = getSiteInfo(db);
  const sections = db
    .select({ name: categories.name, slug: categories.slug, description: categories.description })
    .from(categories)
    .orderBy(asc(categories.name))
    .all();
  const recent = db
    .select({ url: posts.url, title: posts.title, summary: posts.summary })
    .from(posts)
    .where(and(eq(posts.status, "published"), eq(posts.visibility, "public")))
    .orderBy(...NEWEST_FIRST)
    .limit(RECENT_POSTS)
    .all();
  // The format's summary line is always there: the description, else where the posts are.
  const description = oneLine(site.siteDescription) || `The posts published at ${publicUrl}.`;
  const lines = [
    `# ${oneLine(site.siteName)}`,
    "",
    `> ${description}`,
    "",
    `Every post is also published as Markdown: add \`.md\` to its address, or ask its address for \`Accept: text/markdown\`. The newest posts are in the feed at ${absoluteUrl(publicUrl, "/rss.xml")}.`,
    "",
    "## Sections",
    "",
    ...sections.map((c) =>
      item(c.name, absoluteUrl(publicUrl, `/category/${c.slug}`), c.description),
    ),
    "",
    "## Recent posts",
    "",
    ...recent.map((p) => item(p.title, markdownAddress(absoluteUrl(publicUrl, p.url)), p.summary)),
  ];
  return `${lines.join("\n")}\n`;
}
