import { data } from "react-router";
import { AdminShell, shellUser } from "~/components/admin/shell";
import { ErrorPage } from "~/components/error-pages";
import adminCss from "~/styles/admin.css?url";
import { rootSeo, seoMeta } from "~/utils/seo";
import { adminMiddleware, adminUser } from "~/web/auth.server";
import type { Route } from "./+types/admin.not-found";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta(rootSeo(matches), { title: "Page Not Found", path: location.pathname, noindex: true });

/**
 * An /admin path no screen answers. The admin guard runs here too: it needs a
 * session (else login) and, under a screen the table marks as a section
 * (dashboard, pages, settings…), that screen's capability (else
 * /unauthorised-access); then it is a 404 in the admin frame.
 */
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  return data({ user: shellUser(user) }, { status: 404 });
}

export async function action(args: Route.ActionArgs) {
  await adminUser(args);
  throw data(null, { status: 404 });
}

export default function AdminNotFound({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell user={loaderData.user}>
      <ErrorPage status={404} />
    </AdminShell>
  );
}
