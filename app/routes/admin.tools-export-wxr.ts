/** `GET /admin/tools/export/wxr`: the posts, pages and comments as a WordPress export file. */
import { exportFileName, exportWxr } from "~/domain/backups/export.server";
import { adminUser } from "~/web/auth.server";
import { answerDownload } from "~/web/downloads.server";
import type { Route } from "./+types/admin.tools-export-wxr";

export async function loader(args: Route.LoaderArgs) {
  const actor = await adminUser(args);
  return answerDownload(() => ({
    text: exportWxr(actor),
    name: exportFileName("wxr"),
    type: "application/xml; charset=utf-8",
  }));
}
