import { redirect } from "react-router";
import { endSession } from "~/web/auth.server";
import type { Route } from "./+types/admin.logout";

/** Logout (profile and settings): ends the session, then the login screen (docs/behaviour.md §access). */
export async function action({ request }: Route.ActionArgs) {
  return endSession(request);
}

/** Logging out is a POST; a visit goes to the login screen. */
export function loader() {
  return redirect("/admin/login");
}
