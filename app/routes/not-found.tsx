import { data } from "react-router";
import { ErrorPage } from "~/components/error-pages";
import { notFoundOrRedirect } from "~/web/redirects.server";

/**
 * Any path no other route matches: a 301 when it is an imported old address
 * (a WordPress permalink), else the 404 page with status 404.
 */
export function loader(args?: { request: Request }) {
  throw args ? notFoundOrRedirect(args.request) : data(null, { status: 404 });
}

/** A form posted to an unknown path gets the same 404. */
export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
