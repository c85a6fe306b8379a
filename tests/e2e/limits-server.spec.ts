/**
 * Limits and timeouts on real connections to `node server.js` (docs/operations.md "Limits and
 * timeouts", "Shutdown"): anonymous bodies bounded while they stream, the 413 read by a client
 * still sending, slow headers and slow anonymous bodies dropped, OPTIONS, bad bodies answered 4xx,
 * and a SIGTERM bounded at 10 s with a slow upload and a stalled mail server.
 */
import { readFileSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { expect, test } from "@playwright/test";
import {
  E2E_PORT_BASE,
  type E2EServer,
  mintSessionCookie,
  roleUser,
  startServer,
} from "./fixtures";

const PORTS = { limits: E2E_PORT_BASE + 24, shutdown: E2E_PORT_BASE + 25 };
const MB = 1024 * 1024;
/** A PNG signature and header chunk, as latin1 text to go in a multipart prefix. */
const PNG_START = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
).toString("latin1");
const BOUNDARY = "----inkwell-limits";

type Exchange = { answer: string; ms: number; sent: number };

/**
 * Sends `head`, then `piece` over and over (as chunks when `chunked`) until `total` bytes are
 * sent, the server answers, or it closes; `everyMs` sends one piece that often instead of as
 * fast as the connection takes them. Resolves when the connection is closed, with what the
 * server answered and when (ms since the connection opened).
 */
function exchange(
  port: number,
  head: string,
  body: { piece: Buffer; total: number; prefix?: string; everyMs?: number; chunked?: boolean },
): Promise<Exchange> & { socket: Socket } {
  const socket = connect(port, "127.0.0.1");
  const started = Date.now();
  let answer = "";
  let sent = 0;
  const frame = (bytes: Buffer) =>
    body.chunked
      ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")])
      : bytes;
  const promise = new Promise<Exchange>((resolve) => {
    socket.on("error", () => {});
    socket.on("close", () => resolve({ answer, ms: Date.now() - started, sent }));
    socket.on("data", (data) => {
      answer += data.toString("latin1");
    });
    const write = () => {
      while (!answer && sent < body.total && !socket.destroyed) {
        const ok = socket.write(frame(body.piece));
        sent += body.piece.length;
        if (body.everyMs) {
          setTimeout(write, body.everyMs);
          return;
        }
        if (!ok) {
          socket.once("drain", write);
          return;
        }
      }
      // Answered (or all sent): stop sending.
      if (!socket.destroyed) socket.end();
    };
    socket.once("connect", () => {
      socket.write(head);
      if (body.prefix) socket.write(frame(Buffer.from(body.prefix, "latin1")));
      write();
    });
  });
  return Object.assign(promise, { socket });
}

function postHead(
  server: E2EServer,
  path: string,
  type: string,
  length: number | "chunked",
  cookie?: string,
) {
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.url}\r\n` +
    `Content-Type: ${type}\r\n` +
    (length === "chunked" ? "Transfer-Encoding: chunked\r\n" : `Content-Length: ${length}\r\n`) +
    (cookie ? `Cookie: __session=${cookie}\r\n` : "") +
    "\r\n"
  );
}

const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
const fieldStart = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`;
const statusOf = (answer: string) => Number(answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0);
/** The highest resident memory the process has had, in MB. */
const peakMb = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmHWM:\s+(\d+) kB/)?.[1] ?? 0) / 1024;

