/**
 * The action of a CSV import screen (Import Subscribers, Import Suppression List): the signed-in
 * staff member's posted file handed to the domain, answered with its report, or the refusal
 * under the screen's error prefix.
 */
import { data } from "react-router";
import { adminUser } from "~/web/auth.server";
import { withPostedCsv } from "~/web/csv-upload.server";
import { formError } from "~/web/forms.server";

type SessionUser = Awaited<ReturnType<typeof adminUser>>;

export async function csvImportAction<Report, Intent extends string>(
  args: Parameters<typeof adminUser>[0],
  { intent, prefix }: { intent: Intent; prefix: string },
  run: (actor: SessionUser, csv: Buffer) => Report,
) {
  const actor = await adminUser(args);
  try {
    const report = await withPostedCsv(args.request, (csv) => run(actor, csv));
    return data({ error: null, report, values: {}, intent });
  } catch (error) {
    return formError(error, { prefix });
  }
}
