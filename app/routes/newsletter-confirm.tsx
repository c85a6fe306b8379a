/**
 * `/newsletter/confirm?token=…` (docs/behaviour.md §subscribers): the page of the
 * mailed confirmation link. Opening it changes nothing (a link scanner's GET is
 * harmless); its Confirm button posts the token and makes the subscription
 * Active. Works the same without JavaScript.
 */
import { data, Form, useNavigation } from "react-router";
import { FormMessage } from "~/components/form-message";
import { errorHeaders, isDomainError } from "~/domain/errors.server";
import {
  CONFIRM_MESSAGES,
  confirmSubscription,
  readConfirmation,
} from "~/domain/subscribers/confirmation.server";
import { AUDIENCE_LABELS } from "~/domain/subscribers/vocabulary";
import { getDb } from "~/platform/db.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import { readAnyBody } from "~/web/api.server";
import type { Route } from "./+types/newsletter-confirm";

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = readConfirmation(getDb(), token);
  return {
    token,
    state: found.state,
    email: found.state === "valid" ? found.email : null,
    audience: found.state === "valid" ? found.audience.map((a) => AUDIENCE_LABELS[a]) : [],
    problem:
      found.state === "valid"
        ? null
        : found.state === "expired"
          ? CONFIRM_MESSAGES.expired
          : CONFIRM_MESSAGES.invalid,
  };
}

/** A body that cannot be read (malformed, too large) is answered with its 4xx, never a 500. */
export async function action({ request }: Route.ActionArgs) {
  let body: Record<string, unknown>;
  try {
    body = await readAnyBody(request);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      { type: "error", message: error.message, done: false },
      { status: error.status, headers: errorHeaders(error) },
    );
  }
  const result = await confirmSubscription(getDb(), body.token);
  const ok = result.state === "valid";
  return data(
    { type: ok ? "success" : "error", message: result.message, done: ok },
    { status: ok ? 200 : result.state === "expired" ? 410 : 400 },
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Confirm your subscription",
    description: "Confirm your newsletter subscription.",
    path: "/newsletter/confirm",
    noindex: true,
  });

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const { token, state, email, audience, problem } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container narrow">
      <h1 className="page-title">Confirm your subscription</h1>
      {actionData?.done ? (
        <FormMessage message={actionData} />
      ) : state === "valid" ? (
        <Form method="post" className="unsubscribe-form">
          <p>
            Start sending {audience.join(", ")} to <strong>{email}</strong>?
          </p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="button button-primary" disabled={busy}>
            Confirm
          </button>
          <FormMessage message={actionData ?? null} />
        </Form>
      ) : (
        <FormMessage message={{ type: "error", message: problem ?? "" }} />
      )}
    </div>
  );
}
