/**
 * ActivityPub answers (docs/federation.md): JSON as `application/activity+json`, and whether a
 * request asked for it (a browser following an object's id is sent to the page instead).
 */

export const ACTIVITY_JSON = "application/activity+json; charset=utf-8";

/** Whether `Accept` names an ActivityStreams type (activity+json, or ld+json with any profile). */
export function wantsActivityJson(request: Request): boolean {
  return /application\/(?:activity|ld)\+json/i.test(request.headers.get("Accept") ?? "");
}

/** A document with its type; servers may keep it for a minute. */
export function activityJson(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": ACTIVITY_JSON,
      "Cache-Control": "public, max-age=60",
      Vary: "Accept",
    },
  });
}
