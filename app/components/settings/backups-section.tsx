import { Form } from "react-router";
import { NumberField } from "~/components/admin/fields";
import {
  BACKUP_KEEP_MAX,
  BACKUP_KEEP_MIN,
  BACKUP_SCHEDULES,
  type BackupSchedule,
} from "~/domain/backups/vocabulary";

export const BACKUPS_PATH = "/admin/tools/backups";

const SCHEDULE_LABELS: Record<BackupSchedule, string> = {
  off: "Off",
  daily: "Daily",
  hourly: "Hourly",
};

export type BackupRow = { name: string; size: number; createdAt: number };

function megabytes(bytes: number) {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;
}

/**
 * Settings → Backups: the schedule (off / daily / hourly, keep the last N),
 * "Back up now", and the backups on disk to download. Its forms post to the
 * Backups screen, which answers back to the page they came from.
 */
export function BackupsSection({
  schedule,
  keep,
  backups,
  returnTo,
}: {
  schedule: BackupSchedule;
  keep: number;
  backups: BackupRow[];
  returnTo: string;
}) {
  return (
    <section className="admin-panel settings-section" aria-labelledby="backups-title">
      <h2 id="backups-title">Backups</h2>
      <p className="hint">
        A backup is a copy of the database, taken while the site keeps serving, and of the uploads,
        in one <code>.tar.gz</code> in the data folder's <code>backups</code>. Each is checked after
        it is written. Restore one with <code>npm run restore -- path/to/backup</code> on a stopped
        site.
      </p>
      <Form method="post" action={BACKUPS_PATH} className="admin-form">
        <input type="hidden" name="intent" value="schedule" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <label>
          Automatic backups
          <select name="backupSchedule" defaultValue={schedule}>
            {BACKUP_SCHEDULES.map((s) => (
              <option key={s} value={s}>
                {SCHEDULE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <NumberField
          label="Keep the last"
          name="backupKeep"
          min={BACKUP_KEEP_MIN}
          max={BACKUP_KEEP_MAX}
          defaultValue={keep}
          required
        />
        <button type="submit" className="button">
          Save backup schedule
        </button>
      </Form>
      <Form method="post" action={BACKUPS_PATH} className="admin-form">
        <input type="hidden" name="intent" value="backup" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className="button button-primary">
          Back up now
        </button>
      </Form>
      {backups.length > 0 ? (
        <ul className="backup-list" aria-label="Backups on disk">
          {backups.map((b) => (
            <li key={b.name}>
              <a href={`${BACKUPS_PATH}/${encodeURIComponent(b.name)}`} download>
                {b.name}
              </a>{" "}
              ({megabytes(b.size)})
            </li>
          ))}
        </ul>
      ) : (
        <p>No backups yet.</p>
      )}
    </section>
  );
}
