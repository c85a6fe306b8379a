/** `GET /get/setting-data` (SPEC §7): the public settings (siteName, metaTags, …). */
import { apiHandler } from "~/api.server";
import { getDb } from "~/db.server";
import { publicSettings } from "~/public-api.server";
import type { Route } from "./+types/api.setting-data";

export const loader = apiHandler((_args: Route.LoaderArgs) => publicSettings(getDb()));
