/**
 * `GET /admin/mail/subscribers-list/export?q=&audience=`: the Subscribers
 * List, filtered as on screen, as a CSV download streamed in batches.
 */

import { exportFileName, exportSubscribersCsv } from "~/domain/subscribers/csv.server";
import { adminUser } from "~/web/auth.server";
import type { Route } from "./+types/admin.mail-subscribers-export";

export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  const { request } = args;
  const stream = exportSubscribersCsv(user, new URL(request.url).searchParams);
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName()}"`,
      // X-Content-Type-Options: nosniff comes from server.js (helmet), for every answer.
      "Cache-Control": "no-store",
    },
  });
}
