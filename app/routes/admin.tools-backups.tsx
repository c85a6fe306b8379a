import { redirect, useActionData } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { FormError } from "~/components/admin/toasts";
import { BACKUPS_PATH, BackupsSection } from "~/components/settings/backups-section";
import { backUpNow, listBackups } from "~/domain/backups/backup.server";
import { updateBackupSchedule } from "~/domain/backups/schedule.server";
import { getSettings } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";
import { adminUser } from "~/web/auth.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formError, readForm } from "~/web/forms.server";
import type { Route } from "./+types/admin.tools-backups";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Backups", BACKUPS_PATH);

/** The screen. A backup is downloaded at `/admin/tools/backups/<name>`; `?download=<name>` is sent there. */
export async function loader(args: Route.LoaderArgs) {
  await adminUser(args);
  const name = new URL(args.request.url).searchParams.get("download");
  if (name !== null) throw redirect(`${BACKUPS_PATH}/${encodeURIComponent(name)}`);
  const { backupSchedule, backupKeep } = getSettings(getDb());
  return { schedule: backupSchedule, keep: backupKeep, backups: listBackups() };
}

/** Save the schedule, or back up now; both answer back to the page the form was on. */
export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  try {
    const { fields } = await readForm(args.request);
    const back = fields.returnTo === "/admin/settings" ? "/admin/settings" : BACKUPS_PATH;
    if (fields.intent === "backup") {
      const backup = await backUpNow(actor);
      return redirectWithFlash(back, {
        type: "success",
        message: `Backup written and verified: ${backup.name}`,
      });
    }
    updateBackupSchedule(actor, fields);
    return redirectWithFlash(back, { type: "success", message: "Backup schedule saved" });
  } catch (error) {
    return formError(error, { prefix: "Backup" });
  }
}

export default function Backups({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Backups" />
      <FormError result={result} />
      <BackupsSection
        schedule={loaderData.schedule}
        keep={loaderData.keep}
        backups={loaderData.backups}
        returnTo={BACKUPS_PATH}
      />
    </>
  );
}
