import { data } from "react-router";
import { requireAdminScreen } from "~/auth.server";
import { ErrorPage } from "~/components/error-pages";
import type { Route } from "./+types/admin.not-found";

/** An /admin path no screen answers (yet): signed in, the 404 inside the admin layout. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminScreen(request);
  throw data(null, { status: 404 });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminScreen(request);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return <ErrorPage status={404} />;
}
