import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";

/** Read-only access to the e2e server's database (same folder as playwright.config.ts gives it). */
export function e2eDb(project: string, baseURL: string | undefined) {
  const port = new URL(baseURL ?? "http://127.0.0.1").port;
  return new Database(join(tmpdir(), `inkwell-e2e-${project}-${port}`, "app.db"), {
    readonly: true,
    fileMustExist: true,
  });
}

export function queryOne<T>(
  project: string,
  baseURL: string | undefined,
  sql: string,
  ...args: unknown[]
) {
  const db = e2eDb(project, baseURL);
  try {
    return db.prepare(sql).get(...args) as T;
  } finally {
    db.close();
  }
}
