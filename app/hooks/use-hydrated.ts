import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False on the server and during hydration, true once JavaScript runs. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

// True in the browser until the page's first hydration has committed (the root marks it).
let firstHydration = typeof document !== "undefined";

/**
 * Whether this render is the browser's first hydration of the server's HTML.
 * A component may then skip work whose result the server's HTML already holds
 * and React keeps (an element with `suppressHydrationWarning`), without the
 * second render `useHydrated` costs (docs/decisions/281-dates-not-formatted-while-hydrating.md).
 */
export function isFirstHydration(): boolean {
  return firstHydration;
}

/** Called once by the root after the first hydration's commit. */
export function markFirstHydrationDone(): void {
  firstHydration = false;
}
