/**
 * A published post's page names its other representations (docs/integrations.md "Markdown and
 * llms.txt"): `Link: <…/{id}/{category}/{slug}.md>; rel="alternate"; type="text/markdown"`, and
 * `Vary: Accept`, since the same address answers Markdown to `Accept: text/markdown`
 * (app/web/negotiation-node.server.ts). Only headers: the page itself is unchanged.
 *
 * Called by entry.server.tsx with the loaders' data, like the surrogate keys.
 */
import type { EntryContext } from "react-router";
import { markdownAddress } from "~/domain/posts/reader-markdown.server";

type PostPageData = { preview?: unknown; absoluteUrl?: unknown };

export function setPostAlternateHeaders(headers: Headers, context: EntryContext) {
  const data = context.staticHandlerContext.loaderData as Record<string, unknown> | undefined;
  const page = data?.["routes/post"] as PostPageData | undefined;
  if (!page || context.staticHandlerContext.statusCode !== 200) return;
  headers.append("Vary", "Accept");
  // A staff preview of a draft has no public Markdown.
  if (page.preview || typeof page.absoluteUrl !== "string") return;
  headers.append(
    "Link",
    `<${markdownAddress(page.absoluteUrl)}>; rel="alternate"; type="text/markdown"`,
  );
}
