/**
 * `POST /newsletter/join` (docs/api.md) body `{email, name, audience, altcha}` → `{type, message}`.
 * While CAPTCHA is on, `altcha` (the widget's answer) is required.
 */

import { signUpReader } from "~/domain/subscribers/signup.server";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader, readAnyBody } from "~/web/api.server";
import type { Route } from "./+types/api.newsletter-join";

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) =>
  signUpReader(getDb(), await readAnyBody(request), "json"),
);
