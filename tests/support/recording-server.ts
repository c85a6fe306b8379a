/**
 * A real HTTP server on a loopback address (127.0.0.1 unless told) and the port given that records every request it gets — method,
 * path, query, headers, body — and answers what `reply` says: the other side of outbound
 * deliveries in the integration tests.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type Recorded = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: string;
};

export type Reply = { status: number; body?: string };

export type RecordingServer = {
  origin: string;
  received: Recorded[];
  close: () => Promise<void>;
};

export async function startRecordingServer(
  reply: (request: Recorded) => Reply,
  port: number,
  host = "127.0.0.1",
): Promise<RecordingServer> {
  const received: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://recorder");
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = String(v);
      const request = {
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      received.push(request);
      const answer = reply(request);
      res.writeHead(answer.status, { "Content-Type": "text/plain" }).end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
