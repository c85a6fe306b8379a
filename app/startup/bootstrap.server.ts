/**
 * The composition of the process, above the domain (docs/decisions/001-layers.md):
 * it starts and stops the domain's background workers and the platform.
 * What `npm start` does before it listens: open the database (applying
 * migrations), remove partial uploads a previous run left in uploads/.incoming,
 * then the first-run setup of db/seed.ts. Returns the resolved
 * environment so server.js uses the same DATA_DIR, PORT and PUBLIC_URL.
 */
import { runFirstRun } from "#db/seed";
import { sealPlainApiKeys } from "~/domain/accounts/secrets.server";
import { removePidFile, writePidFile } from "~/domain/backups/running.server";
import { startBackupSchedule, stopBackupSchedule } from "~/domain/backups/schedule.server";
import { startImportRunner, stopImportRunner } from "~/domain/importing/jobs.server";
import { clearIncomingUploads } from "~/domain/media/file-store.server";
import { startRenditions } from "~/domain/media/rendition-worker.server";
import { dkimPrivateKey } from "~/domain/newsletters/dkim.server";
import { startSendLaterTimer, stopSendLaterTimer } from "~/domain/newsletters/send-later.server";
import {
  startNewsletterSender,
  stopNewsletterSender,
} from "~/domain/newsletters/sender-process.server";
import { ensureUserSlugs } from "~/domain/users/authors.server";
import { startPostScheduler, stopPostScheduler } from "~/domain/workflow/scheduler-process.server";
import { startCachePurger, stopCachePurger } from "~/platform/cache-purge.server";
import { closeDb, getDb } from "~/platform/db.server";
import { type Env, readEnv, sessionSecret, settleEnv } from "~/platform/env.server";
import { flushViews } from "~/platform/view-buffer.server";

export function bootstrap(log: (line: string) => void = console.log): Env {
  const env = readEnv();
  if (env.isProduction) settleEnv();
  const db = getDb();
  sessionSecret(env);
  // The DKIM key newsletters are signed with: generated into DATA_DIR on first start.
  dkimPrivateKey(env);
  // Partial uploads an interrupted run left behind; nothing is receiving yet.
  clearIncomingUploads(env);
  const result = runFirstRun(db, env);
  // API keys stored in plain text (older data) are encrypted now.
  sealPlainApiKeys(db);
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
  // Publishes the scheduled posts that came due while the process was down, then times the next.
  startPostScheduler({ log });
  // Resumes newsletter sends a previous run left pending.
  startNewsletterSender({ log });
  // Queues the newsletters scheduled for a time that passed while the process was down, then times the next.
  startSendLaterTimer(getDb, { log });
  // Imports a previous run left unfinished run again (they skip what they already wrote).
  startImportRunner({ log });
  // Scheduled backups (Settings → Backups); `npm run restore` refuses while this file names a live process.
  startBackupSchedule(log);
  // Purges the shared caches in front after each write (CACHE_PURGE_URLS; off when unset).
  startCachePurger(log);
  writePidFile(env);
  return env;
}

/**
 * Stops the newsletter sender (no new message starts), then closes the
 * database. Resolves once the messages in flight are finished, or after
 * `boundMs`: a message still in flight then is given back (its row stays
 * pending and goes out on the next start; none is recorded twice).
 */
export function shutdown(boundMs = 8_000): Promise<void> {
  flushViews(); // the views counted in the last second
  stopPostScheduler();
  stopSendLaterTimer();
  // An import stops between batches; the next start resumes it.
  void stopImportRunner();
  stopBackupSchedule();
  stopCachePurger();
  removePidFile();
  const inFlight = stopNewsletterSender();
  if (!inFlight) {
    closeDb();
    return Promise.resolve();
  }
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.log(
        "Newsletter messages still in flight are given back; they go out on the next start.",
      );
      resolve();
    }, boundMs);
    timer.unref();
  });
  return Promise.race([
    inFlight.catch((error) => console.error("Stopping the newsletter sender failed:", error)),
    bound,
  ]).finally(() => {
    clearTimeout(timer);
    closeDb();
  });
}
