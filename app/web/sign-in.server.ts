/**
 * The steps of signing in (docs/behaviour.md §access): the password, then,
 * for an account with two-factor sign-in, the authentication code on
 * /admin/login/verify; when Settings › Enable Two-Factor Authentication is on,
 * an account without it sets it up there before anything else. Until the
 * last step the session is not signed in (its stage is "totp" or "enrol").
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import type { SessionUser } from "~/domain/access/actor.server";
import { type SessionStage, setSessionStage } from "~/domain/accounts/sessions.server";
import { checkSecondFactor } from "~/domain/accounts/two-factor.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { DomainError, errorHeaders, isDomainError, RateLimitedError } from "~/domain/errors.server";
import { getSettings } from "~/domain/site/settings.server";
import { hasTwoFactor } from "~/domain/users/lookup.server";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import { waitText } from "~/platform/rate-limit.server";
import { safeRedirectPath } from "~/utils/redirect";
import { sessionCookieFor } from "~/web/auth.server";
import { type Flash, flashCookieHeader } from "~/web/flash.server";
import { countAttempt, LIMITS, rateLimitingOn } from "~/web/limits.server";

export const CODE_REQUIRED =
  "Authentication code required: this account uses two-factor sign-in; send the 6-digit code from the authenticator app (or a recovery code) as `code`";
export const ENROL_REQUIRED =
  "Two-factor sign-in is required on this site: set it up by signing in at /admin/login";

/**
 * The action of a screen around signing in (login, its second step, forgot
 * and reset password): `step` runs with the client address; a refusal (any
 * DomainError, a full disk's 507 included) is answered with its status and
 * headers (`Retry-After`) and `{error, ...refused(address)}` for the page.
 */
export async function signInAction<T, E extends object = Record<never, never>>(
  context: Readonly<RouterContextProvider>,
  step: (address: string) => Promise<T> | T,
  refused: (address: string) => E = () => ({}) as E,
) {
  const address = context.get(clientAddressContext);
  try {
    return await step(address);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      { error: error.message, ...refused(address) },
      { status: error.status, headers: errorHeaders(error) },
    );
  }
}

/** What the session needs after a correct password. */
export function stageAfterPassword(user: SessionUser): SessionStage {
  const db = getDb();
  if (hasTwoFactor(db, user.id)) return "totp";
  return getSettings(db).enable2FA ? "enrol" : "full";
}

export function recordSignIn(user: SessionUser, address: string, how = "") {
  recordAudit(getDb(), {
    action: "sign-in",
    actor: user,
    targetType: "user",
    targetId: user.uid,
    summary: how,
    address,
  });
}

/** After the password on the login form: signed in, or on to the second step. */
export async function passwordAccepted(
  request: Request,
  user: SessionUser,
  address: string,
  redirectTo: string | null,
  flash: Flash,
) {
  const stage = stageAfterPassword(user);
  const headers = new Headers({
    "Set-Cookie": await sessionCookieFor(request, user, address, stage),
  });
  if (stage === "full") {
    recordSignIn(user, address, "password");
    headers.append("Set-Cookie", await flashCookieHeader(flash));
    return redirect(safeRedirectPath(redirectTo, "/admin/posts"), { headers });
  }
  const query = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : "";
  return redirect(`/admin/login/verify${query}`, { headers });
}

/** Throws a 429 while the account has had too many wrong codes. */
export function checkCodeLimit(user: { email: string }) {
  if (!rateLimitingOn()) return;
  const wait = LIMITS.totp.retryAfter(user.email);
  if (wait > 0) {
    throw new RateLimitedError(
      `Too many wrong authentication codes. Try again in ${waitText(wait)}.`,
      wait,
    );
  }
}

/**
 * Checks the second-step code (rate limited per account): a wrong one is a
 * 401 and counts; a right one moves the session (when given) to "full".
 */
export async function acceptSecondFactor(
  user: SessionUser,
  code: unknown,
  address: string,
  sessionId?: number,
) {
  checkCodeLimit(user);
  const how = await checkSecondFactor(user.id, code);
  if (!how) {
    const locked = countAttempt(LIMITS.totp, user.email);
    recordAudit(getDb(), {
      action: locked ? "lockout" : "sign-in-failed",
      actor: user,
      targetType: "user",
      targetId: user.uid,
      summary: "wrong authentication code",
      address,
    });
    throw new DomainError(401, "Invalid authentication code");
  }
  LIMITS.totp.reset(user.email);
  if (sessionId !== undefined) setSessionStage(sessionId, "full");
  recordSignIn(user, address, how === "recovery" ? "recovery code" : "authenticator code");
}
