import { useEffect, useState } from "react";

/**
 * Runs `run` once the browser is idle (`requestIdleCallback`), at the latest
 * after `timeout` ms; where there is no idle callback (Safari), after a short
 * timer. Returns the cancel function.
 */
export function whenIdle(run: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, Math.min(timeout, 300));
  return () => clearTimeout(timer);
}

/**
 * False during hydration; true once `wanted` has been true after hydration
 * (at once with `now`, else when the browser is next idle), and true from
 * then on: for code a reader does not need in the page's first second
 * (docs/decisions/280-reader-pages-hydrate-less.md).
 */
export function useLoadWhen(wanted: boolean, { now = false } = {}): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready || !wanted) return;
    if (now) {
      setReady(true);
      return;
    }
    return whenIdle(() => setReady(true));
  }, [ready, wanted, now]);
  return ready;
}
