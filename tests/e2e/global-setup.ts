/**
 * Seeds the demo data folder once per run (the first start of `node server.js`
 * on an empty folder: migrations, the Administrator, the demo newsroom). Each
 * worker's server then starts on a copy of it, which skips the seeding.
 */
import { rmSync } from "node:fs";
import { E2E_PORT_BASE, serverEnv, spawnServer, stopServer, TEMPLATE_DATA_DIR } from "./fixtures";

/** The port the template is seeded on, briefly: beside the server tests' BASE+20..22. */
const SEED_PORT = E2E_PORT_BASE + 23;

export default async function globalSetup() {
  rmSync(TEMPLATE_DATA_DIR, { recursive: true, force: true });
  await stopServer(await spawnServer(serverEnv(SEED_PORT, TEMPLATE_DATA_DIR)));
  return () => rmSync(TEMPLATE_DATA_DIR, { recursive: true, force: true });
}
