/** A page number, or a gap ("…") between pages that are not listed. */
export type PageItem = number | "gap";

/**
 * The page links of a paginated list (docs/behaviour.md §posts: "2 margin pages and a range
 * of 5"): the first and last `margin` pages, a window of `range` pages
 * around `current`, and a gap wherever pages are left out. A gap that would
 * hide a single page shows that page instead. Pages are 1-based.
 */
export function pageList(
  current: number,
  total: number,
  { margin = 2, range = 5 }: { margin?: number; range?: number } = {},
): PageItem[] {
  if (total <= 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), total);
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(margin, total); p++) shown.add(p);
  for (let p = Math.max(1, total - margin + 1); p <= total; p++) shown.add(p);
  let start = page - Math.floor((range - 1) / 2);
  let end = start + range - 1;
  if (start < 1) {
    end += 1 - start;
    start = 1;
  }
  if (end > total) {
    start = Math.max(1, start - (end - total));
    end = total;
  }
  for (let p = start; p <= end; p++) shown.add(p);

  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push(previous + 1);
    else if (p - previous > 2) items.push("gap");
    items.push(p);
    previous = p;
  }
  return items;
}
