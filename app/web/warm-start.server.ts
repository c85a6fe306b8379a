/**
 * The warm start (docs/operations.md "More than one core"): before a process takes traffic, it
 * asks itself for the pages readers ask for first (app/domain/posts/warm-set.server.ts), as an
 * anonymous reader without cookies, through its own request handler on a private loopback
 * port: the very path a reader's miss takes (security headers, page cache, compression), so the
 * kept pages are the ones a reader would get. The requests say `Sec-Purpose: prefetch`, so no
 * view is counted. Bounded in time: a large site starts all the same, with what was kept.
 */
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pagesToWarm } from "~/domain/posts/warm-set.server";
import { getDb } from "~/platform/db.server";
import { pageCacheEnabled } from "~/platform/page-cache.server";

/** The longest a warm start takes before the process takes traffic anyway. */
export const WARM_START_MS = 15_000;

export type WarmResult = { pages: number; tried: number; ms: number; skipped?: string };

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function get(agent: Agent, port: number, host: string, path: string, timeoutMs: number) {
  return new Promise<number>((resolve) => {
    const req = request(
      {
        agent,
        host: "127.0.0.1",
        port,
        path,
        headers: { Host: host, "Accept-Encoding": "br, gzip", "Sec-Purpose": "prefetch" },
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", () => resolve(0));
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(0));
    req.end();
  });
}

/**
 * Renders and keeps the warm set through `handler`; resolves with how many pages answered 200
 * (they are in the page cache now). `WARM_START=0` or a page cache switched off skip it.
 */
export async function warmStart(
  handler: Handler,
  options: { publicUrl: string; boundMs?: number; paths?: string[] },
): Promise<WarmResult> {
  const started = Date.now();
  if (process.env.WARM_START === "0") return { pages: 0, tried: 0, ms: 0, skipped: "WARM_START=0" };
  if (!pageCacheEnabled()) return { pages: 0, tried: 0, ms: 0, skipped: "the page cache is off" };
  const deadline = started + (options.boundMs ?? WARM_START_MS);
  const paths = options.paths ?? pagesToWarm(getDb());
  const server = createServer(handler);
  // `exclusive`: a cluster worker listens on its own, not through the primary's shared socket.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host: "127.0.0.1", port: 0, exclusive: true }, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = new URL(options.publicUrl).host;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let pages = 0;
  let tried = 0;
  try {
    for (const path of paths) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      tried += 1;
      if ((await get(agent, port, host, path, left)) === 200) pages += 1;
    }
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return { pages, tried, ms: Date.now() - started };
}
