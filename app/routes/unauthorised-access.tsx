import { data } from "react-router";
import { ErrorPage } from "~/components/error-pages";
import { rootSeo, seoMeta } from "~/utils/seo";
import type { Route } from "./+types/unauthorised-access";

/** Where role violations are sent (docs/behaviour.md §access); rendered directly it answers 403. */
export function loader() {
  return data(null, { status: 403 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Access Denied",
    path: "/unauthorised-access",
    noindex: true,
  });

export default function UnauthorisedAccess() {
  return <ErrorPage status={403} />;
}
