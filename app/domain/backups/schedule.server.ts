/**
 * Automatic backups (Settings → Backups): off, daily or hourly, keeping the
 * last N. The server checks once a minute whether the newest backup is older
 * than the schedule's interval and takes one if so, then deletes the oldest
 * beyond N. Backups taken with "Back up now" count as the newest.
 */
import { eq } from "drizzle-orm";
import { settings } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { parseInput } from "~/domain/errors.server";
import { getSettings } from "~/domain/site/settings.server";
import { type Db, getDb } from "~/platform/db.server";
import { createBackup, listBackups, pruneBackups } from "./backup.server";
import { BackupScheduleSchema } from "./schedule-input.server";
import type { BackupSchedule } from "./vocabulary";

const INTERVAL_MS: Record<Exclude<BackupSchedule, "off">, number> = {
  daily: 24 * 60 * 60 * 1000,
  hourly: 60 * 60 * 1000,
};

export function updateBackupSchedule(actor: SessionUser, input: unknown, db: Db = getDb()) {
  assertCan(actor, "manageSite");
  const values = parseInput(BackupScheduleSchema, input);
  getSettings(db);
  db.update(settings).set(values).where(eq(settings.id, 1)).run();
  pruneBackups(values.backupKeep);
  return values;
}

/** Is a scheduled backup due? */
export function backupDue(schedule: BackupSchedule, newest: number | null, now = Date.now()) {
  if (schedule === "off") return false;
  return newest === null || now - newest >= INTERVAL_MS[schedule] - 30_000;
}

/** One look at the schedule: takes and prunes a backup when due. Returns the backup's name, if one was taken. */
export async function runScheduledBackup(
  db: Db = getDb(),
  now = new Date(),
): Promise<string | null> {
  const { backupSchedule, backupKeep } = getSettings(db);
  const newest = listBackups()[0]?.createdAt ?? null;
  if (!backupDue(backupSchedule, newest, now.getTime())) return null;
  const backup = await createBackup(db, now);
  pruneBackups(backupKeep);
  return backup.name;
}

let timer: NodeJS.Timeout | null = null;

export function startBackupSchedule(log: (line: string) => void = console.log) {
  if (timer) return;
  const tick = () => {
    runScheduledBackup().then(
      (name) => name && log(`Scheduled backup written: ${name}`),
      (error) => console.error("The scheduled backup failed:", error),
    );
  };
  timer = setInterval(tick, 60_000);
  timer.unref();
}

export function stopBackupSchedule() {
  if (timer) clearInterval(timer);
  timer = null;
}
