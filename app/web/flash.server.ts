/**
 * One-shot messages after a form post, for the public site and the back office
 * alike: the action redirects (Post/Redirect/Get) with the message in a
 * short-lived signed cookie (no session is created for a reader), and the root
 * loader reads and clears it. Without JavaScript the message renders in the
 * page; with it, an unscoped message is also a toast.
 */
import { createCookie, data, redirect } from "react-router";
import { errorHeaders, isDomainError } from "~/domain/errors.server";
import { cookiesAreSecure, readEnv, sessionSecret } from "~/platform/env.server";
import { safeRedirectPath } from "~/utils/redirect";
import { readAnyBody } from "~/web/api.server";

/** Which public form a message belongs to, so only that form shows it. */
export type FlashScope = "newsletter" | "like" | "unsubscribe" | "comment";
/** Back-office messages have no scope: the admin frame shows them. */
export type Flash = { scope?: FlashScope; type: "success" | "error"; message: string };

function flashCookie() {
  const env = readEnv();
  return createCookie("__flash", {
    httpOnly: true,
    path: "/",
    sameSite: "lax",
    secure: cookiesAreSecure(env),
    secrets: [sessionSecret(env)],
    maxAge: 60,
  });
}

/** The `Set-Cookie` value that carries `flash` to the next page. */
export function flashCookieHeader(flash: Flash): Promise<string> {
  return flashCookie().serialize(flash);
}

/** A 303 back to `to` (kept on this site) carrying `flash`; extra cookies may be added. */
export async function redirectWithFlash(to: unknown, flash: Flash, extraCookies: string[] = []) {
  const headers = new Headers();
  headers.append("Set-Cookie", await flashCookieHeader(flash));
  for (const c of extraCookies) headers.append("Set-Cookie", c);
  return redirect(safeRedirectPath(to), { status: 303, headers });
}

/** The pending message, if any, and the header that clears it. */
export async function readFlash(
  request: Request,
): Promise<{ flash: Flash | null; headers?: HeadersInit }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("__flash=")) return { flash: null };
  const cookie = flashCookie();
  const value = (await cookie.parse(cookieHeader)) as Flash | null;
  const clear = { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) };
  const valid =
    value &&
    typeof value.message === "string" &&
    (value.type === "success" || value.type === "error");
  return { flash: valid ? value : null, headers: clear };
}

/**
 * A no-JavaScript form action: `run` gets the body and returns the success
 * message and where to go; success redirects there with the flash, a
 * DomainError re-renders the page with `{type: "error", message}` and its status.
 */
export async function formActionWithFlash(
  request: Request,
  scope: FlashScope,
  run: (
    body: Record<string, unknown>,
  ) => { message: string; to: unknown } | Promise<{ message: string; to: unknown }>,
) {
  try {
    const { message, to } = await run(await readAnyBody(request));
    return redirectWithFlash(to, { scope, type: "success", message });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      { type: "error", message: error.message },
      { status: error.status, headers: errorHeaders(error) },
    );
  }
}

/**
 * A back-office step that answers with a redirect either way: `run` returns the message (and
 * where to go, `to` unless it says); a DomainError comes back to `to` as "`failure`: reason".
 */
export async function redirectWithOutcome(
  to: string,
  failure: string,
  run: () => Promise<Flash & { to?: string }> | (Flash & { to?: string }),
) {
  try {
    const { to: next, ...flash } = await run();
    return redirectWithFlash(next ?? to, flash);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirectWithFlash(to, { type: "error", message: `${failure}: ${error.message}` });
  }
}

/** Back to `to` with a success message shown once there (docs/behaviour.md §backoffice). */
export function redirectSuccess(to: string, message: string) {
  return redirectWithFlash(to, { type: "success", message });
}
