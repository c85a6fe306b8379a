/**
 * `GET /embed/:id`: a published post's embed card (docs/integrations.md "oEmbed"), a standalone
 * HTML page with its own Content-Security-Policy (any site may frame it); server.js leaves the
 * site's policy and X-Frame-Options off this path (app/web/embed-card-headers.server.ts).
 */
import { CARD_CSP, cardPageHtml } from "~/domain/oembed/card-page.server";
import { postCard } from "~/domain/oembed/post-card.server";
import { parsePostId } from "~/domain/posts/ids";
import { getDb } from "~/platform/db.server";
import type { Route } from "./+types/embed-card";

export function loader({ params }: Route.LoaderArgs) {
  const id = parsePostId(params.id);
  const card = id === undefined ? undefined : postCard(getDb(), id);
  if (!card) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(cardPageHtml(card), {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": CARD_CSP,
      "Cache-Control": "public, max-age=300",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    },
  });
}
