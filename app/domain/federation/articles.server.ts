/**
 * A post as the fediverse sees it (docs/federation.md "What is sent"): an ActivityStreams Article
 * with the full text as readers get it (every address absolute), every author, its tags as
 * hashtags, its images as attachments with their alt text. Only public posts are sent or served
 * (members-only ones never). Built for many posts at once (the outbox): a query for the posts, one for
 * their tags, one for their bylines.
 */
import { eq, inArray } from "drizzle-orm";
import { posts, postTags, tags } from "#db/schema";
import { authorsOf, type BylineEntry, bylinesFor } from "~/domain/bylines/read.server";
import { findElements, parseHtml } from "~/domain/content/html-tree.server";
import { renderContent } from "~/domain/content/pipeline.server";
import { absoluteContent } from "~/domain/newsletters/message.server";
import { getSiteInfo } from "~/domain/site/settings.server";
import type { Db } from "~/platform/db.server";
import { absoluteUrl, imageTypeOf, socialImagePath } from "~/utils/seo";
import { actorUri, type LocalActorRef, postObjectId, siteOrigin } from "./ids.server";
import { type ApImage, type ApLink, AS_PUBLIC } from "./vocabulary";

/** The site has no language setting yet: its pages say `lang="en"`. */
export const SITE_LANGUAGE = "en";

export type Article = {
  id: string;
  type: "Article";
  name: string;
  summary: string;
  content: string;
  mediaType: "text/html";
  contentMap: Record<string, string>;
  url: string;
  published: string;
  updated?: string;
  attributedTo: string[];
  to: string[];
  cc: string[];
  tag: ApLink[];
  attachment: ApImage[];
  image?: ApImage;
  sensitive: false;
};

/** An actor's followers collection (its `followers`). */
export function followersUri(actor: string): string {
  return `${actor}/followers`;
}

/** The post's local actors: the site first, then each author in byline order (deleted ones drop out). */
export function postActors(
  byline: readonly BylineEntry[],
  fallbackUserId: number | null,
): LocalActorRef[] {
  const authors: LocalActorRef[] = authorsOf(byline).flatMap((e): LocalActorRef[] =>
    e.kind === "user" && e.userId !== null
      ? [{ kind: "user", refId: e.userId }]
      : e.kind === "guest" && e.guestId !== null
        ? [{ kind: "guest", refId: e.guestId }]
        : [],
  );
  // A post written before bylines (or by a script) names its author only in `author_id`.
  if (byline.length === 0 && fallbackUserId !== null) {
    authors.push({ kind: "user", refId: fallbackUserId });
  }
  return [{ kind: "site", refId: 0 }, ...authors];
}

/** A fediverse handle as link text: `@name@host`. */
const HANDLE = /^@[\w.-]+@[\w-]+(?:\.[\w-]+)+$/;

/** Inline images (with their alt text) and links written as fediverse handles (Mentions). */
function contentLinks(html: string): { images: ApImage[]; mentions: ApLink[] } {
  if (!/<(img|a)\b/i.test(html)) return { images: [], mentions: [] };
  const doc = parseHtml(html);
  const images = findElements(
    doc,
    (el) => el.name === "img" && /^https?:/.test(el.attribs.src ?? ""),
  ).map((img): ApImage => {
    const alt = (img.attribs.alt ?? "").trim();
    const src = img.attribs.src ?? "";
    return { type: "Image", mediaType: imageTypeOf(src), url: src, ...(alt ? { name: alt } : {}) };
  });
  const mentions = findElements(
    doc,
    (el) => el.name === "a" && /^https?:/.test(el.attribs.href ?? ""),
  )
    .map((a) => ({ a, text: textOf(a).trim() }))
    .filter(({ text }) => HANDLE.test(text))
    .map(({ a, text }): ApLink => ({ type: "Mention", href: a.attribs.href ?? "", name: text }));
  return { images, mentions };
}

function textOf(node: { children?: unknown[]; data?: string }): string {
  if (typeof node.data === "string") return node.data;
  return (node.children ?? []).map((c) => textOf(c as typeof node)).join("");
}

