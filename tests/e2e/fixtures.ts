/**
 * Everything the browser specs share, in one file.
 *
 * - `server` (one per worker): `node server.js` on E2E_PORT_BASE + the
 *   worker's parallel index, on a copy of the demo data folder that
 *   global-setup.ts seeded once. `baseURL` points at it, so `page.goto("/")`
 *   reaches this worker's own server.
 * - `signInAs(who)`: mints the session cookie the login form would set (same
 *   cookie name, options and secret, the one the server keeps in DATA_DIR)
 *   and puts it in the test's browser context. A role name stands for a user
 *   of that role created once per server; a user object is created on first
 *   use. The login form keeps its own tests (admin-nojs, admin-js).
 * - After every test the site settings and the e2e Administrator's own
 *   record are put back as they were, so a spec that renames the site or
 *   the Administrator cannot change what another spec sees, whatever the
 *   order. (A failed test ends its worker, and with it the server.)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { cpSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { createCookieSessionStorage } from "react-router";
import { generateApiKey, hashPassword } from "../../app/domain/access/password.server";
import { htmlToText } from "../../app/utils/text";

/** The Administrator every e2e server is started with. */
export const E2E_ADMIN = { email: "admin@inkwell.test", password: "e2e-Admin-password-1" };

/**
 * First e2e port: worker n serves on BASE+n, the server tests use BASE+20..22 and BASE+24..25.
 * `E2E_PORT_BASE` moves them, so two checkouts can run their suites side by side.
 */
export const E2E_PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3611);

/** The demo data folder global-setup.ts seeds once per run; workers copy it. */
export const TEMPLATE_DATA_DIR = join(tmpdir(), `inkwell-e2e-template-${E2E_PORT_BASE}`);

export type Role = "Administrator" | "Editor" | "Author" | "Contributor" | "Subscriber";
export type StaffUser = { email: string; name: string; password: string; role: Role | string };

/** The password of every user the fixtures create. */
export const STAFF_PASSWORD = "Staff-pass-123!";

/** The user `signInAs(role)` signs in: the e2e Administrator, or one account per other role. */
export function roleUser(role: Role): StaffUser {
  if (role === "Administrator") return { ...E2E_ADMIN, name: "Site Administrator", role };
  const lower = role.toLowerCase();
  return {
    email: `role-${lower}@example.com`,
    name: `E2E ${role}`,
    password: STAFF_PASSWORD,
    role,
  };
}

export type E2EServer = {
  url: string;
  port: number;
  dataDir: string;
  /** Runs `fn` with a connection to the server's database (read-write). */
  withDb<T>(fn: (db: Database.Database) => T): T;
  /** One row of `sql` from the server's database. */
  queryOne<T>(sql: string, ...args: unknown[]): T;
  /** The user's id, creating the account (directly in the database) if it does not exist. */
  ensureUser(user: StaffUser): number;
  stop(): Promise<void>;
};

/** The server's environment; `DATA_DIR` must be an e2e folder. */
export function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED_DEMO: "1",
    INKWELL_SKIP_BUILD_CHECK: "1",
    // Start time matters more here than the first readers' pages (workers-server.spec.ts warms).
    WARM_START: "0",
    // Receivers the specs start (webhooks, WebSub, ActivityPub) listen on 127.0.0.1.
    OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
  };
}

/**
 * Starts `node server.js` and resolves once it says it is serving; `onOutput` gets everything
 * it writes (standard output and error), from the start.
 */
