/**
 * What a backup schedule may be (docs/behaviour.md §import): off, daily or
 * hourly, keeping the last 1–100. Tools → Backups saves it on its own
 * (schedule.server.ts); Settings takes the same fields with the rest.
 */
import { z } from "zod";
import { BACKUP_KEEP_MAX, BACKUP_KEEP_MIN, BACKUP_SCHEDULES } from "./vocabulary";

const KEEP = `Keep: a number from ${BACKUP_KEEP_MIN} to ${BACKUP_KEEP_MAX}`;

export const BackupScheduleSchema = z.object({
  backupSchedule: z.enum(BACKUP_SCHEDULES, { error: "Choose off, daily or hourly" }),
  backupKeep: z.coerce
    .number({ error: KEEP })
    .int(KEEP)
    .min(BACKUP_KEEP_MIN, KEEP)
    .max(BACKUP_KEEP_MAX, KEEP),
});
