/**
 * `GET /md/posts/:id`: the published post as Markdown (docs/integrations.md "Markdown and
 * llms.txt"). Readers reach it as `/{id}/{category}/{slug}.md` or the post's address with
 * `Accept: text/markdown` (app/web/negotiation-node.server.ts rewrites both here); the id decides.
 * 404 for anything not published.
 */
import { parsePostId } from "~/domain/posts/ids";
import { readerPostMarkdown } from "~/domain/posts/reader-markdown.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { markdownResponse, notFoundText } from "~/web/machine-responses.server";
import type { Route } from "./+types/post-markdown";

export function loader({ params, request }: Route.LoaderArgs) {
  const id = parsePostId(params.id);
  const markdown =
    id === undefined ? undefined : readerPostMarkdown(getDb(), id, readEnv().publicUrl);
  if (!markdown) return notFoundText();
  return markdownResponse(request, markdown.body);
}
