/** `GET /admin/tools/backups/:name`: one backup as a file (Administrators; the download is audited). */
import { backupPath } from "~/domain/backups/backup.server";
import { adminUser } from "~/web/auth.server";
import { answerDownload } from "~/web/downloads.server";
import type { Route } from "./+types/admin.tools-backups-download";

export async function loader(args: Route.LoaderArgs) {
  const actor = await adminUser(args);
  const { name } = args.params;
  return answerDownload(() => ({
    path: backupPath(actor, name),
    name,
    type: "application/gzip",
  }));
}
