/**
 * Whether a request is a reader's visit (docs/behaviour.md §engagement): the
 * rule is the domain's (`isCountableVisit`); which headers carry a fetch's
 * purpose is HTTP's.
 */
import { isCountableVisit } from "~/domain/posts/engagement-rules";

/** The headers browsers name a prefetch or prerender in (standard, older, Firefox's). */
export const PURPOSE_HEADERS = ["Sec-Purpose", "Purpose", "X-Purpose", "X-Moz"] as const;

export function isCountableRequest(request: Request): boolean {
  return isCountableVisit(
    request.method,
    PURPOSE_HEADERS.map((name) => request.headers.get(name)),
  );
}
