/**
 * `GET /get/analytics-data` (SPEC §7) → analytics data (SPEC §3).
 * Administrator only; the apiKey as `?key=`, or the session cookie.
 */
import { apiHandler } from "~/api.server";
import { requireApiUser } from "~/auth.server";
import { getAnalyticsData } from "~/dashboard.server";
import type { Route } from "./+types/api.analytics-data";

export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const key = new URL(request.url).searchParams.get("key") ?? undefined;
  return getAnalyticsData(await requireApiUser(request, key));
});
