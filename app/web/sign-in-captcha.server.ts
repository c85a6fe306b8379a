/**
 * The staff sign-in asks for the CAPTCHA (Settings › Enable CAPTCHA) once an
 * attempt from the same address has failed, for 15 minutes
 * (docs/decisions/080-captcha.md).
 */
import { captchaEnabled, verifyCaptcha } from "~/domain/site/captcha.server";
import type { Db } from "~/platform/db.server";
import { FailureLimiter } from "~/platform/rate-limit.server";

const failedSignIns = new FailureLimiter("sign-in-captcha", 1, 15 * 60 * 1000);

export function signInNeedsCaptcha(db: Db, address: string): boolean {
  return captchaEnabled(db) && failedSignIns.retryAfter(address) > 0;
}

/** Refuses (400) a sign-in without a valid answer when one is needed. */
export async function checkSignInCaptcha(db: Db, request: Request, address: string) {
  if (!signInNeedsCaptcha(db, address)) return;
  let answer: unknown;
  try {
    answer = (await request.clone().formData()).get("altcha") ?? undefined;
  } catch {
    answer = undefined;
  }
  await verifyCaptcha(db, answer);
}

export function noteSignIn(address: string, succeeded: boolean) {
  if (succeeded) failedSignIns.reset(address);
  else failedSignIns.fail(address);
}

/** For tests: forget every failed attempt. */
export function forgetFailedSignIns() {
  failedSignIns.clear();
}
