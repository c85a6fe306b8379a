/**
 * `GET /get/dashboard-data` (docs/api.md) → dashboard data (docs/behaviour.md §data).
 * Administrator only; the apiKey as `?key=`, or the session cookie.
 */

import { getDashboardData } from "~/domain/site/dashboard.server";
import { apiHandler } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import type { Route } from "./+types/api.dashboard-data";

export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const key = new URL(request.url).searchParams.get("key") ?? undefined;
  return getDashboardData(await requireApiUser(request, key));
});
