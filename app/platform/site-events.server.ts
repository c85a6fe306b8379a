/**
 * What happened on the site, handed to the software that follows it (docs/integrations.md
 * "Events"). SQLite triggers write `site_events` rows for every path that publishes, edits or
 * removes a post, adds or loses a subscriber, receives a comment or finishes a newsletter
 * (db/migrations/0032_open_web.sql). Each consumer (federation, Webmention, WebSub, webhooks: one
 * list in app/startup/site-event-consumers.server.ts) reads them in order from its own cursor; an
 * event is handled and the cursor moved in one transaction, so what a consumer queues is queued
 * exactly once, and a crash repeats nothing. Consumers are synchronous: they read rows and queue
 * deliveries (app/platform/delivery-queue.server.ts), the network comes later.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { siteEventCursors, siteEvents } from "#db/schema";
import type { Db } from "./db.server";

export type SiteEvent = typeof siteEvents.$inferSelect;
export type SiteEventConsumer = (db: Db, event: SiteEvent) => void;

const BATCH = 200;

function newestEvent(db: Db): number {
  return db
    .select({ id: sql<number>`coalesce(max(${siteEvents.id}), 0)` })
    .from(siteEvents)
    .get()?.id as number;
}

/** A consumer's cursor; a consumer seen for the first time starts after the newest event. */
function cursorOf(db: Db, consumer: string): number {
  const row = db
    .select({ lastId: siteEventCursors.lastId })
    .from(siteEventCursors)
    .where(eq(siteEventCursors.consumer, consumer))
    .get();
  if (row) return row.lastId;
  const newest = newestEvent(db);
  db.insert(siteEventCursors).values({ consumer, lastId: newest }).onConflictDoNothing().run();
  return newest;
}

/**
 * Hands every event not yet handled to each consumer, in order; the number handled. A consumer
 * that throws on an event is logged and moves past it (one bad row must not stop the others).
 */
export function pumpSiteEvents(
  db: Db,
  consumers: Record<string, SiteEventConsumer>,
  log: (line: string) => void = () => undefined,
): number {
  let handled = 0;
  for (const [name, consume] of Object.entries(consumers)) {
    for (;;) {
      const after = cursorOf(db, name);
      const events = db
        .select()
        .from(siteEvents)
        .where(gt(siteEvents.id, after))
        .orderBy(asc(siteEvents.id))
        .limit(BATCH)
        .all();
      if (events.length === 0) break;
      for (const event of events) {
        try {
          // The outer handle inside its own transaction (better-sqlite3 transactions belong to
          // the connection), so consumers keep `$client` for prepared statements.
          db.transaction(() => {
            consume(db, event);
            advance(db, name, event.id);
          });
        } catch (error) {
          log(
            `${name} could not handle ${event.topic} ${event.subjectId}: ${(error as Error).message}`,
          );
          advance(db, name, event.id);
        }
        handled++;
      }
    }
  }
  return handled;
}

function advance(db: Db, consumer: string, id: number) {
  db.update(siteEventCursors)
    .set({ lastId: id })
    .where(and(eq(siteEventCursors.consumer, consumer), sql`${siteEventCursors.lastId} < ${id}`))
    .run();
}

/** Every consumer's cursor to the newest event (the first-run seed is not news). */
export function skipSiteEvents(db: Db): void {
  db.update(siteEventCursors)
    .set({ lastId: newestEvent(db) })
    .run();
}

/** Events older than this, read by every consumer, are removed. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

function pruneSiteEvents(db: Db): void {
  const oldestCursor = db
    .select({ id: sql<number>`coalesce(min(${siteEventCursors.lastId}), 0)` })
    .from(siteEventCursors)
    .get()?.id as number;
  db.delete(siteEvents)
    .where(
      and(
        sql`${siteEvents.id} <= ${oldestCursor}`,
        sql`${siteEvents.at} < ${Date.now() - KEEP_MS}`,
      ),
    )
    .run();
}

const LOOK_MS = 250;
let timer: NodeJS.Timeout | null = null;
let running = false;
/** Bumped by every start and stop, so a look that was waiting on the event loop knows it ended. */
let generation = 0;
let seen = -1;
let lastPrune = 0;

/**
 * Looks for new events every LOOK_MS (one indexed read when nothing happened). The consumers take
 * their turns one pass of the event loop apart, so a publish's work for federation, webhooks,
 * WebSub and Webmention never holds readers' requests for all of them at once.
 */
export function startSiteEvents(
  db: () => Db,
  consumers: Record<string, SiteEventConsumer>,
  log: (line: string) => void,
): void {
  if (running) return;
  running = true;
  const mine = ++generation;
  const look = async () => {
    try {
      const newest = newestEvent(db());
      if (newest !== seen) {
        for (const [name, consume] of Object.entries(consumers)) {
          pumpSiteEvents(db(), { [name]: consume }, log);
          await nextTurn();
          if (mine !== generation) return;
        }
        seen = newest;
      }
      if (Date.now() - lastPrune > 60 * 60 * 1000) {
        lastPrune = Date.now();
        pruneSiteEvents(db());
      }
    } catch (error) {
      log(`Site events could not be read: ${(error as Error).message}`);
    }
    if (mine !== generation) return;
    timer = setTimeout(look, LOOK_MS);
    timer.unref();
  };
  void look();
}

export function stopSiteEvents(): void {
  running = false;
  generation++;
  if (timer) clearTimeout(timer);
  timer = null;
  seen = -1;
}