test.describe("bodies and timeouts", () => {
  let server: E2EServer & { child: { pid?: number } };
  test.beforeAll(async () => {
    server = await startServer(PORTS.limits);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("a 300 MB anonymous body is refused at its limit while it streams: 413, memory stays low", async () => {
    test.setTimeout(120_000);
    const piece = Buffer.alloc(64 * 1024, "a");
    const cases: [string, string, string | undefined][] = [
      ["/admin/login", multipart, fieldStart("email")],
      ["/admin/login", "application/x-www-form-urlencoded", "email="],
      ["/admin/forgot-password", multipart, fieldStart("email")],
      ["/newsletter/confirm", "application/json", '{"token":"'],
      ["/newsletter/confirm", "application/xml", "<token>"],
    ];
    for (const [path, type, prefix] of cases) {
      const result = await exchange(server.port, postHead(server, path, type, "chunked"), {
        piece,
        prefix,
        total: 300 * MB,
        chunked: true,
      });
      expect(statusOf(result.answer), `${path} ${type}`).toBe(413);
      expect(result.sent, `${path} ${type}: stopped early`).toBeLessThan(300 * MB);
    }
    expect(peakMb(server.child.pid ?? 0)).toBeLessThan(200);
  });

  test("a client still sending reads the 413 (fetch, declared and chunked)", async () => {
    for (const path of ["/admin/login", "/newsletter", "/newsletter/confirm"]) {
      const declared = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: new Uint8Array(24 * MB).fill(97),
      });
      expect(declared.status, `${path} declared`).toBe(413);
      let sent = 0;
      const chunked = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        duplex: "half",
        body: new ReadableStream({
          pull(controller) {
            if (sent >= 24 * MB) return controller.close();
            sent += 256 * 1024;
            controller.enqueue(new Uint8Array(256 * 1024).fill(97));
          },
        }),
      } as RequestInit);
      expect(chunked.status, `${path} chunked`).toBe(413);
      expect(await chunked.text()).toContain("too large");
    }
  });

  test("slow headers are dropped at 20 s, slow anonymous bodies by 20 s; a signed-in upload may be slow", async () => {
    test.setTimeout(90_000);
    const cookie = await mintSessionCookie(server, server.ensureUser(roleUser("Administrator")));
    const slowHead = exchange(server.port, "GET / HTTP/1.1\r\nHost: x\r\n", {
      piece: Buffer.from("X-Slow: 1\r\n"),
      total: 1000 * 11,
      everyMs: 1000,
    });
    // Declared within the anonymous limit (a larger one is a 413 at once), sent slowly.
    const slowBody = (path: string, who?: string) =>
      exchange(server.port, postHead(server, path, multipart, 32 * 1024, who), {
        prefix: fieldStart("email"),
        piece: Buffer.alloc(16, "a"),
        total: 32 * 1024,
        everyMs: 500,
      });
    const login = slowBody("/admin/login");
    const forgot = slowBody("/admin/forgot-password");
    const upload = slowBody("/admin/media/add", cookie);
    let uploadOpen = true;
    void upload.then(() => {
      uploadOpen = false;
    });
    const [head, loginEnd, forgotEnd] = await Promise.all([slowHead, login, forgot]);
    expect(head.ms).toBeGreaterThan(18_000);
    expect(head.ms).toBeLessThan(23_000);
    for (const end of [loginEnd, forgotEnd]) {
      expect(end.ms).toBeLessThan(23_000);
      expect(statusOf(end.answer)).toBe(408);
    }
    // The signed-in upload goes on after the anonymous ones were dropped.
    await new Promise((r) => setTimeout(r, 3000));
    expect(uploadOpen).toBe(true);
    upload.socket.destroy();
  });

  test("OPTIONS on a page is 204 with Allow; the API keeps its preflight", async () => {
    const allow = async (path: string) => {
      const res = await fetch(`${server.url}${path}`, { method: "OPTIONS" });
      return [res.status, res.headers.get("Allow")];
    };
    expect(await allow("/explore")).toEqual([204, "GET, HEAD, OPTIONS"]);
    expect(await allow("/")).toEqual([204, "GET, HEAD, OPTIONS"]);
    expect(await allow("/admin/login")).toEqual([204, "GET, HEAD, POST, OPTIONS"]);
    expect(await allow("/unsubscribe")).toEqual([204, "GET, HEAD, POST, OPTIONS"]);
    // Under an API prefix: the API's preflight.
    expect(await allow("/newsletter/confirm")).toEqual([204, "GET, POST, OPTIONS"]);
    expect(await allow("/no/such/page/here")).toEqual([204, "GET, HEAD, OPTIONS"]);
    expect(await allow("/get/posts/crypto")).toEqual([204, "GET, POST, OPTIONS"]);
  });

  test("bad bodies and a NUL in the subscribers search are 4xx, never 500", async () => {
    const post = (path: string, type: string, body: BodyInit) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": type, Origin: server.url },
        body,
      }).then((r) => r.status);
    expect(await post("/newsletter/confirm", "application/json", "{bad")).toBe(400);
    expect(await post("/newsletter/confirm", "application/xml", "<token>x</tok")).toBe(400);
    expect(await post("/unsubscribe?token=x", "application/json", "{bad")).toBe(400);
    const big = await exchange(
      server.port,
      postHead(server, "/newsletter/confirm", multipart, "chunked"),
      {
        prefix: fieldStart("token"),
        piece: Buffer.alloc(64 * 1024, "a"),
        total: 20 * MB,
        chunked: true,
      },
    );
    expect(statusOf(big.answer)).toBe(413);
    const cookie = await mintSessionCookie(server, server.ensureUser(roleUser("Administrator")));
    const list = await fetch(`${server.url}/admin/mail/subscribers-list?q=a%00b`, {
      headers: { Cookie: `__session=${cookie}` },
    });
    expect(list.status).toBe(200);
  });
});

test("SIGTERM with a slow upload and a stalled mail server exits 0 within 10 s", async () => {
  test.setTimeout(90_000);
  // A mail server that accepts connections and never says a word.
  const stalled: Socket[] = [];
  const smtp = createServer((socket) => {
    socket.on("error", () => {});
    stalled.push(socket);
  });
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
  const smtpPort = (smtp.address() as { port: number }).port;
  const server = await startServer(PORTS.shutdown, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  try {
    const cookie = await mintSessionCookie(server, server.ensureUser(roleUser("Administrator")));
    const upload = exchange(
      server.port,
      postHead(server, "/admin/media/add", multipart, 50 * MB, cookie),
      {
        // A PNG's first bytes (the type is checked from them), then more of the file, slowly.
        prefix: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n${PNG_START}`,
        piece: Buffer.alloc(1024, 7),
        total: 50 * MB,
        everyMs: 200,
      },
    );
    const queued = await fetch(`${server.url}/newsletter/send`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: server.url,
        Cookie: `__session=${cookie}`,
      },
      body: JSON.stringify({
        email: {
          subject: "Stalled",
          audience: "All Subscribers",
          content: "<p>Hello</p>",
          photo: "",
          attachment: "",
        },
      }),
    });
    expect(queued.status).toBe(200);
    await expect.poll(() => stalled.length, { timeout: 15_000 }).toBeGreaterThan(0);

    const exited = new Promise<number | null>((r) => server.child.once("exit", (code) => r(code)));
    const started = Date.now();
    server.child.kill("SIGTERM");
    const code = await exited;
    const took = Date.now() - started;
    expect(code).toBe(0);
    expect(took).toBeLessThanOrEqual(10_000);
    upload.socket.destroy();
  } finally {
    for (const socket of stalled) socket.destroy();
    smtp.close();
    await server.stop();
  }
});
