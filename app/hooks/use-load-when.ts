import { useEffect, useState } from "react";

/**
 * False on the server and while hydrating; true once `wanted` has been true
 * after hydration, and true from then on. For a component a page loads only
 * when it has something to show (docs/decisions/280-reader-pages-hydrate-less.md).
 */
export function useLoadWhen(wanted: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (wanted && !ready) setReady(true);
  }, [ready, wanted]);
  return ready;
}
