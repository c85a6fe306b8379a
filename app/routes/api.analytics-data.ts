/**
 * `GET /get/analytics-data` (docs/api.md) → analytics data (docs/behaviour.md §data).
 * Administrator only; the apiKey as `?key=`, or the session cookie.
 */

import { getAnalyticsData } from "~/domain/site/dashboard.server";
import { apiHandler } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import type { Route } from "./+types/api.analytics-data";

export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const query = new URL(request.url).searchParams;
  const key = query.get("key") ?? undefined;
  const sort = query.get("sort") === "comments" ? "comments" : "views";
  return getAnalyticsData(await requireApiUser(request, key), sort);
});
