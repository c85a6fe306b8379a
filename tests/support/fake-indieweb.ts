/**
 * A fake IndieWeb site for the Webmention tests (docs/federation.md "Webmention"): pages the test
 * sets (status, headers, HTML), and every request it received (method, path, form fields).
 */
import { createServer, type Server } from "node:http";

export type FakePage = { status?: number; headers?: Record<string, string>; body?: string };
export type ReceivedRequest = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  fields: Record<string, string>;
};

export type FakeSite = {
  origin: string;
  pages: Map<string, FakePage>;
  received: ReceivedRequest[];
  server: Server;
  close: () => Promise<void>;
};

/** Listens on 127.0.0.1:`port`; unknown paths answer 404, POSTs 202. */
export async function startFakeSite(port: number): Promise<FakeSite> {
  const origin = `http://127.0.0.1:${port}`;
  const pages = new Map<string, FakePage>();
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
      received.push({ method: req.method ?? "GET", path, headers: req.headers, fields });
      const page = pages.get(path) ?? (req.method === "POST" ? { status: 202 } : { status: 404 });
      res.writeHead(page.status ?? 200, { "Content-Type": "text/html", ...page.headers });
      res.end(page.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    origin,
    pages,
    received,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
