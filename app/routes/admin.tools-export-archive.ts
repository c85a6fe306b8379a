/** `GET /admin/tools/export/archive`: the whole site as `.tar.gz` (Tools → Export). */
import { createExportArchive, exportFileName } from "~/domain/backups/export.server";
import { adminUser } from "~/web/auth.server";
import { answerDownload } from "~/web/downloads.server";
import type { Route } from "./+types/admin.tools-export-archive";

export async function loader(args: Route.LoaderArgs) {
  const actor = await adminUser(args);
  return answerDownload(async () => ({
    path: await createExportArchive(actor),
    removeAfter: true,
    name: exportFileName("archive"),
    type: "application/gzip",
  }));
}
