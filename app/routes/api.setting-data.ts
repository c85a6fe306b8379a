/** `GET /get/setting-data` (docs/api.md): the public settings (siteName, metaTags, …). */

import { getDb } from "~/platform/db.server";
import { apiHandler } from "~/web/api.server";
import { publicSettings } from "~/web/public-api.server";
import type { Route } from "./+types/api.setting-data";

export const loader = apiHandler((_args: Route.LoaderArgs) => publicSettings(getDb()));
