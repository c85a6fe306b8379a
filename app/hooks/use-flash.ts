import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import type { FlashScope } from "~/web/flash.server";

/** The no-JavaScript flash message for one public form (read by the root loader). */
export function useFlash(scope: FlashScope) {
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash;
  return flash?.scope === scope ? flash : null;
}
