/**
 * The unload-metrics rules of docs/behaviour.md §engagement, as pure functions. `recordVisit` in
 * `engagement.server.ts` applies the same rules in one SQL UPDATE; the
 * integration tests check the two agree.
 */

/** A visit shorter than this many seconds counts as a bounce. */
export const BOUNCE_SECONDS = 15;
export const BOUNCE_UP = 5;
export const BOUNCE_DOWN = 2;
/** Longest visit we accept (a tab left open overnight says nothing about reading). */
export const MAX_VISIT_SECONDS = 6 * 60 * 60;

/** Under 15 s: bounce rate +5, otherwise −2; always within 0–100. */
export function nextBounceRate(current: number, visitSeconds: number): number {
  const delta = visitSeconds < BOUNCE_SECONDS ? BOUNCE_UP : -BOUNCE_DOWN;
  return Math.min(100, Math.max(0, current + delta));
}

/**
 * The average becomes the midpoint of the old average and this visit, only
 * when this visit was longer; otherwise it stays. Whole seconds (rounded).
 */
export function nextAvgTime(currentSeconds: number, visitSeconds: number): number {
  return visitSeconds > currentSeconds
    ? Math.round((currentSeconds + visitSeconds) / 2)
    : currentSeconds;
}

/**
 * Whether a page served is a reader's visit worth counting (a view, or a
 * share through the no-JavaScript redirect): a plain GET (`method`), not a
 * HEAD probe, and not a browser's speculative prefetch or prerender (what the
 * request says of its purpose, `purposes`; app/web/visits.server.ts reads
 * them from the request).
 */
export function isCountableVisit(
  method: string,
  purposes: readonly (string | null | undefined)[],
): boolean {
  if (method.toUpperCase() !== "GET") return false;
  const purpose = purposes.filter(Boolean).join(" ").toLowerCase();
  return !/prefetch|prerender|preview/.test(purpose);
}
