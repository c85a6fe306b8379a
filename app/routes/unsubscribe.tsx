/**
 * `/unsubscribe?email=` (docs/behaviour.md §subscribers): a button posts the email. Without
 * JavaScript the page's own action answers (redirect with the message, or the
 * page again with 400/404); with JavaScript a fetcher calls
 * `POST /newsletter/unsubscribe`.
 */

import type { FormEvent } from "react";
import { useFetcher } from "react-router";
import { FormMessage } from "~/components/form-message";
import { unsubscribe } from "~/domain/subscribers/subscribers.server";
import { useFlash } from "~/hooks/use-flash";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import { formActionWithFlash } from "~/web/flash.server";
import { limitNewsletter } from "~/web/limits.server";
import type { Route } from "./+types/unsubscribe";

export function loader({ request }: Route.LoaderArgs) {
  const email = (new URL(request.url).searchParams.get("email") ?? "").trim().slice(0, 254);
  return { email };
}

export function action({ request, context }: Route.ActionArgs) {
  return formActionWithFlash(request, "unsubscribe", (body) => {
    limitNewsletter(context.get(clientAddressContext));
    return {
      message: unsubscribe(getDb(), body).message,
      to: `/unsubscribe?email=${encodeURIComponent(String(body.email ?? ""))}`,
    };
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Unsubscribe",
    description: "Stop receiving our newsletters.",
    path: "/unsubscribe",
    noindex: true,
  });

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<{ type: string; message: string }>();
  const flash = useFlash("unsubscribe");
  const { email } = loaderData;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    fetcher.submit(new FormData(event.currentTarget), {
      method: "post",
      action: "/newsletter/unsubscribe",
    });
  }
  const message = fetcher.data ?? actionData ?? flash;
  return (
    <div className="container narrow">
      <h1 className="page-title">Unsubscribe</h1>
      {email ? (
        <form method="post" onSubmit={onSubmit} className="unsubscribe-form">
          <p>
            Stop sending newsletters to <strong>{email}</strong>?
          </p>
          <input type="hidden" name="email" value={email} />
          <button
            type="submit"
            className="button button-primary"
            disabled={fetcher.state !== "idle"}
          >
            Unsubscribe
          </button>
          <FormMessage message={message} />
        </form>
      ) : (
        <p>
          Open the unsubscribe link at the bottom of any of our newsletters to stop receiving them.
        </p>
      )}
    </div>
  );
}
