import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/chromium.mjs";

/**
 * Two browser projects, JavaScript off and on, and a "server" project that
 * starts and restarts `node server.js` itself. Each worker runs its own
 * production server (tests/e2e/fixtures.ts), on a port derived from its index
 * and a copy of the demo data folder seeded once (tests/e2e/global-setup.ts).
 */
const browser = (javaScriptEnabled: boolean) => ({
  ...devices["Desktop Chrome"],
  javaScriptEnabled,
  launchOptions: chromiumLaunchOptions,
});

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ["list"],
    ["./tests/e2e/retry-reporter.ts"],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
  ],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: { trace: "retain-on-failure" },
  projects: [
    {
      name: "no-js",
      testIgnore: [/server\.spec\.ts/, /-js\.spec\.ts/],
      use: browser(false),
    },
    {
      name: "js",
      testIgnore: [/server\.spec\.ts/, /-nojs\.spec\.ts/],
      use: browser(true),
    },
    { name: "server", testMatch: /server\.spec\.ts/ },
  ],
});
