import { createCookieSessionStorage } from "react-router";
import { createThemeSessionResolver } from "remix-themes";
import { readEnv } from "~/platform/env.server";
import { signedCookie } from "~/web/session.server";

type Resolver = ReturnType<typeof createThemeSessionResolver>;
let cached: { key: string; resolver: Resolver } | undefined;

/** The reader's theme, kept in its own signed cookie (remix-themes). */
export function themeSessionResolver(request: Request) {
  const env = readEnv();
  const key = `${env.dataDir}|${env.publicUrl}`;
  if (cached?.key !== key) {
    const storage = createCookieSessionStorage({
      cookie: signedCookie(env, "__theme", 60 * 60 * 24 * 365),
    });
    cached = { key, resolver: createThemeSessionResolver(storage) };
  }
  return cached.resolver(request);
}
