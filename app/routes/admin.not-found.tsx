import { data } from "react-router";
import { getOptionalUser } from "~/auth.server";
import { AdminShell, shellUser } from "~/components/admin/shell";
import { ErrorPage } from "~/components/error-pages";
import adminCss from "~/styles/admin.css?url";
import { rootSeo, seoMeta } from "~/utils/seo";
import type { Route } from "./+types/admin.not-found";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta(rootSeo(matches), { title: "Page Not Found", path: location.pathname, noindex: true });

/**
 * An /admin path no screen answers (yet, e.g. the media and mail screens of
 * later issues): 404 for everyone, shown in the admin frame to the signed-in.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  return data({ user: user ? shellUser(user) : null }, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

export default function AdminNotFound({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell user={loaderData.user}>
      <ErrorPage status={404} />
    </AdminShell>
  );
}
