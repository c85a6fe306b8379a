/**
 * The reader pages a process renders and keeps before it takes traffic (docs/operations.md
 * "More than one core", docs/decisions/253-warm-start-set.md): the home page, the category pages
 * its sections show, and the most-read posts. Views are kept per post as a running total (the
 * daily table holds the site's total per day), so "most read" is that total.
 */
import { desc, eq } from "drizzle-orm";
import { posts } from "#db/schema";
import { homeSectionChoices } from "~/domain/posts/home-sections.server";
import type { Db } from "~/platform/db.server";

/** How many of the most-read posts are kept at start. */
export const WARM_POSTS = 50;

/** The paths to render first, in the order they are rendered (the most asked for first). */
export function pagesToWarm(db: Db, postCount = WARM_POSTS): string[] {
  const paths = ["/"];
  for (const section of Object.values(homeSectionChoices(db))) {
    const path = section.category ? `/category/${section.category.slug}` : undefined;
    if (path && !paths.includes(path)) paths.push(path);
  }
  const mostRead = db
    .select({ url: posts.url })
    .from(posts)
    .where(eq(posts.status, "published"))
    .orderBy(desc(posts.views), desc(posts.timestamp))
    .limit(postCount)
    .all();
  for (const { url } of mostRead) if (url.startsWith("/")) paths.push(url);
  return paths;
}
