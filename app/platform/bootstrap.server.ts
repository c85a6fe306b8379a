/**
 * What `npm start` does before it listens: open the database (applying
 * migrations), remove partial uploads a previous run left in uploads/.incoming,
 * then the first-run setup of db/seed.ts. Returns the resolved
 * environment so server.js uses the same DATA_DIR, PORT and PUBLIC_URL.
 */
import { runFirstRun } from "#db/seed";
import { clearIncomingUploads } from "~/domain/media/file-store.server";
import { dkimPrivateKey } from "~/domain/newsletters/dkim.server";
import {
  startNewsletterSender,
  stopNewsletterSender,
} from "~/domain/newsletters/sender-process.server";
import { ensureUserSlugs } from "~/domain/users/authors.server";
import { closeDb, getDb } from "~/platform/db.server";
import { type Env, readEnv, sessionSecret } from "~/platform/env.server";
import { startRenditions } from "~/platform/renditions.server";
import { flushViews } from "~/platform/view-buffer.server";

export function bootstrap(log: (line: string) => void = console.log): Env {
  const env = readEnv();
  const db = getDb();
  sessionSecret(env);
  // The DKIM key newsletters are signed with: generated into DATA_DIR on first start.
  dkimPrivateKey(env);
  // Partial uploads an interrupted run left behind; nothing is receiving yet.
  clearIncomingUploads(env);
  const result = runFirstRun(db, env);
  ensureUserSlugs(db); // accounts from before author pages

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
  // Image renditions missing for files stored earlier are made in the background.
  startRenditions(db);
  // Resumes newsletter sends a previous run left pending.
  startNewsletterSender({ log });
  return env;
}

/**
 * Stops the newsletter sender (no new message starts), then closes the
 * database. Resolves once the message in flight is finished: await it, or a
 * message cut off mid-send stays pending and goes out again on the next start.
 */
export function shutdown(): Promise<void> {
  flushViews(); // the views counted in the last second
  const inFlight = stopNewsletterSender();
  if (!inFlight) {
    closeDb();
    return Promise.resolve();
  }
  return inFlight
    .catch((error) => console.error("Stopping the newsletter sender failed:", error))
    .finally(closeDb);
}
