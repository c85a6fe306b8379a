/**
 * `/admin/mail/newsletters/:uid/preview`: the newsletter's HTML as a reader
 * gets it, for the preview frame. Served with a sandboxing Content Security
 * Policy: no script runs, no form posts, whatever the content.
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
        "sandbox; default-src 'none'; img-src * data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
      "X-Frame-Options": "SAMEORIGIN",
      "Cache-Control": "no-store",
    },
  });
}
