/**
 * The background jobs, in one list: each runs only in the process holding the jobs' lease
 * (app/platform/job-lease.server.ts, docs/operations.md "More than one core"). A new job is one
 * more entry: its start, its stop (a promise when work in flight finishes later) and, when
 * work for it can be queued by another process, a `poll` that looks for it.
 *
 * None of them may do a piece of work twice when two processes overlap during a hand-over:
 * publishing a post and queueing a send-later newsletter are conditional UPDATEs of a row still
 * `scheduled`, an import is taken with a conditional UPDATE of a row still `queued`, the newsletter
 * sender stops starting messages once the lease is gone and only writes outcomes to rows still
 * pending (docs/decisions/251-job-lease.md).
 */
import { startBackupSchedule, stopBackupSchedule } from "~/domain/backups/schedule.server";
import { ensureKeysAsync } from "~/domain/federation/actors.server";
import { SITE_ACTOR } from "~/domain/federation/ids.server";
import { kickImports, startImportRunner, stopImportRunner } from "~/domain/importing/jobs.server";
import { queueMissingRenditions } from "~/domain/media/rendition-worker.server";
import {
  kickSendLaterTimer,
  startSendLaterTimer,
  stopSendLaterTimer,
} from "~/domain/newsletters/send-later.server";
import {
  kickNewsletterSender,
  newsletterSenderBusy,
  startNewsletterSender,
  stopNewsletterSender,
} from "~/domain/newsletters/sender-process.server";
import {
  kickPostScheduler,
  startPostScheduler,
  stopPostScheduler,
} from "~/domain/workflow/scheduler-process.server";
import { startCachePurger, stopCachePurger } from "~/platform/cache-purge.server";
import { getDb } from "~/platform/db.server";
import {
  kickDeliveries,
  startDeliveryWorker,
  stopDeliveryWorker,
} from "~/platform/delivery-worker.server";
import { holdsJobLease, type Job } from "~/platform/job-lease.server";
import { startSiteEvents, stopSiteEvents } from "~/platform/site-events.server";
import { deliveryHandlers } from "./deliveries.server";
import { siteEventConsumers } from "./site-event-consumers.server";

/** `logFor(job)`: the log function of the job of that name (a `job` field: docs/operations.md "Logs"). */
export function backgroundJobs(
  logFor: (job: string, level?: "info" | "error") => (line: string) => void,
): Job[] {
  return [
    {
      // Image renditions missing for files stored earlier are made in the background.
      name: "image renditions catch-up",
      start: () => void queueMissingRenditions(getDb()),
      stop: () => undefined,
    },
    {
      // Publishes the scheduled posts that came due while no process ran it, then times the next.
      name: "post scheduler",
      start: () =>
        void startPostScheduler({ log: logFor("scheduler"), error: logFor("scheduler", "error") }),
      stop: stopPostScheduler,
      poll: kickPostScheduler,
    },
    {
      // Resumes newsletter sends left pending; stops starting messages once the lease is gone.
      name: "newsletter sender",
      start: () =>
        void startNewsletterSender({
          log: logFor("newsletter-sender"),
          mayContinue: holdsJobLease,
        }),
      stop: stopNewsletterSender,
      // Only when idle: a sender waiting out a mail-server outage keeps its pause.
      poll: () => {
        if (!newsletterSenderBusy()) kickNewsletterSender();
      },
    },
    {
      // Queues the newsletters scheduled for a time that passed, then times the next.
      name: "send later",
      start: () =>
        void startSendLaterTimer(getDb, {
          log: logFor("send-later"),
          error: logFor("send-later", "error"),
        }),
      stop: stopSendLaterTimer,
      poll: kickSendLaterTimer,
    },
    {
      // Imports left unfinished run again (they skip what they already wrote).
      name: "import runner",
      start: () => startImportRunner({ log: logFor("import") }),
      // An import stops between batches; the next holder resumes it.
      stop: () => void stopImportRunner(),
      poll: () => void kickImports(),
    },
    {
      // Scheduled backups (Settings → Backups).
      name: "backup schedule",
      start: () => startBackupSchedule(logFor("backup")),
      stop: stopBackupSchedule,
    },
    {
      // Purges the shared caches in front after each write (CACHE_PURGE_URLS; off when unset).
      name: "cache purger",
      start: () => startCachePurger(logFor("cache-purger")),
      stop: stopCachePurger,
    },
    {
      // Hands the site's events (a post published, a subscriber added …) to federation,
      // Webmention, WebSub and webhooks, which queue their deliveries (docs/integrations.md).
      name: "site events",
      start: () => startSiteEvents(getDb, siteEventConsumers, logFor("site-events", "error")),
      stop: stopSiteEvents,
    },
    {
      // Sends the queued deliveries to other servers, retrying with backoff (docs/integrations.md).
      name: "deliveries",
      start: () => {
        startDeliveryWorker(getDb, deliveryHandlers, logFor("deliveries", "error"));
        // The site actor's key pair is made now, off the main thread, rather than by the first
        // delivery or the first server asking (docs/federation.md "Actors").
        ensureKeysAsync(getDb(), SITE_ACTOR).catch((error: Error) =>
          logFor("deliveries", "error")(`Could not make the site's key pair: ${error.message}`),
        );
      },
      // Sends in flight finish (each within its timeout); the rest wait for the next holder.
      stop: () => stopDeliveryWorker(),
      poll: kickDeliveries,
    },
  ];
}
