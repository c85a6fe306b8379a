/** The backup words, browser-safe: the Settings section and db/schema.ts read them. */
export const BACKUP_SCHEDULES = ["off", "daily", "hourly"] as const;
export type BackupSchedule = (typeof BACKUP_SCHEDULES)[number];

export const BACKUP_KEEP_MIN = 1;
export const BACKUP_KEEP_MAX = 100;
