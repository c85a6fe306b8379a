import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RouterContextProvider } from "react-router";
import { readEnv } from "~/platform/env.server";
import { useDatabaseCopy } from "./setup/database-copy";

/** Points the process at another empty data folder (migrations applied) and returns it. */
export function useFreshDataDir(prefix = "inkwell-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  useDatabaseCopy(dir);
  return dir;
}

/**
 * Empties the database of the current DATA_DIR (a new copy of the migrated
 * base): for a `beforeEach` where tests would otherwise see each other's rows.
 */
export function resetDatabase() {
  useDatabaseCopy(readEnv().dataDir);
}

/** The arguments React Router passes a loader or action, for a real Request. */
export function routeArgs(request: Request, params: Record<string, string> = {}) {
  // biome-ignore lint/suspicious/noExplicitAny: the generated Route types are per module.
  return { request, params, context: new RouterContextProvider() } as any;
}

/**
 * What a loader or action answered, thrown or returned: a Response (redirect)
 * or `data(...)`, as status, Location, Set-Cookie and the data.
 */
export async function settle(
  // biome-ignore lint/suspicious/noExplicitAny: the generated Route types are per module.
  handler: (args: any) => unknown,
  request: Request,
  params: Record<string, string> = {},
) {
  let value: unknown;
  try {
    value = await handler(routeArgs(request, params));
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    return {
      status: value.status,
      location: value.headers.get("Location"),
      cookie: value.headers.get("Set-Cookie"),
      // biome-ignore lint/suspicious/noExplicitAny: the body's shape is the test's to check.
      data: undefined as any,
    };
  }
  const wrapped = value as { type?: string; data?: unknown; init?: { status?: number } };
  const isData = wrapped?.type === "DataWithResponseInit";
  return {
    status: isData ? (wrapped.init?.status ?? 200) : 200,
    location: null,
    cookie: null,
    // biome-ignore lint/suspicious/noExplicitAny: the body's shape is the test's to check.
    data: (isData ? wrapped.data : value) as any,
  };
}

/**
 * Runs a loader or action with a real Request; what it throws (a redirect, a
 * `data(…, {status})`) is returned like what it returns.
 */
// biome-ignore lint/suspicious/noExplicitAny: each route module has its own generated argument type.
export async function runRoute(fn: (args: any) => unknown, request: Request): Promise<unknown> {
  try {
    return await fn(routeArgs(request));
  } catch (thrown) {
    return thrown;
  }
}

/** The status of a route's answer: a Response's, a `data()` result's, else 200. */
export const statusOf = (value: unknown) =>
  value instanceof Response
    ? value.status
    : ((value as { init?: { status?: number } })?.init?.status ?? 200);

export const locationOf = (value: unknown) =>
  value instanceof Response ? value.headers.get("Location") : null;
