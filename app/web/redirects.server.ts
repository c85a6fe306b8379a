/**
 * The not-found answer of public routes: a 301 to where an imported old
 * address now lives (app/domain/importing/redirects.server.ts), else 404.
 */
import { data, redirect } from "react-router";
import { findRedirect } from "~/domain/importing/redirects.server";
import { getDb } from "~/platform/db.server";

export function notFoundOrRedirect(request: Request): Response | ReturnType<typeof data> {
  const target = findRedirect(getDb(), new URL(request.url));
  return target ? redirect(target, 301) : data(null, { status: 404 });
}
