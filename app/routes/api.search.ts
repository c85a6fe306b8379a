/**
 * `GET /get/search?q=&category=&tag=&from=&to=&limit=&offset=` (docs/api.md): published
 * posts matching `q`, best first, as post list items with a `snippet` (HTML: escaped body
 * text, the matched words in `<mark>`). The total is in `X-Total-Count`.
 */
import { searchPublished } from "~/domain/search/search.server";
import { snippetHtml } from "~/domain/search/snippet";
import { getDb } from "~/platform/db.server";
import { apiHandler, READS_CONTENT } from "~/web/api.server";
import { readPaging, toApiPostItem } from "~/web/public-api.server";
import { readSearchRequest } from "~/web/search.server";
import { viewerOf } from "~/web/viewer.server";
import type { Route } from "./+types/api.search";

export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const { q, filters } = readSearchRequest(request);
  const db = getDb();
  const page = searchPublished(db, q, filters, readPaging(request), await viewerOf(request, db));
  const items = page.results.map((r) => ({ ...toApiPostItem(r), snippet: snippetHtml(r.snippet) }));
  return Response.json(items, { headers: { "X-Total-Count": String(page.total) } });
}, READS_CONTENT);