const articleColumns = {
  id: posts.id,
  status: posts.status,
  title: posts.title,
  url: posts.url,
  summary: posts.summary,
  content: posts.content,
  photo: posts.photo,
  visibility: posts.visibility,
  timestamp: posts.timestamp,
  updatedAt: posts.updatedAt,
  authorId: posts.authorId,
};

export type ArticleSource = {
  post: {
    id: number;
    status: string;
    title: string;
    url: string;
    summary: string;
    content: string;
    photo: string | null;
    visibility: "public" | "members";
    timestamp: Date;
    updatedAt: Date;
    authorId: number | null;
  };
  tags: { name: string; slug: string }[];
  byline: BylineEntry[];
};

/** The rows an Article is made of, for each of `ids` that exists (any status), in `ids` order. */
export function articleSources(db: Db, ids: readonly number[]): ArticleSource[] {
  if (ids.length === 0) return [];
  const rows = db
    .select(articleColumns)
    .from(posts)
    .where(inArray(posts.id, [...ids]))
    .all();
  const tagRows = db
    .select({ postId: postTags.postId, name: tags.name, slug: tags.slug })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inArray(postTags.postId, [...ids]))
    .orderBy(tags.name)
    .all();
  const bylines = bylinesFor(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const post = byId.get(id);
    if (!post) return [];
    return [
      {
        post,
        tags: tagRows.filter((t) => t.postId === id).map(({ name, slug }) => ({ name, slug })),
        byline: bylines.get(id) ?? [],
      },
    ];
  });
}

/** The Article of one post's rows (`articleSources`). */
export function buildArticle(db: Db, source: ArticleSource): Article {
  const { post } = source;
  const origin = siteOrigin();
  const site = getSiteInfo(db);
  const url = absoluteUrl(origin, post.url);
  const content = absoluteContent(
    renderContent(post.content, { target: "feed", db, publicUrl: origin, pageUrl: url }),
    origin,
  );
  const actors = postActors(source.byline, post.authorId).map(actorUri);
  const authors = actors.slice(1);
  const links = contentLinks(content);
  const photo = post.photo
    ? ({
        type: "Image",
        mediaType: imageTypeOf(socialImagePath(post.photo)),
        url: absoluteUrl(site.cdnUrl || origin, socialImagePath(post.photo)),
        name: post.title,
      } satisfies ApImage)
    : undefined;
  const published = post.timestamp.getTime();
  const updated = post.updatedAt.getTime();
  return {
    id: postObjectId(post.id),
    type: "Article",
    name: post.title,
    summary: post.summary,
    content,
    mediaType: "text/html",
    contentMap: { [SITE_LANGUAGE]: content },
    url,
    published: new Date(published).toISOString(),
    ...(updated > published ? { updated: new Date(updated).toISOString() } : {}),
    // The authors; a post without one is the site's.
    attributedTo: authors.length > 0 ? authors : actors,
    to: [AS_PUBLIC],
    // The followers of every actor the post belongs to: the site's and each author's.
    cc: actors.map(followersUri),
    tag: [
      ...source.tags.map(
        (t): ApLink => ({
          type: "Hashtag",
          href: absoluteUrl(origin, `/tag/${t.slug}`),
          name: `#${t.name.replace(/\s+/g, "")}`,
        }),
      ),
      ...links.mentions,
    ],
    attachment: [...(photo ? [photo] : []), ...links.images],
    ...(photo ? { image: photo } : {}),
    sensitive: false,
  };
}

/** Published posts' Articles, in `ids` order (other statuses are left out). */
export function publishedArticles(db: Db, ids: readonly number[]): Article[] {
  return articleSources(db, ids)
    .filter((s) => s.post.status === "published")
    .map((s) => buildArticle(db, s));
}

/** A post's Article whatever its status, or null when there is no such post. */
export function articleFor(db: Db, postId: number): Article | null {
  const source = articleSources(db, [postId])[0];
  return source ? buildArticle(db, source) : null;
}
