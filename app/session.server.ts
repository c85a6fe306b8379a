import { createCookieSessionStorage, redirect, type Session } from "react-router";
import { cookiesAreSecure, readEnv, sessionSecret } from "~/env.server";

/** A message shown once after a redirect: a toast with JS, an inline notice without. */
export type Flash = { type: "success" | "error"; message: string };

type SessionData = { userId: number };
type FlashData = { flash: Flash };

type Storage = ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>>;
let cached: { key: string; storage: Storage } | undefined;

/** The signed, httpOnly, SameSite=Lax session cookie (ARCHITECTURE §4). */
export function sessionStorage(): Storage {
  const env = readEnv();
  const key = `${env.dataDir}|${env.publicUrl}|${env.sessionSecret ?? ""}`;
  if (cached?.key !== key) {
    cached = {
      key,
      storage: createCookieSessionStorage<SessionData, FlashData>({
        cookie: {
          name: "__session",
          httpOnly: true,
          path: "/",
          sameSite: "lax",
          secure: cookiesAreSecure(env),
          secrets: [sessionSecret(env)],
          maxAge: 60 * 60 * 24 * 30,
        },
      }),
    };
  }
  return cached.storage;
}

export type AppSession = Session<SessionData, FlashData>;

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: AppSession): Promise<string> {
  return sessionStorage().destroySession(session);
}

/** Redirect and show `flash` once on the next page. */
export async function redirectWithFlash(
  request: Request,
  to: string,
  flash: Flash,
  init: { headers?: HeadersInit } = {},
) {
  const session = await getSession(request);
  session.flash("flash", flash);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await commitSession(session));
  return redirect(to, { headers });
}

/**
 * The pending flash message, if any, and the cookie header that clears it
 * (reading a flash unsets it; the session must be committed).
 */
export async function readFlash(
  request: Request,
): Promise<{ flash: Flash | null; headers: HeadersInit | undefined }> {
  const session = await getSession(request);
  const flash = session.get("flash") ?? null;
  if (!flash) return { flash: null, headers: undefined };
  return { flash, headers: { "Set-Cookie": await commitSession(session) } };
}
