/**
 * The staff sign-in asks for the CAPTCHA (Settings › Enable CAPTCHA) once an
 * attempt from the same address has failed, for 15 minutes, on the login form
 * and on the JSON sign-in alike (docs/decisions/080-captcha.md,
 * docs/decisions/175-sign-in-captcha-everywhere.md).
 */
import { isDomainError } from "~/domain/errors.server";
import { CAPTCHA_FIELD, captchaEnabled, verifyCaptcha } from "~/domain/site/captcha.server";
import type { Db } from "~/platform/db.server";
import { FailureLimiter } from "~/platform/rate-limit.server";
import { authenticateLoginForm } from "~/web/auth.server";

const failedSignIns = new FailureLimiter("sign-in-captcha", 1, 15 * 60 * 1000);

export function signInNeedsCaptcha(db: Db, address: string): boolean {
  return captchaEnabled(db) && failedSignIns.retryAfter(address) > 0;
}

/**
 * One password check under the CAPTCHA rule: when the address must answer,
 * `answer` is verified first (400 without a valid one, and the password is not
 * tried); then `attempt` runs. A wrong password or a rate-limited attempt makes
 * the address answer from then on; a correct password forgets it.
 */
export async function withSignInCaptcha<T>(
  db: Db,
  address: string,
  answer: unknown,
  attempt: () => T | Promise<T>,
): Promise<T> {
  if (signInNeedsCaptcha(db, address)) await verifyCaptcha(db, answer);
  try {
    const result = await attempt();
    failedSignIns.reset(address);
    return result;
  } catch (error) {
    if (isDomainError(error) && (error.status === 401 || error.status === 429)) {
      failedSignIns.fail(address);
    }
    throw error;
  }
}

/** The widget's answer in a posted form (the body stays readable for the form strategy). */
async function formCaptchaAnswer(request: Request): Promise<unknown> {
  try {
    return (await request.clone().formData()).get(CAPTCHA_FIELD) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The login form's password step, under the CAPTCHA rule. */
export async function signInWithForm(db: Db, request: Request, address: string) {
  return withSignInCaptcha(db, address, await formCaptchaAnswer(request), () =>
    authenticateLoginForm(request, address),
  );
}

/** For tests: forget every failed attempt. */
export function forgetFailedSignIns() {
  failedSignIns.clear();
}
