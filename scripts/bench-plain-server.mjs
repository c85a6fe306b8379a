// The ceiling `npm run bench` compares against: Node's own `http` serving
// fixed bytes from memory. Reads {path: {type, body (base64), headers?}} from the
// file named by argv[2] and listens on 127.0.0.1:argv[3]. `headers`, when given, are
// sent too (scripts/bench-varnish.mjs: the product's own, so a cache in front keeps
// both alike).
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const pages = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2], "utf8"))).map(([path, page]) => [
    path,
    { type: page.type, body: Buffer.from(page.body, "base64"), headers: page.headers ?? {} },
  ]),
);
const server = createServer((req, res) => {
  const page = pages.get(req.url);
  if (!page) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    ...page.headers,
    "Content-Type": page.type,
    "Content-Length": page.body.length,
  });
  res.end(page.body);
});
server.listen(Number(process.argv[3]), "127.0.0.1", () => console.log("plain server ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
