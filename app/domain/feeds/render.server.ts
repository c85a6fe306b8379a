/**
 * One feed in one format, as the feed routes answer it and WebSub pushes it
 * (docs/integrations.md "Feeds", "WebSub"): the body, its Content-Type and the
 * addresses its `Link` header names.
 */
import { atomXml } from "~/domain/feeds/atom.server";
import type { FeedFormat } from "~/domain/feeds/formats";
import { jsonFeed } from "~/domain/feeds/json-feed.server";
import { feedDoc } from "~/domain/feeds/model.server";
import { rssXml } from "~/domain/feeds/rss.server";
import { type FeedScope, feedUrl, hubUrl } from "~/domain/feeds/scope.server";
import type { Db } from "~/platform/db.server";

export type RenderedFeed = { body: string; contentType: string; self: string; hub: string };

const CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  json: "application/feed+json; charset=utf-8",
};

const WRITERS = { rss: rssXml, atom: atomXml, json: jsonFeed } as const;

export function renderFeed(db: Db, scope: FeedScope, format: FeedFormat): RenderedFeed {
  const self = feedUrl(scope, format);
  const hub = hubUrl();
  const body = WRITERS[format](feedDoc(db, scope), self, hub);
  return { body, contentType: CONTENT_TYPES[format], self, hub };
}

/** The `Link` header of a feed answer or a WebSub push (WebSub §4). */
export const feedLinkHeader = (feed: { self: string; hub: string }) =>
  `<${feed.hub}>; rel="hub", <${feed.self}>; rel="self"`;
