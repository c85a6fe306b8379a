/**
 * The render side of counts in kept pages (app/platform/count-slots.server.ts,
 * docs/decisions/250-counts-in-kept-pages.md): whether this render is for the page cache, and
 * what the post loader puts where a count goes.
 */
import { createContext, type RouterContextProvider } from "react-router";
import { type CounterName, countSlot } from "~/platform/count-slots.server";

/** Set by the page cache's render of a miss it will keep (server.js, from the cache's call). */
export const countSlotsContext = createContext<boolean>(false);

/**
 * What the post loader puts where `name`'s count goes: the mark when the page is rendered for
 * the cache, else the number itself.
 */
export function countOrSlot(
  context: Readonly<RouterContextProvider>,
  name: CounterName,
  value: number | string,
): number | string {
  return context.get(countSlotsContext) ? countSlot(name) : value;
}
