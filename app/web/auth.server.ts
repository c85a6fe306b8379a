/**
 * Who is asking: the staff session (remix-auth's form strategy and a cookie
 * session) for pages, the user's apiKey (`key`) for JSON calls. Every admin
 * screen is guarded once, by `adminMiddleware` on the admin layout, from the
 * screen table (`~/domain/access/admin-screens`); loaders and actions take the
 * user it found with `adminUser`. Domain functions check capabilities again.
 */
import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { z } from "zod";
import { type SessionUser, toSessionUser } from "~/domain/access/actor.server";
import { mayOpen, screenFor } from "~/domain/access/admin-screens";
import { verifyPassword } from "~/domain/access/password.server";
import { recordAccountAttempt } from "~/domain/accounts/passwords.server";
import {
  type ActiveSession,
  createSession,
  type Device,
  deleteSessionByToken,
  type SessionStage,
  sessionByToken,
} from "~/domain/accounts/sessions.server";
import {
  badRequest,
  DomainError,
  parseInput,
  RateLimitedError,
  unauthorized,
} from "~/domain/errors.server";
import { notify } from "~/domain/notifications/notify.server";
import { getSettings } from "~/domain/site/settings.server";
import { findUserByApiKey, findUserByEmail } from "~/domain/users/lookup.server";
import { getDb } from "~/platform/db.server";
import { FailureLimiter, waitText } from "~/platform/rate-limit.server";
import { safeRedirectPath } from "~/utils/redirect";
import { emailField } from "~/utils/validation";
import { addressOf, rememberAddress } from "~/web/client-address.server";
import { type Flash, flashCookieHeader } from "~/web/flash.server";
import { isFormBody } from "~/web/forms.server";
import { checkLimit, countAttempt, LIMITS } from "~/web/limits.server";
import { commitSession, destroySession, getSession } from "~/web/session.server";

export const LoginSchema = z.object({
  email: emailField("Email is required"),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(1024, "Password is too long"),
});

/** Five wrong passwords per account, twenty per address, in fifteen minutes. */
const WINDOW_MS = 15 * 60 * 1000;
export const accountFailures = new FailureLimiter("sign-in-account", 5, WINDOW_MS);
export const addressFailures = new FailureLimiter("sign-in-address", 20, WINDOW_MS);

function tooManyAttempts(seconds: number) {
  return new RateLimitedError(
    `Too many failed sign-in attempts. Try again in ${waitText(seconds)}.`,
    seconds,
  );
}

/**
 * Checks an email and password; the one sign-in rule for the login form and
 * `POST /user/admin/authenticate`. Throws 400 (missing fields), 401 (wrong
 * credentials) or 429 (rate limited; when Settings enables rate limiting).
 */
export function verifyCredentials(input: unknown, address = "unknown"): SessionUser {
  const { email, password } = parseInput(LoginSchema, input);
  const db = getDb();
  const limited = getSettings(db).enableRateLimiting;
  if (limited) {
    const wait = Math.max(accountFailures.retryAfter(email), addressFailures.retryAfter(address));
    if (wait > 0) throw tooManyAttempts(wait);
  }
  const row = findUserByEmail(db, email);
  if (!row || !verifyPassword(password, row.passwordHash)) {
    let lockedOut = false;
    if (limited) {
      lockedOut = accountFailures.fail(email);
      lockedOut = addressFailures.fail(address) || lockedOut;
    }
    recordAccountAttempt(db, "sign-in-failed", row, address);
    if (lockedOut) {
      notify(db, {
        kind: "lockout",
        message: `Sign-in to ${email} is locked for a while after repeated wrong passwords`,
        link: "/admin/audit",
      });
      recordAccountAttempt(db, "lockout", row, address, "");
    }
    throw new DomainError(401, "Invalid email or password");
  }
  if (row.deactivatedAt) throw new DomainError(403, "This account has been deactivated");
  accountFailures.reset(email);
  return toSessionUser(row);
}

const requestAddress = new WeakMap<Request, string>();

export const authenticator = new Authenticator<SessionUser>();
authenticator.use(
  new FormStrategy(async ({ form, request }) =>
    verifyCredentials(
      { email: form.get("email") ?? "", password: form.get("password") ?? "" },
      requestAddress.get(request),
    ),
  ),
  "form",
);

/** Runs the form strategy on a login POST; throws DomainError on failure. */
export async function authenticateLoginForm(
  request: Request,
  address: string,
): Promise<SessionUser> {
  if (!isFormBody(request)) throw badRequest("Send the form as a form post");
  requestAddress.set(request, address);
  try {
    return await authenticator.authenticate("form", request);
  } catch (error) {
    // Our own refusals pass through; a body the strategy cannot read is a 400.
    if (error instanceof DomainError) throw error;
    throw badRequest("Malformed form body");
  }
}

/** The session the request's cookie names, if it is still live (any stage). */
export async function currentSession(request: Request): Promise<ActiveSession | null> {
  const session = await getSession(request);
  const sid = session.get("sid");
  return typeof sid === "string" ? sessionByToken(sid) : null;
}

/**
 * The signed-in staff member, read fresh (a role change, deactivation or
 * revoked session applies on the next request); null until every sign-in
 * step is done.
 */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  const active = await currentSession(request);
  if (active?.stage !== "full") return null;
  return { ...toSessionUser(active.user), address: addressOf(request), sessionId: active.id };
}

