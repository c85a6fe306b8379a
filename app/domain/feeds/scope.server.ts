/**
 * Which posts a feed holds (docs/integrations.md "Feeds"): the site's, one category's, one tag's
 * or one contributor's, and the addresses of its three formats, absolute with PUBLIC_URL.
 */
import { getContributorBySlug } from "~/domain/bylines/contributor-pages.server";
import { type FeedFormat, feedPath, formatOfFile } from "~/domain/feeds/formats";
import type { ContributorRef } from "~/domain/posts/reading.server";
import { getCategoryBySlug, getTagBySlug } from "~/domain/taxonomy/taxonomy.server";
import type { Db } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";

type Term = { id: number; name: string; slug: string; description: string };

export type FeedScope =
  | { kind: "site" }
  | ({ kind: "category" } & Term)
  | ({ kind: "tag" } & Term)
  | { kind: "author"; ref: ContributorRef; name: string; slug: string; bio: string };

export type ScopeKind = FeedScope["kind"];

/** The scope's page path: "" for the site, else `/category/{slug}`, `/tag/{slug}`, `/author/{slug}`. */
export function scopeBase(scope: FeedScope): string {
  return scope.kind === "site" ? "" : `/${scope.kind}/${scope.slug}`;
}

/** The absolute address of one format of a scope's feed. */
export function feedUrl(scope: FeedScope | string, format: FeedFormat): string {
  const base = typeof scope === "string" ? scope : scopeBase(scope);
  return `${readEnv().publicUrl}${feedPath(base, format)}`;
}

/** The site's WebSub hub (docs/integrations.md "WebSub"). */
export const hubUrl = () => `${readEnv().publicUrl}/websub`;

/** The scope of a category, tag or author by slug; undefined when there is none. */
export function findScope(
  db: Db,
  kind: Exclude<ScopeKind, "site">,
  rawSlug: string,
): FeedScope | undefined {
  const slug = rawSlug.toLowerCase();
  if (kind === "author") {
    const author = getContributorBySlug(db, slug);
    return author
      ? { kind, ref: author.ref, name: author.name, slug: author.slug, bio: author.bio }
      : undefined;
  }
  const term = kind === "category" ? getCategoryBySlug(db, slug) : getTagBySlug(db, slug);
  return term
    ? { kind, id: term.id, name: term.name, slug: term.slug, description: term.description }
    : undefined;
}

const SCOPED_PATH = /^\/(category|tag|author)\/([^/]+)\/([^/]+)$/;

/** The feed a path on this site is (`/atom.xml`, `/tag/x/feed.json`…), or undefined. */
export function feedAtPath(
  db: Db,
  pathname: string,
): { scope: FeedScope; format: FeedFormat } | undefined {
  const site = /^\/([^/]+)$/.exec(pathname);
  if (site?.[1]) {
    const format = formatOfFile(site[1]);
    return format ? { scope: { kind: "site" }, format } : undefined;
  }
  const scoped = SCOPED_PATH.exec(pathname);
  const format = scoped?.[3] ? formatOfFile(scoped[3]) : undefined;
  if (!scoped || !format) return undefined;
  let slug: string;
  try {
    slug = decodeURIComponent(scoped[2] ?? "");
  } catch {
    return undefined;
  }
  const scope = findScope(db, scoped[1] as Exclude<ScopeKind, "site">, slug);
  return scope ? { scope, format } : undefined;
}
