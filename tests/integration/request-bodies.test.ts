/**
 * Request bodies before any route runs (app/web/request-guard-node.server.ts, body-gate-node):
 * every body counted as it streams, whatever its encoding; an anonymous one held (at most its
 * limit) until it is whole; a refusal read by a client still sending; slow anonymous bodies
 * dropped; OPTIONS on pages. Then the routes that answered 500 for a bad body, and the
 * subscribers search with a NUL. docs/operations.md "Limits and timeouts".
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runFirstRun } from "#db/seed";
import { toSessionUser } from "~/domain/access/actor.server";
import { listSubscribersForAdmin } from "~/domain/subscribers/staff.server";
import { getDb } from "~/platform/db.server";
import { action as confirmAction } from "~/routes/newsletter-confirm";
import { action as unsubscribeAction } from "~/routes/unsubscribe";
import { guardRequest, ROUTE_LIMITS, routeKind } from "~/web/request-guard-node.server";
import { routeArgs, statusOf } from "../helpers";
import { BASE, makeUser, sessionCookie } from "./fixtures";

const MB = 1024 * 1024;
const BOUNDARY = "----inkwell-bodies";

/** What reached the route: one entry per request it ran for. */
type Reached = { path: string; bytes: number; wholeOnArrival: boolean };
let reached: Reached[] = [];
let server: Server;
let base = "";

beforeAll(async () => {
  runFirstRun(getDb(), {
    adminEmail: "admin@inkwell.test",
    adminPassword: undefined,
    seedDemo: false,
  });
  server = createServer((req, res) =>
    guardRequest(
      req,
      res,
      () => {
        const entry = { path: req.url ?? "", bytes: 0, wholeOnArrival: req.complete };
        reached.push(entry);
        req.on("data", (chunk: Buffer) => {
          entry.bytes += chunk.length;
        });
        req.on("end", () => res.end(`read ${entry.bytes}`));
        req.on("error", () => {});
      },
      (path) => (path === "/with-form" ? "GET, HEAD, POST, OPTIONS" : "GET, HEAD, OPTIONS"),
    ),
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  reached = [];
});

/** A body streamed in 64 KB pieces (sent chunked), `size` bytes after `prefix`. */
function streamed(size: number, prefix = "") {
  let sent = 0;
  let first = true;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (first) {
        first = false;
        if (prefix) return controller.enqueue(new TextEncoder().encode(prefix));
      }
      if (sent >= size) return controller.close();
      const piece = Math.min(64 * 1024, size - sent);
      sent += piece;
      controller.enqueue(new Uint8Array(piece).fill(97));
    },
  });
}

