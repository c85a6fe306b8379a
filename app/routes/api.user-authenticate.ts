/**
 * `POST /user/admin/authenticate {email, password}` (docs/api.md) →
 * `{type, message, user{role, uid}}`. The same check as the login form
 * (rate limited per account and address); it also starts the session cookie,
 * so a same-site client is signed in and can read its apiKey from /user/data.
 */

import { clientAddressContext } from "~/nonce";
import { apiHandler, postOnlyLoader, readJson } from "~/web/api.server";
import { sessionCookieFor, verifyCredentials } from "~/web/auth.server";
import type { Route } from "./+types/api.user-authenticate";

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  const address = context.get(clientAddressContext);
  const user = verifyCredentials(await readJson(request), address);
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
