/**
 * One feed's content, whatever its format (docs/integrations.md "Feeds"): the newest FEED_SIZE
 * published posts of its scope with their bylines, category, tags and photo. The RSS, Atom and
 * JSON Feed writers only lay this out.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { postTags, tags } from "#db/schema";
import { type BylineEntry, bylinesFor } from "~/domain/bylines/read.server";
import { authorNames } from "~/domain/bylines/sentence";
import { renderContent } from "~/domain/content/pipeline.server";
import { isMembersOnlyInFeeds, publicTitle } from "~/domain/feeds/members-only.server";
import { type FeedScope, scopeBase } from "~/domain/feeds/scope.server";
import { listFeedPosts } from "~/domain/posts/reading.server";
import { getSiteInfo } from "~/domain/site/settings.server";
import type { Db } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { absoluteUrl, imageTypeOf, socialImagePath } from "~/utils/seo";

export const FEED_SIZE = 50;

type Named = { name: string; url: string | null };

export type FeedEntry = {
  /** The post's page, absolute: also the entry's stable id. */
  url: string;
  /** Marked "(members only)" for a members-only post. */
  title: string;
  summary: string;
  /** The whole content as the feed render gives it; null for a members-only post. */
  contentHtml: string | null;
  published: Date;
  updated: Date;
  /** The byline's Authors in order, else the post's author. */
  authors: Named[];
  category: Named | null;
  tags: Named[];
  image: { url: string; type: string } | null;
};

export type FeedDoc = {
  scope: FeedScope;
  /** `{scope} | {site}`, or the site name for the site's feed. */
  title: string;
  siteName: string;
  /** The home page, absolute. */
  siteUrl: string;
  /** The page the feed is of, absolute. */
  homeUrl: string;
  description: string;
  copyright: string;
  /** The editorial contact, when Settings has one. */
  editor: string | null;
  iconUrl: string;
  /** The newest entry's time; null when the feed is empty. */
  newest: Date | null;
  entries: FeedEntry[];
};

/** Each post's tags by name, in one query. */
function tagsOf(db: Db, postIds: number[]): Map<number, { name: string; slug: string }[]> {
  const out = new Map<number, { name: string; slug: string }[]>();
  if (postIds.length === 0) return out;
  const rows = db
    .select({ postId: postTags.postId, name: tags.name, slug: tags.slug })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inArray(postTags.postId, postIds))
    .orderBy(asc(tags.name))
    .all();
  for (const r of rows) {
    const list = out.get(r.postId) ?? [];
    list.push({ name: r.name, slug: r.slug });
    out.set(r.postId, list);
  }
  return out;
}

/** A feed entry's authors: its byline's Authors, else the post's author. */
function authorsOf(
  base: string,
  byline: BylineEntry[],
  fallback: { name: string | null; slug: string | null },
): Named[] {
  const names = authorNames(byline);
  if (names.length > 0) {
    return byline
      .filter((e) => e.role === "Author" && e.name.trim() !== "")
      .map((e) => ({ name: e.name, url: e.slug ? absoluteUrl(base, `/author/${e.slug}`) : null }));
  }
  return fallback.name
    ? [
        {
          name: fallback.name,
          url: fallback.slug ? absoluteUrl(base, `/author/${fallback.slug}`) : null,
        },
      ]
    : [];
}

/** The content of the feed of `scope`, newest first. */
export function feedDoc(db: Db, scope: FeedScope): FeedDoc {
  const site = getSiteInfo(db);
  const base = readEnv().publicUrl;
  const rows = listFeedPosts(db, {
    limit: FEED_SIZE,
    categoryId: scope.kind === "category" ? scope.id : undefined,
    tagId: scope.kind === "tag" ? scope.id : undefined,
    contributor: scope.kind === "author" ? scope.ref : undefined,
  });
  const ids = rows.map((p) => p.id);
  const bylines = bylinesFor(db, ids);
  const postTagsOf = tagsOf(db, ids);
  const entries = rows.map((p): FeedEntry => {
    const url = absoluteUrl(base, p.url);
    const photo = p.photo ? socialImagePath(p.photo) : null;
    return {
      url,
      title: publicTitle(p),
      summary: p.summary,
      contentHtml: isMembersOnlyInFeeds(p)
        ? null
        : renderContent(p.content, { target: "feed", db, publicUrl: base, pageUrl: url }),
      published: p.timestamp,
      updated: p.updatedAt && p.updatedAt > p.timestamp ? p.updatedAt : p.timestamp,
      authors: authorsOf(base, bylines.get(p.id) ?? [], { name: p.authorName, slug: p.authorSlug }),
      category: p.categoryName
        ? {
            name: p.categoryName,
            url: p.categorySlug ? absoluteUrl(base, `/category/${p.categorySlug}`) : null,
          }
        : null,
      tags: (postTagsOf.get(p.id) ?? []).map((t) => ({
        name: t.name,
        url: absoluteUrl(base, `/tag/${t.slug}`),
      })),
      image: photo
        ? { url: absoluteUrl(site.cdnUrl || base, photo), type: imageTypeOf(photo) }
        : null,
    };
  });
  const scoped = scope.kind === "site" ? null : scope;
  return {
    scope,
    title: scoped ? `${scoped.name} | ${site.siteName}` : site.siteName,
    siteName: site.siteName,
    siteUrl: absoluteUrl(base, "/"),
    homeUrl: absoluteUrl(base, scopeBase(scope) || "/"),
    description:
      (scoped && (scoped.kind === "author" ? scoped.bio : scoped.description)) ||
      site.siteDescription ||
      site.siteName,
    copyright: `© ${new Date().getFullYear()} ${site.copyrightHolder}`,
    editor: site.contacts.editorial || null,
    iconUrl: absoluteUrl(base, site.favicon),
    newest: rows[0]?.timestamp ?? null,
    entries,
  };
}
