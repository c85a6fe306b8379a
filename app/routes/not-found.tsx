import { data } from "react-router";
import { NotFoundPage } from "~/components/error-pages";
import { rootSeo, seoMeta } from "~/utils/seo";
import type { Route } from "./+types/not-found";

/** Any path no other route matches: the 404 page with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

/** A form posted to an unknown path gets the same 404. */
export function action() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta(rootSeo(matches), { title: "Page Not Found", path: location.pathname, noindex: true });

export default function NotFound() {
  return <NotFoundPage />;
}
