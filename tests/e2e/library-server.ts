/**
 * The library e2e specs add and delete categories, tags and files, so they
 * run against a server of their own (BASE+44 without JavaScript, BASE+45
 * with), apart from the public-site servers and the back-office role tests.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { E2E_ADMIN, E2E_PORT_BASE } from "./constants";

export async function startLibraryServer(javaScriptEnabled: boolean) {
  const port = E2E_PORT_BASE + (javaScriptEnabled ? 45 : 44);
  const url = `http://127.0.0.1:${port}`;
  // scripts/start-fresh.mjs empties this folder (its name must contain "inkwell-e2e").
  const dataDir = join(tmpdir(), `inkwell-e2e-library-${port}`);
  const child: ChildProcess = spawn(process.execPath, ["scripts/start-fresh.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "1",
      INKWELL_SKIP_BUILD_CHECK: "1",
    },
    stdio: "ignore",
  });
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`library e2e server exited (${child.exitCode})`);
    const up = await fetch(`${url}/robots.txt`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (waited > 30_000) throw new Error("library e2e server did not start in 30 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
