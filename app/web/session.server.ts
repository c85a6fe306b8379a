import { createCookieSessionStorage, type Session } from "react-router";
import { cookiesAreSecure, readEnv, sessionSecret } from "~/platform/env.server";

/**
 * The cookie holds only the random token of a server-side session
 * (`~/domain/accounts/sessions.server`); one-shot messages live in flash.server.ts.
 */
type SessionData = { sid: string };

type Storage = ReturnType<typeof createCookieSessionStorage<SessionData>>;
let cached: { key: string; storage: Storage } | undefined;

/** The options of the site's signed, HTTP-only cookies (the session and the theme). */
export function signedCookie(env: ReturnType<typeof readEnv>, name: string, maxAge: number) {
  return {
    name,
    httpOnly: true,
    path: "/",
    sameSite: "lax" as const,
    secure: cookiesAreSecure(env),
    secrets: [sessionSecret(env)],
    maxAge,
  };
}

/** The signed, httpOnly, SameSite=Lax session cookie (docs/behaviour.md §access). */
export function sessionStorage(): Storage {
  const env = readEnv();
  const key = `${env.dataDir}|${env.publicUrl}|${env.sessionSecret ?? ""}`;
  if (cached?.key !== key) {
    cached = {
      key,
      storage: createCookieSessionStorage<SessionData>({
        cookie: signedCookie(env, "__session", 60 * 60 * 24 * 30),
      }),
    };
  }
  return cached.storage;
}

export type AppSession = Session<SessionData>;

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: AppSession): Promise<string> {
  return sessionStorage().destroySession(session);
}
