/**
 * `POST /websub`: the WebSub hub (docs/integrations.md "WebSub"). A form-encoded subscription
 * request is answered 202 Accepted (the intent is verified later) or 4xx with the reason as
 * text; any other method is a 405.
 */
import { isDomainError } from "~/domain/errors.server";
import { requestSubscription } from "~/domain/websub/subscribe.server";
import { getDb } from "~/platform/db.server";
import { formValues, isFormBody, readForm } from "~/web/forms.server";
import type { Route } from "./+types/websub";

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...headers },
  });

export const loader = () =>
  text(405, "The WebSub hub takes subscription requests by POST.", { Allow: "POST" });

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return text(405, "Use POST.", { Allow: "POST" });
  if (!isFormBody(request)) {
    return text(415, "Send the request as application/x-www-form-urlencoded.");
  }
  try {
    const form = formValues(await readForm(request, { maxFieldBytes: 8 * 1024 }));
    await requestSubscription(getDb(), form);
    return new Response(null, { status: 202 });
  } catch (error) {
    if (isDomainError(error) && error.status < 500) return text(error.status, error.message);
    throw error;
  }
}
