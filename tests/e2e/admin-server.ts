/**
 * The back office e2e tests change settings, users and passwords, so they run
 * against their own server (own port and data folder) per browser project,
 * never the shared one the public-site tests read from.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN, E2E_PORT_BASE } from "./constants";

export type AdminServer = { url: string; dataDir: string; stop: () => Promise<void> };

/**
 * Starts `node server.js` on BASE+30 (no-js) or BASE+31 (js) with a fresh demo
 * folder; `slot` n moves it to BASE+30+2n, so spec files that run side by side
 * (two workers) each get their own server.
 */
export async function startAdminServer(project: string, slot = 0): Promise<AdminServer> {
  const port = E2E_PORT_BASE + 30 + 2 * slot + (project === "js" ? 1 : 0);
  const dataDir = join(tmpdir(), `inkwell-e2e-admin-${project}-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "1",
      INKWELL_SKIP_BUILD_CHECK: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const deadline = Date.now() + 30_000;
  while (!output.includes("Inkwell is serving")) {
    if (child.exitCode !== null) throw new Error(`admin e2e server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`admin e2e server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signIn(page: Page, base: string, email: string, password: string) {
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

/** Adds a user through the Add User screen (the way role tests get their accounts). */
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

/**
 * Whether the current worker runs the project a spec file belongs to. A file
 * skipped in the other project must not start (and then stop) a server there:
 * that worker would take the same port as the right project's server.
 */
export const runsJavaScript = (): boolean => test.info().project.use.javaScriptEnabled !== false;
