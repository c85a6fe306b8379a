import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/chromium.mjs";
import { E2E_ADMIN, E2E_PORT_BASE } from "./tests/e2e/constants";

/**
 * Two browser projects, JavaScript off and on, each against its own
 * production server with its own port and fresh data folder; plus a
 * "server" project that starts and restarts `node server.js` itself.
 */
const SERVERS = [
  { project: "no-js", port: E2E_PORT_BASE, javaScriptEnabled: false },
  { project: "js", port: E2E_PORT_BASE + 1, javaScriptEnabled: true },
] as const;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: { trace: "retain-on-failure" },
  projects: [
    ...SERVERS.map((s) => ({
      name: s.project,
      testIgnore: /server\.spec\.ts/,
      use: {
        ...devices["Desktop Chrome"],
        baseURL: `http://127.0.0.1:${s.port}`,
        javaScriptEnabled: s.javaScriptEnabled,
        launchOptions: chromiumLaunchOptions,
      },
    })),
    { name: "server", testMatch: /server\.spec\.ts/ },
  ],
  webServer: SERVERS.map((s) => ({
    command: "node scripts/start-fresh.mjs",
    url: `http://127.0.0.1:${s.port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(s.port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${s.port}`,
      DATA_DIR: join(tmpdir(), `inkwell-e2e-${s.project}-${s.port}`),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "1",
      INKWELL_SKIP_BUILD_CHECK: "1",
    },
  })),
});
