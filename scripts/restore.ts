/**
 * `npm run restore -- path/to/inkwell-backup-….tar.gz`: restores a backup
 * into DATA_DIR of a stopped site (app/domain/backups/restore.server.ts).
 * Refuses a running site and a backup that fails verification; says what it
 * replaced and where that went.
 */
import { resolve } from "node:path";
import { RestoreRefused, restoreBackup } from "~/domain/backups/restore.server";
import { readEnv } from "~/platform/env.server";

async function main() {
  const [archive, ...rest] = process.argv.slice(2);
  if (!archive || rest.length > 0) {
    console.error("Usage: npm run restore -- path/to/inkwell-backup-….tar.gz");
    return 2;
  }
  const env = readEnv();
  console.log(`Restoring ${archive} into ${env.dataDir}…`);
  try {
    const result = await restoreBackup(resolve(archive), env.dataDir);
    console.log(
      `Restored the backup taken ${result.createdAt}; it passed integrity_check and its row counts.`,
    );
    for (const [table, n] of Object.entries(result.counts)) console.log(`  ${table}: ${n} rows`);
    if (result.secrets === null) {
      console.log(
        "This backup carries no sealing key: its API keys and two-factor secrets open only under the session secret it was taken with.",
      );
    } else {
      console.log(
        `API keys and two-factor secrets re-sealed under this site's session secret: ${result.secrets.resealed}${result.secrets.unreadable > 0 ? `; ${result.secrets.unreadable} could not be opened` : ""}.`,
      );
    }
    if (result.movedAside) {
      console.log(
        `Replaced ${result.replaced.join(", ")}; the previous files were moved to ${result.movedAside}`,
      );
    } else {
      console.log("The data folder held no database before: nothing was replaced.");
    }
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused) {
      console.error(`Refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
