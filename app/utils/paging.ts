/** Category and tag lists (docs/behaviour.md §reading): 10 first, 10 more per "Load more". */
export const LIST_PAGE_SIZE = 10;
export const LIST_MAX = 1000;

/** `?limit=` as a whole number of pages of 10, from 10 to LIST_MAX. */
export function parseListLimit(value: string | null): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < LIST_PAGE_SIZE) return LIST_PAGE_SIZE;
  return Math.min(LIST_MAX, Math.ceil(n / LIST_PAGE_SIZE) * LIST_PAGE_SIZE);
}
