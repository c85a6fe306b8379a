/** `GET /oembed?url=…&format=json&maxwidth=&maxheight=`: the oEmbed provider (docs/integrations.md "oEmbed"). */
import { isDomainError } from "~/domain/errors.server";
import { isServedFormat, oembedFor } from "~/domain/oembed/oembed.server";
import { getDb } from "~/platform/db.server";
import type { Route } from "./+types/oembed";

const text = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  if (!isServedFormat(query)) return text(501, "Only format=json is served");
  try {
    const body = oembedFor(getDb(), query);
    return Response.json(body, {
      headers: {
        "Cache-Control": "public, max-age=300",
        "Access-Control-Allow-Origin": "*",
      },
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return text(error.status, error.message);
  }
}
