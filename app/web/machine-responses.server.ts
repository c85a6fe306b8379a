/**
 * The answers of the machine-readable routes (docs/integrations.md "Markdown and llms.txt"):
 * their type, `Cache-Control` as the page cache gives reader pages, and a strong ETag made as the
 * page cache makes it, so an answer has the same validator kept or not (304 on a match).
 */
import { bodyTag } from "~/platform/body-tag.server";
import { SHARED_CACHE_CONTROL } from "~/web/page-cache.server";

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === "*" || t === etag);
}

function cacheableText(
  request: Request,
  body: string,
  type: string,
  extra: Record<string, string> = {},
): Response {
  const etag = `"${bodyTag(Buffer.from(body))}"`;
  const headers = {
    "Content-Type": type,
    "Cache-Control": SHARED_CACHE_CONTROL,
    ETag: etag,
    ...extra,
  };
  if (matches(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { headers });
}

/** A post as Markdown; `Vary: Accept`, since the post's address answers it to `Accept: text/markdown`. */
export const markdownResponse = (request: Request, body: string) =>
  cacheableText(request, body, "text/markdown; charset=utf-8", { Vary: "Accept" });

/** `/llms.txt`. */
export const llmsTxtResponse = (request: Request, body: string) =>
  cacheableText(request, body, "text/plain; charset=utf-8");

/** No such published post. */
export const notFoundText = () =>
  new Response("Not found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
