/**
 * Shared and guest bylines in a WordPress export (docs/behaviour.md §bylines): written as
 * Co-Authors Plus writes them, so WordPress with that plugin (and this site's own importer) reads
 * them back — one `<category domain="author" nicename="cap-{login}">` per Author in byline
 * order, and a `guest-author` item with `cap-*` fields per guest. CAP has no roles: only the
 * Authors travel.
 */
import { type BylineEntry, bylinesFor } from "~/domain/bylines/read.server";
import type { Db } from "~/platform/db.server";

type Escape = (value: string) => string;

export type WxrBylines = {
  /** Staff co-authors beyond the posts' owners: the export lists them as `wp:author`s too. */
  userIds: Set<number>;
  /** A post's CAP author terms (none when its byline is its owner alone). */
  terms(postId: number, login: (userId: number) => string): string[];
  /** One `guest-author` item per guest named in a byline, numbered from `firstId`. */
  guestItems(firstId: number): string[];
};

const guestLogin = (g: BylineEntry) => g.slug ?? `guest-${g.guestId}`;

export function wxrBylines(
  db: Db,
  postIds: readonly number[],
  esc: { xml: Escape; cdata: Escape },
): WxrBylines {
  const bylines = bylinesFor(db, postIds);
  const userIds = new Set<number>();
  const guests = new Map<number, BylineEntry>();
  for (const byline of bylines.values()) {
    for (const e of byline) {
      if (e.userId !== null) userIds.add(e.userId);
      if (e.guestId !== null) guests.set(e.guestId, e);
    }
  }
  return {
    userIds,
    terms(postId, login) {
      const authors = (bylines.get(postId) ?? []).filter(
        (e) => e.role === "Author" && e.kind !== "gone",
      );
      if (authors.length < 2 && authors.every((e) => e.kind === "user")) return [];
      return authors.map((e) => {
        const name = e.kind === "user" && e.userId !== null ? login(e.userId) : guestLogin(e);
        return `<category domain="author" nicename="${esc.xml(`cap-${name}`)}">${esc.cdata(e.name)}</category>`;
      });
    },
    guestItems(firstId) {
      return [...guests.values()].flatMap((g, i) => {
        const login = guestLogin(g);
        const meta = (key: string, value: string) =>
          `<wp:postmeta><wp:meta_key>${esc.cdata(key)}</wp:meta_key><wp:meta_value>${esc.cdata(value)}</wp:meta_value></wp:postmeta>`;
        return [
          "<item>",
          `<title>${esc.cdata(g.name)}</title>`,
          `<wp:post_id>${firstId + i}</wp:post_id>`,
          `<wp:post_name>${esc.cdata(`cap-${login}`)}</wp:post_name>`,
          "<wp:status>publish</wp:status>",
          "<wp:post_type>guest-author</wp:post_type>",
          meta("cap-display_name", g.name),
          meta("cap-user_login", login),
          meta("cap-website", g.website),
          meta("cap-description", g.bio),
          "</item>",
        ];
      });
    },
  };
}
