/**
 * What the reader forms ask of the CAPTCHA and of confirmation (docs/behaviour.md
 * §subscribers, docs/decisions/080-captcha.md):
 * - the JSON calls (`POST /newsletter/join`, `/newsletter/unsubscribe`, a
 *   one-click body included unless it comes with a signed token) need a valid
 *   answer while CAPTCHA is on: a script is not a reader without JavaScript;
 * - the page forms check an answer when one is sent; without one (no JavaScript)
 *   a signup is taken as Pending and confirmed through the mailed link, and an
 *   unsubscribe goes ahead (a reader is never locked out of leaving).
 */
import { captchaAnswer, verifyCaptcha } from "~/domain/site/captcha.server";
import { getSettings } from "~/domain/site/settings.server";
import {
  type JoinResult,
  joinNewsletter,
  unsubscribe,
} from "~/domain/subscribers/subscribers.server";
import type { Db } from "~/platform/db.server";

export type ReaderChannel = "json" | "form";

/** A signup from the JSON call or the page form, with the CAPTCHA and confirmation settings applied. */
export async function signUpReader(
  db: Db,
  body: Record<string, unknown>,
  channel: ReaderChannel,
): Promise<JoinResult> {
  const settings = getSettings(db);
  let confirm = settings.confirmSubscribers;
  if (settings.enableCaptcha) {
    const answer = captchaAnswer(body);
    if (channel === "json" || (answer !== undefined && answer !== "")) {
      await verifyCaptcha(db, answer);
    } else {
      confirm = true;
    }
  }
  const { altcha: _answer, ...input } = body;
  return joinNewsletter(db, input, { confirm });
}

/**
 * An unsubscribe from the JSON call (a one-click body without a signed token
 * included: it names any address) or the page form. Only the signed
 * `List-Unsubscribe` address needs no answer, and it does not come through here
 * (docs/decisions/176-one-click-needs-a-signed-token.md).
 */
export async function unsubscribeReader(
  db: Db,
  body: Record<string, unknown>,
  channel: ReaderChannel,
) {
  if (getSettings(db).enableCaptcha) {
    const answer = captchaAnswer(body);
    if (channel === "json" || (answer !== undefined && answer !== "")) {
      await verifyCaptcha(db, answer);
    }
  }
  const { altcha: _answer, ...input } = body;
  return unsubscribe(db, input);
}
