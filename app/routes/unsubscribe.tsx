/**
 * `/unsubscribe?email=` (docs/behaviour.md §subscribers): a button posts the email. Without
 * JavaScript the page's own action answers (redirect with the message, or the
 * page again with 400/404); with JavaScript a fetcher calls
 * `POST /newsletter/unsubscribe`.
 */
import type { FormEvent } from "react";
import { useFetcher } from "react-router";
import { CaptchaField } from "~/components/captcha-field";
import { FormMessage } from "~/components/form-message";
import { unsubscribeReader } from "~/domain/subscribers/signup.server";
import { useFlash } from "~/hooks/use-flash";
import { getDb } from "~/platform/db.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import { formActionWithFlash } from "~/web/flash.server";
import type { Route } from "./+types/unsubscribe";

export function loader({ request }: Route.LoaderArgs) {
  const email = (new URL(request.url).searchParams.get("email") ?? "").trim().slice(0, 254);
  return { email };
}

export function action({ request }: Route.ActionArgs) {
  return formActionWithFlash(request, "unsubscribe", async (body) => ({
    message: (await unsubscribeReader(getDb(), body, "form")).message,
    to: `/unsubscribe?email=${encodeURIComponent(String(body.email ?? ""))}`,
  }));
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
          <CaptchaField />
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
