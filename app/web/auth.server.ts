/**
 * Who is asking: the staff session (remix-auth's form strategy and a cookie
 * session) for pages, the user's apiKey (`key`) for JSON calls. Every admin
 * screen is guarded once, by `adminMiddleware` on the admin layout, from the
 * screen table (`~/domain/access/admin-screens`); loaders and actions take the
 * user it found with `adminUser`. Domain functions check capabilities again.
 */

import { eq } from "drizzle-orm";
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
import { users } from "#db/schema";
import { type SessionUser, toSessionUser } from "~/domain/access/actor.server";
import { mayOpen, screenFor } from "~/domain/access/admin-screens";
import { verifyPassword } from "~/domain/access/password.server";
import { badRequest, DomainError, parseInput, unauthorized } from "~/domain/errors.server";
import { notify } from "~/domain/notifications/notify.server";
import { getSettings } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";
import { FailureLimiter } from "~/platform/rate-limit.server";
import { safeRedirectPath } from "~/utils/redirect";
import { emailField } from "~/utils/validation";
import { type Flash, flashCookieHeader } from "~/web/flash.server";
import { isFormBody } from "~/web/forms.server";
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
export const accountFailures = new FailureLimiter(5, WINDOW_MS);
export const addressFailures = new FailureLimiter(20, WINDOW_MS);

function tooManyAttempts(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new DomainError(
    429,
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
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
  const row = db.select().from(users).where(eq(users.email, email)).get();
  if (!row || !verifyPassword(password, row.passwordHash)) {
    if (limited) {
      const wasOpen = accountFailures.retryAfter(email) === 0;
      accountFailures.fail(email);
      addressFailures.fail(address);
      if (wasOpen && accountFailures.retryAfter(email) > 0) {
        notify(db, {
          kind: "lockout",
          message: `Sign-in to ${email} is locked for a while after repeated wrong passwords`,
          link: "/admin/users",
        });
      }
    }
    throw new DomainError(401, "Invalid email or password");
  }
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

function userById(id: number): SessionUser | null {
  const row = getDb().select().from(users).where(eq(users.id, id)).get();
  return row ? toSessionUser(row) : null;
}

/** The signed-in staff member, read fresh (a role change or deletion applies at once). */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  const session = await getSession(request);
  const id = session.get("userId");
  return typeof id === "number" ? userById(id) : null;
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
  if (!user) throw loginRedirect(target);
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
  return args.context.get(adminUserContext) ?? requireAdminScreen(args.request, args.url);
}

/** Signs `user` in and redirects (to a same-site path only). */
export async function startSession(
  request: Request,
  user: SessionUser,
  redirectTo: string | null | undefined,
  flash?: Flash,
) {
  const session = await getSession(request);
  session.set("userId", user.id);
  const headers = new Headers({ "Set-Cookie": await commitSession(session) });
  if (flash) headers.append("Set-Cookie", await flashCookieHeader(flash));
  return redirect(safeRedirectPath(redirectTo, "/admin/posts"), { headers });
}

/** Ends the session and goes to the login screen. */
export async function endSession(request: Request) {
  const session = await getSession(request);
  return redirect("/admin/login", { headers: { "Set-Cookie": await destroySession(session) } });
}

export function userByApiKey(key: string): SessionUser | null {
  if (!key || key.length > 200) return null;
  const row = getDb().select().from(users).where(eq(users.apiKey, key)).get();
  return row ? toSessionUser(row) : null;
}

/**
 * The caller of a JSON admin call: the user whose apiKey is `key`, else the
 * signed-in session. 401 when neither identifies anyone.
 */
export async function requireApiUser(request: Request, key: unknown): Promise<SessionUser> {
  if (key !== undefined && key !== null && key !== "") {
    if (typeof key !== "string") throw badRequest("key must be a string");
    const user = userByApiKey(key);
    if (!user) throw unauthorized("Invalid API key");
    return user;
  }
  const user = await getOptionalUser(request);
  if (!user) throw unauthorized("Authentication required: pass your apiKey as key");
  return user;
}
