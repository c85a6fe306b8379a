/**
 * `/admin/mail/newsletters/:uid/preview`: the newsletter's HTML as a reader
 * gets it, for the preview frame. Served with a sandboxing Content Security
 * Policy: no script runs, no form posts, whatever the content. The sandbox keeps
 * the page's own origin (`allow-same-origin`, harmless without scripts) so this
 * site's images load: uploads and site images answer `Cross-Origin-Resource-Policy:
 * same-origin`, which an opaque-origin frame never meets.
 */
import { previewNewsletter } from "~/domain/newsletters/review.server";
import { getDb } from "~/platform/db.server";
import { adminUser } from "~/web/auth.server";
import type { Route } from "./+types/admin.mail-newsletter-preview";

export async function loader(args: Route.LoaderArgs) {
  const actor = await adminUser(args);
  const { html } = previewNewsletter(getDb(), actor, args.params.uid);
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy":
        "sandbox allow-same-origin; default-src 'none'; img-src * data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
      "X-Frame-Options": "SAMEORIGIN",
      "Cache-Control": "no-store",
    },
  });
}
