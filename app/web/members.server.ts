/**
 * The members' pages' shared steps (docs/members.md): the device a session is stamped
 * with, a form answer (message or refusal with its status, never a 500), the redirect
 * that sets the member cookie, and the middleware that renews it (sliding expiry).
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { errorHeaders, isDomainError } from "~/domain/errors.server";
import {
  getMember,
  type Member,
  type MemberDevice,
  memberCookie,
  memberToken,
  renewedMemberCookie,
} from "~/domain/members/session.server";
import type { SignedIn } from "~/domain/members/sign-in.server";
import { getSettings } from "~/domain/site/settings.server";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";

export function memberDevice(
  request: Request,
  context: Readonly<RouterContextProvider>,
): MemberDevice {
  let address = "unknown";
  try {
    address = context.get(clientAddressContext);
  } catch {
    // a context without the value (a module called on its own)
  }
  return { userAgent: request.headers.get("User-Agent") ?? "", address };
}

export type FormAnswer = { type: "success" | "error"; message: string; intent?: string };

/**
 * A DomainError as the form's answer (its message, with its status and headers) and
 * `extra` fields; anything else is thrown on.
 */
export function refusal<E extends Record<string, unknown>>(error: unknown, extra: E) {
  if (!isDomainError(error)) throw error;
  return data(
    { type: "error" as const, message: error.message, ...extra },
    { status: error.status, headers: errorHeaders(error) },
  );
}

/** Runs a form step: its message, or a DomainError's message with its status. */
export async function answerForm(
  run: () => string | Promise<string>,
  intent?: string,
): Promise<ReturnType<typeof data<FormAnswer>>> {
  try {
    return data({ type: "success", message: await run(), intent });
  } catch (error) {
    return refusal(error, { intent });
  }
}

/** The signed-in member of an account page, or a redirect to the sign-in page (thrown). */
export function memberOrSignIn(request: Request, db = getDb()): Member {
  const member = getMember(request, db);
  if (!member)
    throw redirect("/account/sign-in", { headers: { "Cache-Control": "private, no-store" } });
  return member;
}

/** After a sign-in: the member cookie, and on to the account page. */
export function signedInRedirect(signedIn: SignedIn, to = "/account") {
  return redirect(to, { status: 303, headers: { "Set-Cookie": memberCookie(signedIn.token) } });
}

/** What the header shows: the Sign in link (when members are on) or the member's account. */
export function memberHeaderState(request: Request) {
  const db = getDb();
  if (!getSettings(db).membersEnabled) return { membersEnabled: false, memberName: null };
  return { membersEnabled: true, memberName: getMember(request, db)?.name ?? null };
}

/**
 * Public pages' middleware: when this request moved a member session on (at most once a
 * day), the answer carries the cookie again with a fresh 30 days.
 */
export async function renewMemberCookie(
  { request }: { request: Request },
  next: () => Promise<Response>,
): Promise<Response> {
  const response = await next();
  if (memberToken(request)) {
    const renewed = renewedMemberCookie(request);
    if (renewed) response.headers.append("Set-Cookie", renewed);
  }
  return response;
}
