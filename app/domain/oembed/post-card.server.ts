/**
 * What oEmbed answers and embed cards show of a post (docs/integrations.md "oEmbed"): a
 * published post's title (marked when members-only), summary, photo, byline and address.
 */
import { and, eq } from "drizzle-orm";
import { posts, users } from "#db/schema";
import { bylinesFor } from "~/domain/bylines/read.server";
import { authorNames } from "~/domain/bylines/sentence";
import { publicTitle } from "~/domain/feeds/members-only.server";
import { imageFor } from "~/domain/media/image-manifest.server";
import { authorNameColumn } from "~/domain/posts/author-name.server";
import { selectPostsJoined } from "~/domain/posts/joined.server";
import { getSiteInfo } from "~/domain/site/settings.server";
import type { Db } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { absoluteUrl, socialImagePath } from "~/utils/seo";

export type PostCard = {
  id: number;
  url: string;
  title: string;
  summary: string;
  image: { url: string; width: number | null; height: number | null } | null;
  authors: string;
  authorUrl: string | null;
  published: Date;
  siteName: string;
  siteUrl: string;
};

/** The card of a published post by id; undefined for a draft, a trashed or an unknown post. */
export function postCard(db: Db, id: number): PostCard | undefined {
  const post = selectPostsJoined(db, {
    id: posts.id,
    url: posts.url,
    title: posts.title,
    summary: posts.summary,
    photo: posts.photo,
    visibility: posts.visibility,
    timestamp: posts.timestamp,
    authorName: authorNameColumn,
    authorSlug: users.slug,
  })
    .where(and(eq(posts.id, id), eq(posts.status, "published")))
    .get();
  if (!post) return undefined;
  const site = getSiteInfo(db);
  const base = readEnv().publicUrl;
  const byline = bylinesFor(db, [post.id]).get(post.id) ?? [];
  const names = authorNames(byline);
  const firstSlug =
    names.length > 0 ? byline.find((e) => e.role === "Author")?.slug : post.authorSlug;
  const photo = post.photo ? socialImagePath(post.photo) : null;
  const info = imageFor(post.photo);
  return {
    id: post.id,
    url: absoluteUrl(base, post.url),
    title: publicTitle(post),
    summary: post.summary,
    image: photo
      ? {
          url: absoluteUrl(site.cdnUrl || base, photo),
          width: info?.width ?? null,
          height: info?.height ?? null,
        }
      : null,
    authors: (names.length > 0 ? names : [post.authorName ?? ""]).filter(Boolean).join(", "),
    authorUrl: firstSlug ? absoluteUrl(base, `/author/${firstSlug}`) : null,
    published: post.timestamp,
    siteName: site.siteName,
    siteUrl: absoluteUrl(base, "/"),
  };
}
