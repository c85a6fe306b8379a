/**
 * What `npm start` does before it listens: open the database (applying
 * migrations), then the first-run setup of db/seed.ts. Returns the resolved
 * environment so server.js uses the same DATA_DIR, PORT and PUBLIC_URL.
 */
import { runFirstRun } from "#db/seed";
import { closeDb, getDb } from "~/db.server";
import { type Env, readEnv, sessionSecret } from "~/env.server";

export function bootstrap(log: (line: string) => void = console.log): Env {
  const env = readEnv();
  const db = getDb();
  sessionSecret(env);
  const result = runFirstRun(db, env);
  if (result.adminCreated) {
    log(`Created the first Administrator: ${result.adminEmail}`);
    if (result.generatedAdminPassword) {
      log(`  Generated password (shown only this once): ${result.generatedAdminPassword}`);
    }
    if (result.demoSeeded) {
      log("Loaded the demo content (set SEED_DEMO=0 on an empty data folder to start empty).");
      log(`  Demo staff accounts (@inkwell.test) share the password: ${result.demoPassword}`);
    }
  }
  return env;
}

export function shutdown() {
  closeDb();
}
