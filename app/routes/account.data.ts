/**
 * `POST /account/data` (docs/members.md "Your data"): "Download my data", a JSON file of
 * everything stored about the signed-in member. The audit log notes the download.
 */
import { memberDataExport } from "~/domain/members/data.server";
import { getDb } from "~/platform/db.server";
import { memberDevice, memberOrSignIn } from "~/web/members.server";
import type { Route } from "./+types/account.data";

export function loader() {
  return new Response("Use the Download my data button on your account page.", {
    status: 405,
    headers: { Allow: "POST" },
  });
}

export function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  const member = memberOrSignIn(request, db);
  const document = memberDataExport(db, member, memberDevice(request, context).address);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`${JSON.stringify(document, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
