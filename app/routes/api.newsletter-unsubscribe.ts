/**
 * `POST /newsletter/unsubscribe` (docs/api.md) body `{email}` → `{type, message}`.
 *
 * With `?token=` it is every newsletter's `List-Unsubscribe` address: a mail
 * client's one-click POST (RFC 8058, body `List-Unsubscribe=One-Click`, from
 * any origin, no cookie) unsubscribes the token's reader and answers 200; a
 * GET (a person opening the link) is sent to the `/unsubscribe?token=` page.
 * Without a token the body `{email}` (or `?email=`, one-click body or not)
 * needs the CAPTCHA answer while CAPTCHA is on.
 * A resource route, so a cross-site POST reaches it (page actions refuse
 * other origins). `?email=` in the query still works as before.
 */

import { redirect } from "react-router";
import { unsubscribeWithToken } from "~/domain/newsletters/unsubscribe-token.server";
import { unsubscribeReader } from "~/domain/subscribers/signup.server";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import { apiHandler, readAnyBody } from "~/web/api.server";
import { limitNewsletter } from "~/web/limits.server";
import type { Route } from "./+types/api.newsletter-unsubscribe";

export const loader = apiHandler(({ request }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  // A signed link opened in a browser: the confirm page (a GET changes nothing).
  if (token !== null) return redirect(`/unsubscribe?${new URLSearchParams({ token })}`, 303);
  const email = params.get("email") ?? "";
  return redirect(`/unsubscribe?${new URLSearchParams({ email })}`, 303);
});

export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  const body = await readAnyBody(request);
  const token = new URL(request.url).searchParams.get("token");
  // Every newsletter's List-Unsubscribe (RFC 8058 one-click): 200, no redirect, no cookie.
  if (token !== null) {
    return unsubscribeWithToken(getDb(), token, body.scope === "all" ? "all" : "audience");
  }
  // The address form is rate limited per client address; a signed token needs no limit.
  limitNewsletter(context.get(clientAddressContext));
  const email = body.email ?? new URL(request.url).searchParams.get("email") ?? undefined;
  // Without a signed token a one-click body is the address form: CAPTCHA while it is on.
  return unsubscribeReader(getDb(), { ...body, email }, "json");
});
