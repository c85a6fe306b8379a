import { useRouteLoaderData } from "react-router";
import type { FlashScope } from "~/flash.server";

type LayoutData = {
  flash: { scope: FlashScope; type: "success" | "error"; message: string } | null;
};

/** The no-JavaScript flash message for one form (read by the public layout's loader). */
export function useFlash(scope: FlashScope) {
  const data = useRouteLoaderData("routes/public-layout") as LayoutData | undefined;
  return data?.flash?.scope === scope ? data.flash : null;
}
