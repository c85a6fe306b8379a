/**
 * `POST /newsletter/unsubscribe` (docs/api.md) body `{email}` → `{type, message}`.
 *
 * It is also the newsletters' `List-Unsubscribe` address
 * (`/newsletter/unsubscribe?email=…`): a mail client's one-click POST (RFC
 * 8058, body `List-Unsubscribe=One-Click`) carries the email only in the query,
 * and a GET (a person opening the link) is sent to the `/unsubscribe` page.
 */

import { redirect } from "react-router";
import { unsubscribeReader } from "~/domain/subscribers/signup.server";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import { apiHandler, readAnyBody } from "~/web/api.server";
import { limitNewsletter } from "~/web/limits.server";
import type { Route } from "./+types/api.newsletter-unsubscribe";

export const loader = apiHandler(({ request }: Route.LoaderArgs) => {
  const email = new URL(request.url).searchParams.get("email") ?? "";
  return redirect(`/unsubscribe?${new URLSearchParams({ email })}`, 303);
});

export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  limitNewsletter(context.get(clientAddressContext));
  const body = await readAnyBody(request);
  const email = body.email ?? new URL(request.url).searchParams.get("email") ?? undefined;
  // A mail client's one-click POST carries only `List-Unsubscribe=One-Click`.
  const oneClick = body["List-Unsubscribe"] === "One-Click";
  return unsubscribeReader(getDb(), { ...body, email }, oneClick ? "one-click" : "json");
});
