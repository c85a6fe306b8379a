import { data } from "react-router";
import { AdminShell, shellUser } from "~/components/admin/shell";
import { ErrorPage } from "~/components/error-pages";
import adminCss from "~/styles/admin.css?url";
import { rootSeo, seoMeta } from "~/utils/seo";
import { requireAdminScreen } from "~/web/auth.server";
import type { Route } from "./+types/admin.not-found";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta(rootSeo(matches), { title: "Page Not Found", path: location.pathname, noindex: true });

/**
 * An /admin path no screen answers (yet: the media, mail and post-editing
 * screens). Like every admin path it needs a session (else login) and, under
 * the Administrator-only prefixes of SPEC §6, an Administrator (else
 * /unauthorised-access); then it is a 404 in the admin frame.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdminScreen(request);
  return data({ user: shellUser(user) }, { status: 404 });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminScreen(request);
  throw data(null, { status: 404 });
}

export default function AdminNotFound({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell user={loaderData.user}>
      <ErrorPage status={404} />
    </AdminShell>
  );
}
