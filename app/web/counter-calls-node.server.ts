/**
 * The reader's counter calls (`POST /posts/like/:id`, `POST /posts/share/:id`, docs/api.md) on
 * Node's own request and response, for server.js: the routes' own actions, called without the
 * Express stack and React Router's matching around them. On the day a story goes viral these
 * are most of the writes, and each then costs a fraction of a millisecond rather than a full
 * pass through the framework (docs/decisions/250-counts-in-kept-pages.md). What they answer is
 * exactly what the routes answer (the same action: CORS, errors, JSON).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RouterContextProvider, ServerBuild } from "react-router";

/** The calls' paths; a client navigation's `….data` call and any query go on to the router. */
const COUNTER_CALL = /^\/posts\/(like|share)\/([^/?#.]+)$/;
const ROUTE_IDS = { like: "routes/api.posts-like", share: "routes/api.posts-share" } as const;

type Action = (args: {
  request: Request;
  params: Record<string, string>;
  context: RouterContextProvider;
}) => Promise<Response>;

/**
 * A handler for server.js: answers a counter call and returns true, or returns false for any
 * other request. `prepare` sets the headers every response carries (security headers);
 * `context` then makes the request's router context (the client's address); `origin` is the
 * site's public origin (the request's URL is built on it).
 */
export function counterCalls(build: Pick<ServerBuild, "routes">) {
  const actions = {
    like: build.routes[ROUTE_IDS.like]?.module.action as Action | undefined,
    share: build.routes[ROUTE_IDS.share]?.module.action as Action | undefined,
  };
  return function serveCounterCall(
    req: IncomingMessage,
    res: ServerResponse,
    how: { origin: string; prepare: () => void; context: () => RouterContextProvider },
  ): boolean {
    if (req.method !== "POST") return false;
    const match = COUNTER_CALL.exec(req.url ?? "");
    if (!match) return false;
    const action = actions[match[1] as keyof typeof actions];
    if (!action) return false;
    let id: string;
    try {
      id = decodeURIComponent(match[2]);
    } catch {
      return false; // the router answers a malformed escape
    }
    how.prepare();
    const headers = new Headers();
    const from = req.headers.origin;
    if (from) headers.set("Origin", from);
    // A signed-in member's like is also noted as theirs (docs/members.md "Your data").
    if (req.headers.cookie) headers.set("Cookie", req.headers.cookie);
    const request = new Request(`${how.origin}${req.url}`, { method: "POST", headers });
    action({ request, params: { id }, context: how.context() })
      .then(async (response) => {
        res.statusCode = response.status;
        for (const [name, value] of response.headers) res.appendHeader(name, value);
        const body = Buffer.from(await response.arrayBuffer());
        res.setHeader("Content-Length", body.length);
        res.end(body);
      })
      .catch((error: unknown) => {
        console.error(`POST ${req.url} failed:`, error);
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
    return true;
  };
}
