import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RouterContextProvider } from "react-router";
import { closeDb, getDb } from "~/db.server";

/** Points the process at another empty data folder (migrations applied) and returns it. */
export function useFreshDataDir(prefix = "inkwell-test-"): string {
  closeDb();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  process.env.DATA_DIR = dir;
  getDb();
  return dir;
}

/** The arguments React Router passes a loader or action, for a real Request. */
export function routeArgs(request: Request, params: Record<string, string> = {}) {
  // biome-ignore lint/suspicious/noExplicitAny: the generated Route types are per module.
  return { request, params, context: new RouterContextProvider() } as any;
}
