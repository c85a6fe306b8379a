/**
 * The composition of the process, above the domain (docs/decisions/001-layers.md):
 * it starts and stops the domain's background workers and the platform.
 * What `npm start` does before it listens: open the database (applying
 * migrations), remove partial uploads a previous run left in uploads/.incoming,
 * then the first-run setup of db/seed.ts (`prepareData`); then what every serving process
 * does (`startServing`): the image manifest, and the background jobs, which run in the one
 * process holding the jobs' lease (./jobs.server.ts). With WORKERS (docs/operations.md "More
 * than one core") the primary prepares the data once and each worker only starts serving.
 * Returns the resolved environment so server.js uses the same DATA_DIR, PORT and PUBLIC_URL.
 */
import { runFirstRun } from "#db/seed";
import { sealPlainApiKeys } from "~/domain/accounts/secrets.server";
import { removePidFile, writePidFile } from "~/domain/backups/running.server";
import { stopImportRunner } from "~/domain/importing/jobs.server";
import { clearIncomingUploads } from "~/domain/media/file-store.server";
import { loadImageManifest } from "~/domain/media/image-manifest.server";
import { dkimPrivateKey } from "~/domain/newsletters/dkim.server";
import { ensureUserSlugs } from "~/domain/users/authors.server";
import { parsePurgeTargets } from "~/platform/cache-purge-targets.server";
import { closeDb, getDb } from "~/platform/db.server";
import { type Env, readEnv, sessionSecret, settleEnv } from "~/platform/env.server";
import { registerJob, startJobLease, stopJobLease } from "~/platform/job-lease.server";
import { jobLog, log as processLog } from "~/platform/log.server";
import { flushViews } from "~/platform/view-buffer.server";
import { backgroundJobs } from "~/startup/jobs.server";

/**
 * Which part of the start this process does: all of it (`single`, `npm start`), the once-only
 * part (`primary` of WORKERS=N), or the serving part (`worker`).
 */
export type ProcessRole = "single" | "primary" | "worker";

export function bootstrap(
  log: (line: string) => void = jobLog("first-run"),
  role: ProcessRole = "single",
): Env {
  const env = role === "worker" ? readEnv() : prepareData(log);
  if (env.isProduction) settleEnv();
  if (role !== "primary") startServing();
  // `npm run restore` refuses while this file names a live process; `npm run reload` signals it.
  if (role !== "worker") writePidFile(env);
  // The primary serves nothing: its workers open the database themselves.
  if (role === "primary") closeDb();
  return env;
}

/** Once per start, before any process serves: migrations, secrets, the first-run setup. */
function prepareData(log: (line: string) => void): Env {
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
  // An unusable CACHE_PURGE_URLS entry stops the start here, whichever process will purge.
  parsePurgeTargets(process.env.CACHE_PURGE_URLS);

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

/** What every serving process does: its image manifest, and the jobs when it holds the lease. */
function startServing() {
  loadImageManifest(getDb());
  // Imports run in the lease holder only (its job starts the runner again).
  void stopImportRunner();
  // Each job logs with its name in the entry's `job` field (docs/operations.md "Logs").
  for (const job of backgroundJobs(jobLog)) registerJob(job);
  // Takes the lease now when it is free (the jobs' start-up catch-up runs before this returns).
  startJobLease(getDb, jobLog("jobs"));
}

/**
 * Stops the newsletter sender (no new message starts), then closes the
 * database. Resolves once the messages in flight are finished, or after
 * `boundMs`: a message still in flight then is given back (its row stays
 * pending and goes out on the next start; none is recorded twice).
 */
export function shutdown(boundMs = 8_000): Promise<void> {
  flushViews(); // the views counted in the last second
  // The jobs stop and the lease is given back, so another process takes it at once.
  const stopping = stopJobLease();
  removePidFile();
  const inFlight = stopping.length > 0 ? Promise.all(stopping).then(() => {}) : undefined;
  if (!inFlight) {
    closeDb();
    return Promise.resolve();
  }
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      processLog.info(
        "Newsletter messages still in flight are given back; they go out on the next start.",
      );
      resolve();
    }, boundMs);
    timer.unref();
  });
  return Promise.race([
    inFlight.catch((err) => processLog.error({ err }, "Stopping the newsletter sender failed")),
    bound,
  ]).finally(() => {
    clearTimeout(timer);
    closeDb();
  });
}
