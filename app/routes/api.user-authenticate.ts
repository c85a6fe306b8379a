/**
 * `POST /user/admin/authenticate {email, password, code?, altcha?}` (docs/api.md) →
 * `{type, message, user{role, uid}}`. The same check as the login form
 * (rate limited per account and address; the sign-in CAPTCHA after a failed
 * attempt from the address, `altcha`); it also starts the session cookie,
 * so a same-site client is signed in and can read its apiKey from /user/data.
 * An account with two-factor sign-in also sends `code` (401 naming it when
 * missing or wrong; wrong codes are rate limited).
 */

import { DomainError } from "~/domain/errors.server";
import { CAPTCHA_FIELD } from "~/domain/site/captcha.server";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader, readJson } from "~/web/api.server";
import { sessionCookieFor, verifyCredentials } from "~/web/auth.server";
import {
  acceptSecondFactor,
  CODE_REQUIRED,
  ENROL_REQUIRED,
  recordSignIn,
  stageAfterPassword,
} from "~/web/sign-in.server";
import { withSignInCaptcha } from "~/web/sign-in-captcha.server";
import type { Route } from "./+types/api.user-authenticate";

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  const address = context.get(clientAddressContext);
  const body = await readJson(request);
  const answer = (body as Record<string, unknown> | null)?.[CAPTCHA_FIELD];
  const user = await withSignInCaptcha(getDb(), address, answer, () =>
    verifyCredentials(body, address),
  );
  const stage = stageAfterPassword(user);
  if (stage === "enrol") throw new DomainError(403, ENROL_REQUIRED);
  if (stage === "totp") {
    const code = (body as { code?: unknown }).code;
    if (code === undefined || code === null || code === "") {
      throw new DomainError(401, CODE_REQUIRED);
    }
    await acceptSecondFactor(user, code, address);
  } else {
    recordSignIn(user, address, "password");
  }
  const cookie = await sessionCookieFor(request, user, address);
  return Response.json(
    {
      type: "success",
      message: "Login successful",
      user: { role: user.role, uid: user.uid, name: user.name, email: user.email },
    },
    { headers: { "Set-Cookie": cookie } },
  );
});