function post(path: string, type: string, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": type, ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
const field = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`;

/** Every encoding an anonymous form may come in, with the start of its body. */
const ENCODINGS: [string, string][] = [
  ["application/x-www-form-urlencoded", "email="],
  [multipart, field("email")],
  ["application/json", '{"token":"'],
  ["application/xml", "<token>"],
];

describe("anonymous bodies", () => {
  it("over 64 KB, streamed in any encoding, are refused 413 and never reach the route", async () => {
    for (const path of ["/admin/login", "/admin/forgot-password", "/newsletter/confirm"]) {
      for (const [type, prefix] of ENCODINGS) {
        const res = await post(path, type, streamed(8 * MB, prefix));
        expect(res.status, `${path} ${type}`).toBe(413);
        expect(await res.text()).toContain("the limit here is 64 KB");
      }
    }
    // Declared too: refused before a byte is read, and the client (still sending) reads the answer.
    const declared = await post("/admin/login", multipart, new Uint8Array(8 * MB).fill(97));
    expect(declared.status).toBe(413);
    expect(reached).toEqual([]);
  });

  it("within 64 KB reach the route whole, once", async () => {
    for (const [type, prefix] of ENCODINGS) {
      const res = await post("/admin/login", type, streamed(60 * 1024, prefix));
      expect(res.status).toBe(200);
    }
    expect(reached).toHaveLength(ENCODINGS.length);
    for (const entry of reached) {
      expect(entry.wholeOnArrival).toBe(true);
      expect(entry.bytes).toBeGreaterThanOrEqual(60 * 1024);
    }
  });

  it("a multipart form under /admin is an upload only for a signed-in staff member", async () => {
    const anonymous = await post("/admin/media/add", multipart, streamed(2 * MB, field("file")));
    expect(anonymous.status).toBe(413);
    const forged = await post("/admin/media/add", multipart, streamed(2 * MB, field("file")), {
      Cookie: "__session=forged",
    });
    expect(forged.status).toBe(413);
    expect(reached).toEqual([]);

    const cookie = await sessionCookie(makeUser("Editor"));
    const signedIn = await post("/admin/media/add", multipart, streamed(2 * MB, field("file")), {
      Cookie: cookie,
    });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toBe(`read ${2 * MB + field("file").length}`);
    // Streamed to the route as it arrived, not held.
    expect(reached).toEqual([expect.objectContaining({ wholeOnArrival: false })]);
  });

  it("a staff body is counted while the route reads it: 413 past 4 MB, read by the client", async () => {
    const res = await post("/posts/add", "application/json", streamed(12 * MB, '{"content":"'));
    expect(res.status).toBe(413);
    expect(reached).toHaveLength(1);
    expect(reached[0]?.bytes).toBeLessThanOrEqual(4 * MB);
  });

  it("a slow anonymous body is dropped (408) within its time, never the upload time", async () => {
    expect(routeKind("POST", "/admin/login", multipart)).toBe("public");
    expect(routeKind("POST", "/admin/forgot-password", multipart)).toBe("public");
    expect(routeKind("POST", "/admin/media/add", multipart, true)).toBe("upload");
    expect(ROUTE_LIMITS.public.bodyTimeoutMs).toBeLessThanOrEqual(20_000);
    const kept = ROUTE_LIMITS.public.bodyTimeoutMs;
    ROUTE_LIMITS.public.bodyTimeoutMs = 300;
    try {
      let timer: NodeJS.Timeout | undefined;
      const trickle = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(field("email")));
          timer = setInterval(() => controller.enqueue(new Uint8Array([97])), 50);
        },
        cancel() {
          clearInterval(timer);
        },
      });
      const started = Date.now();
      const res = await post("/admin/login", multipart, trickle).catch(() => null);
      clearInterval(timer);
      expect(res?.status ?? 408).toBe(408);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      ROUTE_LIMITS.public.bodyTimeoutMs = kept;
    }
    expect(reached).toEqual([]);
  });
});

describe("OPTIONS", () => {
  it("on a page is 204 with the page's Allow; on an API path the CORS preflight", async () => {
    const page = await fetch(`${base}/explore`, { method: "OPTIONS" });
    expect(page.status).toBe(204);
    expect(page.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
    const form = await fetch(`${base}/with-form`, { method: "OPTIONS" });
    expect(form.headers.get("Allow")).toBe("GET, HEAD, POST, OPTIONS");
    const api = await fetch(`${base}/get/posts/crypto`, { method: "OPTIONS" });
    expect(api.status).toBe(204);
    expect(api.headers.get("Allow")).toBe("GET, POST, OPTIONS");
    expect(reached).toEqual([]);
  });
});

describe("routes given a body they cannot read", () => {
  const request = (path: string, type: string, body: string) =>
    new Request(`${BASE}${path}`, { method: "POST", headers: { "Content-Type": type }, body });

  it("/newsletter/confirm answers 400 for malformed JSON or XML, 413 or 400 for a huge form", async () => {
    for (const [type, body] of [
      ["application/json", "{bad"],
      ["application/xml", "<token>x</tok"],
      ["text/plain", "not json"],
    ] as const) {
      const answer = await confirmAction(routeArgs(request("/newsletter/confirm", type, body)));
      expect(statusOf(answer), type).toBe(400);
    }
    const huge = `${field("token")}${"a".repeat(256 * 1024)}\r\n--${BOUNDARY}--\r\n`;
    const answer = await confirmAction(routeArgs(request("/newsletter/confirm", multipart, huge)));
    expect([400, 413]).toContain(statusOf(answer));
  });

  it("/unsubscribe?token= answers 400 for malformed JSON", async () => {
    const answer = await unsubscribeAction(
      routeArgs(request("/unsubscribe?token=x", "application/json", "{bad")),
    );
    expect(statusOf(answer)).toBe(400);
  });
});

describe("the subscribers search", () => {
  it("leaves control characters (a NUL) out instead of failing", () => {
    const admin = toSessionUser(makeUser("Administrator"));
    for (const q of ["a\0b", "\0", "ab\0c@example.com", "x\u0007y"]) {
      const page = listSubscribersForAdmin(admin, new URLSearchParams({ q }));
      expect(page.filter.q).not.toMatch(/\p{Cc}/u);
    }
  });
});
