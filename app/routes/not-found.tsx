import { data } from "react-router";
import { ErrorPage } from "~/components/error-pages";

/** Any path no other route matches: the 404 page with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

/** A form posted to an unknown path gets the same 404. */
export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
