/**
 * The five home lists of docs/api.md, one module mounted at each path:
 * `GET /get/leading-conversations`, `/get/freshly-pressed`, `/get/sponsored`,
 * `/get/newsletters`, `/get/crypto-updates` → a list of post items.
 * `?limit=` (1–50, default 10).
 */

import { notFound } from "~/domain/errors.server";
import { getDb } from "~/platform/db.server";
import { apiHandler, READS_CONTENT } from "~/web/api.server";
import { homeList, isHomeList, readPaging } from "~/web/public-api.server";

export const loader = apiHandler(({ request }: { request: Request }) => {
  const list = new URL(request.url).pathname.split("/")[2] ?? "";
  if (!isHomeList(list)) throw notFound();
  return homeList(getDb(), list, readPaging(request).limit);
}, READS_CONTENT);
