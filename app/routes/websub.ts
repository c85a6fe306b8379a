/**
 * `POST /websub`: the WebSub hub (docs/integrations.md "WebSub"). A form-encoded subscription
 * request is answered 202 Accepted (the intent is verified later), 4xx with the reason as text,
 * or 429 past the rate limit; any other method is a 405. Subscribers post here without a
 * same-origin header: a resource route, outside React Router's form check.
 */
import { errorHeaders, isDomainError } from "~/domain/errors.server";
import { requestSubscription } from "~/domain/websub/subscribe.server";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import { FailureLimiter } from "~/platform/rate-limit.server";
import { formValues, isFormBody, readForm } from "~/web/forms.server";
import { checkLimit, countAttempt } from "~/web/limits.server";
import type { Route } from "./+types/websub";

/**
 * Subscription requests per client address: every request counts, as each one may make the hub
 * call a callback (Settings › Enable Rate Limiting; docs/decisions/324-websub-rate-limit.md).
 */
const hubLimit = new FailureLimiter("websub", 60, 15 * 60 * 1000);

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...headers },
  });

export const loader = () =>
  text(405, "The WebSub hub takes subscription requests by POST.", { Allow: "POST" });

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return text(405, "Use POST.", { Allow: "POST" });
  if (!isFormBody(request)) {
    return text(415, "Send the request as application/x-www-form-urlencoded.");
  }
  const address = context.get(clientAddressContext);
  try {
    checkLimit(hubLimit, address, "Too many subscription requests from this address.");
    countAttempt(hubLimit, address);
    const form = formValues(await readForm(request, { maxFieldBytes: 8 * 1024 }));
    await requestSubscription(getDb(), form);
    return new Response(null, { status: 202 });
  } catch (error) {
    if (isDomainError(error) && error.status < 500) {
      return text(error.status, error.message, errorHeaders(error));
    }
    throw error;
  }
}
