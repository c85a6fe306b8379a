import { redirectWithFlash } from "~/web/flash.server";

/** Back to `to` with a success message shown once there (docs/behaviour.md §backoffice). */
export function redirectSuccess(to: string, message: string) {
  return redirectWithFlash(to, { type: "success", message });
}
