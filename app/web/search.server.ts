/**
 * The search requests' query string (docs/behaviour.md §search): `q`, and the filters
 * `category` and `tag` (URL slugs), `from` and `to` (`YYYY-MM-DD`). Nothing here is ever
 * an error: a value that is not one of these is ignored, the words are read as plain words.
 */
import type { SearchFilters } from "~/domain/search/search.server";

export type SearchRequest = { q: string; filters: SearchFilters };

const text = (params: URLSearchParams, name: string) => {
  const value = params.get(name)?.trim() ?? "";
  return value.length > 0 && value.length <= 200 ? value : undefined;
};

export function readSearchRequest(request: Request): SearchRequest {
  const params = new URL(request.url).searchParams;
  return {
    q: (params.get("q") ?? "").slice(0, 1000),
    filters: {
      category: text(params, "category"),
      tag: text(params, "tag"),
      from: text(params, "from"),
      to: text(params, "to"),
    },
  };
}
