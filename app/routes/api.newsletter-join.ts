/**
 * `POST /newsletter/join` (docs/api.md) body `{email, name, audience, altcha}` → `{type, message}`.
 * While CAPTCHA is on, `altcha` (the widget's answer) is required.
 */

import { signUpReader } from "~/domain/subscribers/signup.server";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader, readAnyBody } from "~/web/api.server";
import { limitNewsletter } from "~/web/limits.server";
import type { Route } from "./+types/api.newsletter-join";

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  limitNewsletter(context.get(clientAddressContext));
  return signUpReader(getDb(), await readAnyBody(request), "json");
});
