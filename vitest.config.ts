import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Separate from vite.config.ts: no React Router plugin, loaders and actions are
// called directly with real Requests against a fresh SQLite file per test file,
// copied from a base database migrated once per run (tests/setup/base-database.ts).
export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/setup/base-database.ts"],
    setupFiles: ["tests/setup/fresh-data-dir.ts"],
    pool: "forks",
    testTimeout: 20_000,
  },
});
