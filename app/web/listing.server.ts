import { countPublishedPosts, listPublishedPosts } from "~/domain/posts/reading.server";
import { getDb } from "~/platform/db.server";
import { parseListLimit } from "~/utils/paging";
import { notFoundOrRedirect } from "~/web/redirects.server";

/**
 * The loader data of a category's or a tag's listing: 404 when the term is
 * unknown, else its first `?limit` published posts and how many there are.
 */
export function loadTermListing<T extends { id: number }>(
  request: Request,
  term: T | undefined,
  by: "categoryId" | "tagId",
) {
  if (!term) throw notFoundOrRedirect(request);
  const db = getDb();
  const limit = parseListLimit(new URL(request.url).searchParams.get("limit"));
  const filter = by === "categoryId" ? { categoryId: term.id } : { tagId: term.id };
  return {
    term,
    limit,
    total: countPublishedPosts(db, filter),
    posts: listPublishedPosts(db, { ...filter, limit }),
  };
}