export async function spawnServer(
  env: NodeJS.ProcessEnv,
  onOutput?: (chunk: string) => void,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["server.js"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const take = (d: Buffer) => {
    output += d;
    onOutput?.(String(d));
  };
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
  const deadline = Date.now() + 60_000;
  while (!output.includes("Inkwell is serving")) {
    if (child.exitCode !== null) throw new Error(`e2e server exited:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`e2e server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // Started: what it writes from now on (a JSON line per request) is passed on or drained, not kept.
  if (!onOutput) {
    child.stdout?.off("data", take);
    child.stderr?.off("data", take);
    child.stdout?.resume();
    child.stderr?.resume();
  }
  output = "";
  return child;
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** Starts a server on `port` with a copy of the template data folder (and `env` added). */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
): Promise<E2EServer & { child: ChildProcess }> {
  const dataDir = join(tmpdir(), `inkwell-e2e-worker-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(TEMPLATE_DATA_DIR, dataDir, { recursive: true });
  const child = await spawnServer({ ...serverEnv(port, dataDir), ...env });

  const withDb = <T>(fn: (db: Database.Database) => T): T => {
    const db = new Database(join(dataDir, "app.db"), { fileMustExist: true });
    db.pragma("busy_timeout = 5000");
    // The search index's triggers read a post's text through this function (as the app does).
    db.function("inkwell_text", { deterministic: true }, (html: unknown) =>
      typeof html === "string" ? htmlToText(html) : "",
    );
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    dataDir,
    withDb,
    queryOne: <T>(sql: string, ...args: unknown[]) =>
      withDb((db) => db.prepare(sql).get(...args) as T),
    ensureUser: (user) =>
      withDb((db) => {
        const email = user.email.trim().toLowerCase();
        const found = db.prepare("select id from users where email = ?").get(email) as
          | { id: number }
          | undefined;
        if (found) return found.id;
        const row = db
          .prepare(
            `insert into users (uid, name, email, role, password_hash, api_key)
             values (?, ?, ?, ?, ?, ?) returning id`,
          )
          .get(
            crypto.randomUUID(),
            user.name,
            email,
            user.role,
            hashPassword(user.password),
            generateApiKey(),
          ) as { id: number };
        return row.id;
      }),
    stop: async () => {
      await stopServer(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The `__session` cookie value the login would set for `userId`
 * (app/web/session.server.ts): a `sessions` row holding the hash of a random
 * token, and the signed cookie holding the token.
 */
export async function mintSessionCookie(server: E2EServer, userId: number): Promise<string> {
  const { dataDir } = server;
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  server.withDb((db) =>
    db
      .prepare(
        "insert into sessions (token_hash, user_id, stage, created_at, last_seen_at, user_agent, address) values (?, ?, 'full', ?, ?, 'Playwright', '127.0.0.1')",
      )
      .run(createHash("sha256").update(token).digest("hex"), userId, now, now),
  );
  // The server's secret: SESSION_SECRET is unset, so it is the one generated into DATA_DIR.
  const secret = readFileSync(join(dataDir, "session-secret"), "utf8").trim();
  const storage = createCookieSessionStorage<{ sid: string }>({
    cookie: {
      name: "__session",
      httpOnly: true,
      path: "/",
      sameSite: "lax",
      secure: false,
      secrets: [secret],
      maxAge: 60 * 60 * 24 * 30,
    },
  });
  const session = await storage.getSession();
  session.set("sid", token);
  const header = await storage.commitSession(session);
  const pair = header.split(";")[0] ?? "";
  return pair.slice(pair.indexOf("=") + 1);
}

/** Rows a spec may change that every other spec reads: put back after each test. */
type Snapshot = { settings: Record<string, unknown>; admin: Record<string, unknown> };

function snapshot(server: E2EServer): Snapshot {
  return server.withDb((db) => ({
    settings: db.prepare("select * from settings where id = 1").get() as Record<string, unknown>,
    admin: db
      .prepare("select name, photo, password_hash from users where email = ?")
      .get(E2E_ADMIN.email) as Record<string, unknown>,
  }));
}

function restore(server: E2EServer, saved: Snapshot) {
  const now = snapshot(server);
  if (JSON.stringify(now) === JSON.stringify(saved)) return;
  server.withDb((db) => {
    const columns = Object.keys(saved.settings).filter((c) => c !== "id");
    db.prepare(
      `update settings set ${columns.map((c) => `"${c}" = @${c}`).join(", ")} where id = 1`,
    ).run(saved.settings);
    db.prepare(
      "update users set name = @name, photo = @photo, password_hash = @password_hash where email = @email",
    ).run({ ...saved.admin, email: E2E_ADMIN.email });
  });
}

type WorkerFixtures = { server: E2EServer; serverBaseline: Snapshot };
type TestFixtures = {
  signInAs: (who: Role | StaffUser) => Promise<void>;
  restoreSharedRows: undefined;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const server = await startServer(E2E_PORT_BASE + workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  serverBaseline: [async ({ server }, use) => use(snapshot(server)), { scope: "worker" }],
  baseURL: async ({ server }, use) => use(server.url),
  signInAs: async ({ context, server }, use) => {
    await use(async (who) => {
      const user = typeof who === "string" ? roleUser(who) : who;
      const value = await mintSessionCookie(server, server.ensureUser(user));
      await context.addCookies([
        { name: "__session", value, url: server.url, httpOnly: true, sameSite: "Lax" },
      ]);
    });
  },
  restoreSharedRows: [
    async ({ server, serverBaseline }, use) => {
      await use(undefined);
      restore(server, serverBaseline);
    },
    { auto: true },
  ],
});

export { expect };

/** Signs in through the login form (for the tests of the form itself). */
export async function signInWithForm(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
}

export async function signOut(page: Page, base: string) {
  await page.goto(`${base}/admin/users/profile`);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

/** Adds a user through the Add User screen (for the tests of that screen). */
export async function addUserThroughScreen(
  page: Page,
  base: string,
  user: { email: string; name: string; password: string; role: string },
) {
  await page.goto(`${base}/admin/users/add`);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Name").fill(user.name);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Role").selectOption(user.role);
  await page.getByRole("button", { name: "Add User" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole("cell", { name: user.email })).toBeVisible();
}

export const ADMIN_ONLY_PATHS = [
  "/admin/users",
  "/admin/users/add",
  "/admin/dashboard",
  "/admin/pages",
  "/admin/pages/add",
  "/admin/settings",
  "/admin/analytics",
  "/admin/comments",
];

/** A 1×1 PNG for upload fields. */
export const PNG_FILE = {
  name: "brand-logo.png",
  mimeType: "image/png",
  buffer: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
};
