/**
 * The embed cards a post holds, for staff (docs/behaviour.md §embeds): each link with what the
 * provider last said, or why it could not be fetched, so Edit Post can offer Refresh.
 */
import { inArray } from "drizzle-orm";
import { embeds } from "#db/schema";
import { embedFigures } from "~/domain/content/embeds.server";
import { parseHtml } from "~/domain/content/html-tree.server";
import type { Db } from "~/platform/db.server";

export type PostEmbed = {
  url: string;
  provider: string;
  title: string;
  fetchedAt: number | null;
  error: string | null;
};

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** The post's embed cards in text order, each once, with their stored state (one query). */
export function embedsOfContent(db: Db, html: string): PostEmbed[] {
  if (!html.includes("ik-embed")) return [];
  const urls = [
    ...new Set(
      embedFigures(parseHtml(html))
        .map((figure) => figure.attribs["data-embed-url"] ?? "")
        .filter(Boolean),
    ),
  ];
  if (urls.length === 0) return [];
  const rows = new Map(
    db
      .select()
      .from(embeds)
      .where(inArray(embeds.url, urls))
      .all()
      .map((row) => [row.url, row]),
  );
  return urls.map((url) => {
    const row = rows.get(url);
    return {
      url,
      provider: row?.provider ?? hostOf(url),
      title: row?.title ?? "",
      fetchedAt: row?.fetchedAt ? row.fetchedAt.getTime() : null,
      error: row ? row.error : "not fetched yet",
    };
  });
}
