/**
 * `/unsubscribe` (docs/behaviour.md §subscribers):
 * - `?token=` (the link in every newsletter and its `List-Unsubscribe`
 *   address): a confirm page with a choice of audiences; a GET changes
 *   nothing (link scanners open it). The form's POST unsubscribes and
 *   redirects with the message. A mail client's one-click POST (RFC 8058,
 *   body `List-Unsubscribe=One-Click`) answers 200 with no redirect and no
 *   cookie; it comes from another site, so the root middleware lets a POST
 *   with a token through: only a valid signed token changes anything.
 * - `?email=`: a button posts the email. Without JavaScript the page's own
 *   action answers (redirect with the message, or the page again with
 *   400/404); with JavaScript a fetcher calls `POST /newsletter/unsubscribe`.
 */

import { type FormEvent, useEffect, useRef } from "react";
import { data, Form, Link, useFetcher } from "react-router";
import { CaptchaField } from "~/components/captcha-field";
import { FormMessage } from "~/components/form-message";
import { errorHeaders, isDomainError } from "~/domain/errors.server";
import { tokenReader, unsubscribeWithToken } from "~/domain/newsletters/unsubscribe-token.server";
import { unsubscribeReader } from "~/domain/subscribers/signup.server";
import { useFlash } from "~/hooks/use-flash";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import { readAnyBody } from "~/web/api.server";
import { formActionWithFlash, redirectWithFlash } from "~/web/flash.server";
import { limitNewsletter } from "~/web/limits.server";
import type { Route } from "./+types/unsubscribe";

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  const email = (params.get("email") ?? "").trim().slice(0, 254);
  if (token === null) return { email, token: null, reader: null };
  try {
    return { email: "", token, reader: tokenReader(getDb(), token) };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ email: "", token, reader: null }, { status: 400 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    limitNewsletter(context.get(clientAddressContext));
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      { type: "error", message: error.message },
      { status: error.status, headers: errorHeaders(error) },
    );
  }
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) {
    return formActionWithFlash(request, "unsubscribe", async (body) => ({
      message: (await unsubscribeReader(getDb(), body, "form")).message,
      to: `/unsubscribe?email=${encodeURIComponent(String(body.email ?? ""))}`,
    }));
  }
  try {
    const body = await readAnyBody(request);
    const oneClick = body["List-Unsubscribe"] === "One-Click";
    const scope = body.scope === "all" ? "all" : "audience";
    const result = unsubscribeWithToken(getDb(), token, scope);
    // RFC 8058: the mail client wants a 200, no redirect, no cookie.
    if (oneClick) return result;
    return redirectWithFlash(`/unsubscribe?token=${encodeURIComponent(token)}`, {
      scope: "unsubscribe",
      ...result,
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      { type: "error", message: error.message },
      { status: error.status, headers: errorHeaders(error) },
    );
  }
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
  const { email, token, reader } = loaderData;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    fetcher.submit(new FormData(event.currentTarget), {
      method: "post",
      action: "/newsletter/unsubscribe",
    });
  }
  const message = fetcher.data ?? actionData ?? flash;
  // Done: the question and its button give way to the outcome and where to go next.
  const done = message?.type === "success";
  const outcome = useRef<HTMLDivElement>(null);
  // With JavaScript the button just pressed is gone: focus moves to the outcome.
  useEffect(() => {
    if (fetcher.data?.type === "success") outcome.current?.focus();
  }, [fetcher.data]);
  if (token !== null) {
    return (
      <div className="container narrow">
        <h1 className="page-title">Unsubscribe</h1>
        {reader ? (
          <TokenForm reader={reader} message={message} />
        ) : (
          <>
            <p>{INVALID_LINK_TEXT}</p>
            <p>
              <a href="/unsubscribe">Unsubscribe with your e-mail address</a>
            </p>
          </>
        )}
      </div>
    );
  }
  return (
    <div className="container narrow">
      <h1 className="page-title">Unsubscribe</h1>
      {email ? (
        <div className="unsubscribe-form" ref={outcome} tabIndex={-1}>
          {done ? null : (
            <form method="post" onSubmit={onSubmit}>
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
            </form>
          )}
          <FormMessage message={message} />
          {done ? <WhatNext /> : null}
        </div>
      ) : (
        <form method="get" className="unsubscribe-form">
          <p>
            Open the unsubscribe link at the bottom of any of our newsletters to stop receiving
            them, or enter the address they come to.
          </p>
          <label htmlFor="unsubscribe-email">Email</label>
          <input id="unsubscribe-email" type="email" name="email" required autoComplete="email" />
          <button type="submit" className="button">
            Continue
          </button>
        </form>
      )}
    </div>
  );
}

/** After a successful unsubscribe: the way back to the site, and to the signup. */
function WhatNext() {
  return (
    <p className="unsubscribe-next">
      Changed your mind? <Link to="/newsletter">Subscribe again</Link>, or go back to the{" "}
      <Link to="/">home page</Link>.
    </p>
  );
}

const INVALID_LINK_TEXT =
  "This unsubscribe link is not valid. Use the link in your latest newsletter.";

type Reader = NonNullable<Route.ComponentProps["loaderData"]["reader"]>;

/** The signed link's confirm step: which newsletters to stop, then one button. */
function TokenForm({
  reader,
  message,
}: {
  reader: Reader;
  message: { type: string; message: string } | null | undefined;
}) {
  const unsubscribed = reader.status === "Unsubscribed";
  const onlyAll = reader.audience === "All";
  const done = message?.type === "success";
  return (
    <Form method="post" className="unsubscribe-form">
      <p>
        Newsletters for <strong>{reader.email}</strong>
        {unsubscribed
          ? ": you are unsubscribed from all our newsletters."
          : reader.subscribed.length > 0
            ? `: you receive ${reader.subscribed.map((a) => a.label).join(", ")}.`
            : "."}
      </p>
      {!unsubscribed && !done && (
        <>
          {onlyAll ? (
            <input type="hidden" name="scope" value="all" />
          ) : (
            <fieldset>
              <legend>Stop sending me</legend>
              <label className="check">
                <input type="radio" name="scope" value="audience" defaultChecked />
                {`Only ${reader.audienceLabel}`}
              </label>
              <label className="check">
                <input type="radio" name="scope" value="all" />
                All newsletters
              </label>
            </fieldset>
          )}
          <button type="submit" className="button button-primary">
            Unsubscribe
          </button>
        </>
      )}
      <FormMessage message={message} />
      {done ? <WhatNext /> : null}
    </Form>
  );
}
