/**
 * `GET /get/captcha-challenge` (docs/api.md): a fresh signed ALTCHA challenge for
 * the widget of the public forms and the staff sign-in. Never cached.
 */
import { createCaptchaChallenge } from "~/domain/site/captcha.server";
import { apiHandler } from "~/web/api.server";
import type { Route } from "./+types/api.captcha-challenge";

export const loader = apiHandler(
  async (_args: Route.LoaderArgs) =>
    new Response(JSON.stringify(await createCaptchaChallenge()), {
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    }),
);
