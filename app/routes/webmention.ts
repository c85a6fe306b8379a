/**
 * `POST /webmention` (docs/api.md, docs/federation.md "Webmention"): another site tells us it
 * links to one of our posts. A form post of `source` and `target`; answered in plain text: 202
 * once recorded (the source is checked later), 400 with the reason otherwise, 429 past the rate
 * limit. Other sites post here without a same-origin header: a resource route, outside React
 * Router's form check, and it changes nothing but the queue of mentions to check.
 */
import { errorHeaders, isDomainError } from "~/domain/errors.server";
import { receiveWebmention } from "~/domain/webmention/receive.server";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import { FailureLimiter } from "~/platform/rate-limit.server";
import { readForm } from "~/web/forms.server";
import { checkLimit, countAttempt } from "~/web/limits.server";
import type { Route } from "./+types/webmention";

/** Webmentions per client address: every request counts (Settings › Enable Rate Limiting). */
const webmentionLimit = new FailureLimiter("webmention", 60, 15 * 60 * 1000);

const text = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(`${body}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...headers },
  });

export function loader() {
  return text("Send a Webmention as a form POST with source and target.", 405, {
    Allow: "POST",
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const address = context.get(clientAddressContext);
  try {
    checkLimit(webmentionLimit, address, "Too many Webmentions from this address.");
    countAttempt(webmentionLimit, address);
    const form = await readForm(request, { maxFieldBytes: 16 * 1024 });
    receiveWebmention(getDb(), { source: form.fields.source, target: form.fields.target });
    return text("Accepted: the source will be checked for a link to the target.", 202);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return text(error.message, error.status, errorHeaders(error));
  }
}
