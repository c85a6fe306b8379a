import { useRouteLoaderData } from "react-router";
import type { Flash, FlashScope } from "~/web/flash.server";
import type { loadRoot } from "~/web/root-data.server";

/**
 * The last action's message read by the root loader, when it is meant for
 * `scope`: a public form's own (its no-JavaScript notice), or, without a
 * scope, the back office's (a toast, or a notice in the admin frame).
 */
export function useFlash(scope?: FlashScope): Flash | null {
  const flash = useRouteLoaderData<typeof loadRoot>("root")?.flash;
  return flash && flash.scope === scope ? flash : null;
}