/** Where the request is going, without the `.data` suffix of a client navigation. */
type Target = Pick<URL, "pathname" | "search">;

function loginRedirect(target: Target) {
  const here = `${target.pathname}${target.search}`;
  const query = here.startsWith("/admin") ? `?${new URLSearchParams({ redirectTo: here })}` : "";
  return redirect(`/admin/login${query}`);
}

/** The signed-in user, or a redirect to /admin/login that remembers where they were going. */
export async function requireUser(
  request: Request,
  target: Target = new URL(request.url),
): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) {
    // Half-way through signing in (the code, or 2FA set-up): nothing else until done.
    const active = await currentSession(request);
    if (active && active.stage !== "full") throw redirect("/admin/login/verify");
    throw loginRedirect(target);
  }
  return user;
}

/**
 * A role violation: a page visit goes to /unauthorised-access (or the
 * screen's own elsewhere); a form post is answered 403 (the Access Denied
 * page) on the spot, so a direct POST is refused with the status, not a redirect.
 */
function roleViolation(request: Request, deniedTo = "/unauthorised-access") {
  const method = request.method.toUpperCase();
  return method === "GET" || method === "HEAD"
    ? redirect(deniedTo)
    : data("You are not allowed to do that", { status: 403 });
}

/**
 * The guard of every /admin path: signed in (else the login, remembering the
 * path), and the role has the capability the screen table gives the path
 * (else a role violation). Paths the table does not know need a session only.
 */
export async function requireAdminScreen(
  request: Request,
  target: Target = new URL(request.url),
): Promise<SessionUser> {
  const user = await requireUser(request, target);
  const screen = screenFor(target.pathname);
  if (!mayOpen(user.role, screen)) throw roleViolation(request, screen?.deniedTo);
  return user;
}

/** The staff member `adminMiddleware` let in, for the loaders and actions below it. */
const adminUserContext = createContext<SessionUser | null>(null);

/** The admin layout's middleware: guards the screen once per request. */
export const adminMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }) => {
  rememberAddress(request, context);
  context.set(adminUserContext, await requireAdminScreen(request, url));
};

/**
 * The signed-in staff member, in an admin loader or action. Below the admin
 * middleware it is the user it stored; called without it (a module run on
 * its own, as the tests do) it runs the same guard, so no screen is ever open.
 */
export async function adminUser(args: {
  request: Request;
  url?: URL;
  context: Readonly<RouterContextProvider>;
}): Promise<SessionUser> {
  rememberAddress(args.request, args.context);
  return args.context.get(adminUserContext) ?? requireAdminScreen(args.request, args.url);
}

/** The browser and address a session is listed with in My Profile. */
export function deviceOf(request: Request, address = "unknown"): Device {
  return { userAgent: request.headers.get("User-Agent") ?? "", address };
}

/** Starts a server-side session for `user`; returns the Set-Cookie header. */
export async function sessionCookieFor(
  request: Request,
  user: SessionUser,
  address = "unknown",
  stage: SessionStage = "full",
): Promise<string> {
  const session = await getSession(request);
  const old = session.get("sid");
  if (typeof old === "string") deleteSessionByToken(old);
  session.set("sid", createSession(user.id, deviceOf(request, address), stage));
  return commitSession(session);
}

/** Signs `user` in and redirects (to a same-site path only). */
export async function startSession(
  request: Request,
  user: SessionUser,
  redirectTo: string | null | undefined,
  flash?: Flash,
  address = "unknown",
) {
  const headers = new Headers({ "Set-Cookie": await sessionCookieFor(request, user, address) });
  if (flash) headers.append("Set-Cookie", await flashCookieHeader(flash));
  return redirect(safeRedirectPath(redirectTo, "/admin/posts"), { headers });
}

/** Ends the session (its row is deleted) and goes to the login screen. */
export async function endSession(request: Request) {
  const session = await getSession(request);
  const sid = session.get("sid");
  if (typeof sid === "string") deleteSessionByToken(sid);
  return redirect("/admin/login", { headers: { "Set-Cookie": await destroySession(session) } });
}

export function userByApiKey(key: string): SessionUser | null {
  if (!key || key.length > 200) return null;
  const db = getDb();
  const row = findUserByApiKey(db, key);
  return row && !row.deactivatedAt ? toSessionUser(row) : null;
}

/**
 * The caller of a JSON admin call: the user whose apiKey is `key`, else the
 * signed-in session. 401 when neither identifies anyone.
 */
export async function requireApiUser(request: Request, key: unknown): Promise<SessionUser> {
  if (key !== undefined && key !== null && key !== "") {
    if (typeof key !== "string") throw badRequest("key must be a string");
    const address = addressOf(request);
    const user = userByApiKey(key);
    if (!user) {
      // Only wrong keys are limited: a valid key from the same address (one proxy in
      // front of many clients) keeps working (docs/decisions/177-api-key-limit-counts-failures.md).
      checkLimit(LIMITS.apiKey, address, "Too many calls with a wrong API key.");
      countAttempt(LIMITS.apiKey, address);
      throw unauthorized("Invalid API key");
    }
    return { ...user, address };
  }
  const user = await getOptionalUser(request);
  if (!user) throw unauthorized("Authentication required: pass your apiKey as key");
  return user;
}
