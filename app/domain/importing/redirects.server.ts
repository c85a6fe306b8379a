/**
 * Old addresses of imported content (`/2010/10/06/slug/`, `/slug/`, `/?p=12`,
 * `/category/parent/child/`): looked up only once no route has answered (the
 * 404 paths), so normal pages never pay for them. A post's redirect follows
 * the post to its current address.
 */
import type { Db } from "~/platform/db.server";
import { redirectKey } from "./writer.server";

/** Where an old address now lives, or null. */
export function findRedirect(db: Db, url: URL): string | null {
  const key = redirectKey(url.pathname, url.search);
  const row = db.$client
    .prepare(
      "select r.to_path as toPath, p.url as postUrl from redirects r left join posts p on p.id = r.post_id where r.from_path = ?",
    )
    .get(key) as { toPath: string | null; postUrl: string | null } | undefined;
  const target = row?.postUrl ?? row?.toPath ?? null;
  return target && redirectKey(target) !== key ? target : null;
}
