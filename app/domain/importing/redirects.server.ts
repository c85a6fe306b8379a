/**
 * Old addresses of imported content (`/2010/10/06/slug/`, `/slug/`, `/?p=12`,
 * `/category/parent/child/`): looked up only once no route has answered (the
 * 404 paths), so normal pages never pay for them. A post's redirect follows
 * the post to its current address.
 */
import { redirects } from "#db/schema";
import type { Db } from "~/platform/db.server";

/** Redirect keys: lower case, no trailing slash; only a `p` query is kept (`/?p=12`). */
export function redirectKey(pathname: string, search = ""): string {
  let path = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  try {
    path = decodeURIComponent(path);
  } catch {
    // kept as it came
  }
  const p = new URLSearchParams(search).get("p");
  if (p && /^\d+$/.test(p)) return path === "/" ? `/?p=${p}` : `${path}?p=${p}`;
  return path;
}

/**
 * Makes each old address answer 301 to `target` (a post, followed wherever it
 * moves, or a fixed path), except the home page and the new address itself.
 */
export function addRedirects(
  db: Db,
  oldPaths: readonly string[],
  target: { postId: number } | { toPath: string },
  current: string,
) {
  const now = redirectKey(current);
  for (const old of oldPaths) {
    const url = new URL(old, "http://x.invalid");
    const key = redirectKey(url.pathname, url.search);
    if (key === "/" || key === now) continue;
    db.insert(redirects)
      .values({ fromPath: key, ...target })
      .onConflictDoNothing()
      .run();
  }
}

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
