/**
 * A fake oEmbed provider on 127.0.0.2 for the embed tests (docs/behaviour.md §embeds): a video
 * page advertising its endpoint, the endpoint, a thumbnail, the frame, and answers that break the
 * fetcher's limits (slow, oversized, a redirect to another private address).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

export type FakeProvider = {
  origin: string;
  host: string;
  server: Server;
  close: () => Promise<void>;
};

export async function startFakeProvider(port = 0, address = "127.0.0.2"): Promise<FakeProvider> {
  let origin = "";
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", origin);
    const send = (type: string, body: string | Buffer, status = 200) => {
      res.writeHead(status, { "Content-Type": type });
      res.end(body);
    };
    switch (url.pathname) {
      case "/video/1":
      case "/video/2":
        return send(
          "text/html",
          `<!doctype html><html><head><title>Video</title><link rel="alternate" type="application/json+oembed" href="${origin}/oembed?url=${encodeURIComponent(url.href)}"></head><body>Video</body></html>`,
        );
      case "/plain":
        return send("text/html", "<!doctype html><title>No embed here</title><p>Hi</p>");
      case "/oembed": {
        const target = url.searchParams.get("url") ?? "";
        const n = target.endsWith("/2") ? "2" : "1";
        return send(
          "application/json",
          JSON.stringify({
            version: "1.0",
            type: "video",
            title: `Fake video ${n}`,
            author_name: "Fake Channel",
            author_url: `${origin}/channel`,
            provider_name: "Fake",
            width: 640,
            height: 360,
            thumbnail_url: `${origin}/thumb.png`,
            html: `<iframe src="${origin}/frame/${n}" width="640" height="360" onload="alert(1)" allow="autoplay; camera" allowfullscreen></iframe><script src="https://evil.example/x.js"></script>`,
          }),
        );
      }
      case "/thumb.png":
        return send("image/png", PNG);
      case "/frame/1":
      case "/frame/2":
        return send("text/html", "<!doctype html><title>Frame</title><p>Playing</p>");
      case "/slow":
        return; // never answers
      case "/big": {
        res.writeHead(200, { "Content-Type": "application/json" });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        for (let i = 0; i < 12; i++) res.write(chunk);
        return res.end();
      }
      case "/to-private":
        res.writeHead(302, { Location: "http://127.0.0.3:9/secret" });
        return res.end();
      default:
        return send("text/plain", "not found", 404);
    }
  });
  await new Promise<void>((resolve) => server.listen(port, address, resolve));
  const { port: bound } = server.address() as AddressInfo;
  origin = `http://${address}:${bound}`;
  return {
    origin,
    host: `${address}:${bound}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
