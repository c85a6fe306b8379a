/**
 * No request breaks it: every route module of app/routes.ts, loader and
 * action, meets a corpus of hostile requests (odd methods, malformed and
 * oversized bodies, odd parameters) and never answers 5xx or throws a fault;
 * every method not served is 405 with `Allow` before any route runs; redirect
 * targets stay on the site and are encoded.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts } from "#db/schema";
import { runFirstRun } from "#db/seed";
import { getDb } from "~/platform/db.server";
import { middleware } from "~/root";
import routes from "~/routes";
import { action as loginAction } from "~/routes/admin.login";
import { action as likeAction } from "~/routes/api.posts-like";
import { action as shareAction } from "~/routes/api.posts-share";
import { action as updateAction } from "~/routes/api.posts-update";
import { action as setThemeAction } from "~/routes/resources/set-theme";
import { safeRedirectPath } from "~/utils/redirect";
import { crossSitePagePost, guardRequest, refuseRequest } from "~/web/request-guard-node.server";
import { routeArgs } from "../helpers";
import { BASE, makeCategory, makePost, makeUser, PASSWORD, sessionCookie } from "./fixtures";

type Entry = { path?: string; file: string; index?: boolean; children?: Entry[] };

function flatten(entries: Entry[], prefix = ""): { path: string; file: string }[] {
  return entries.flatMap((e) => {
    const path = e.path ? `${prefix}/${e.path}` : prefix || "/";
    const own = e.path !== undefined || e.index ? [{ path, file: e.file }] : [];
    return [...own, ...flatten(e.children ?? [], e.path ? path : prefix)];
  });
}

const ROUTES = flatten(routes as Entry[]);
const concrete = (path: string, value: string) =>
  path.replace(/:\w+/g, value).replace(/\*/, value).replace(/\/+/g, "/");

const NOT_SERVED = ["TRACE", "PUT", "PATCH", "DELETE", "CONNECT", "PROPFIND", "FOO"];

beforeAll(() => {
  runFirstRun(getDb(), {
    adminEmail: "admin@inkwell.test",
    adminPassword: undefined,
    seedDemo: false,
  });
});

describe("methods not served", () => {
  it("answer 405 with Allow on every route (JSON on API paths), before any route runs", () => {
    expect(ROUTES.length).toBeGreaterThan(50);
    for (const { path } of ROUTES) {
      const url = concrete(path, "1");
      for (const method of NOT_SERVED) {
        const refused = refuseRequest(method, url, {});
        expect(refused?.status, `${method} ${url}`).toBe(405);
        expect(refused?.headers.Allow).toBe("GET, HEAD, POST, OPTIONS");
        if (refused?.headers["Content-Type"] === "application/json") {
          expect(JSON.parse(refused.body)).toMatchObject({ type: "error" });
        }
      }
      for (const method of ["GET", "HEAD", "POST", "OPTIONS"]) {
        expect(refuseRequest(method, url, {}), `${method} ${url}`).toBeNull();
      }
    }
    expect(refuseRequest("TRACE", "/posts/like/1", {})?.headers["Content-Type"]).toBe(
      "application/json",
    );
  });

  it("PUT, PATCH and DELETE on the reader calls are 405 and move no counter", async () => {
    const post = makePost({ title: "Counted", category: makeCategory("Counting") });
    for (const [action, path] of [
      [likeAction, "like"],
      [shareAction, "share"],
      [updateAction, "update"],
    ] as const) {
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const request = new Request(`${BASE}/posts/${path}/${post.id}`, { method });
        const res = (await action(routeArgs(request, { id: String(post.id) }))) as Response;
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("Allow")).toContain("POST");
        expect(await res.json()).toMatchObject({ type: "error" });
      }
    }
    const row = getDb()
      .select()
      .from(posts)
      .all()
      .find((p) => p.id === post.id);
    expect(row).toMatchObject({ likes: 0, shares: 0 });
  });
});

describe("cross-site posts and read-only routes", () => {
  it("a form post from another site to a page is 403; the API keeps its own rules", () => {
    const host = "127.0.0.1:3500";
    for (const origin of ["http://evil.example", "null", "not a url"]) {
      expect(crossSitePagePost("POST", "/admin/login", { origin, host })?.status).toBe(403);
    }
    expect(
      crossSitePagePost("POST", "/admin/login", { origin: `http://${host}`, host }),
    ).toBeNull();
    expect(crossSitePagePost("POST", "/admin/login", { host })).toBeNull();
    expect(crossSitePagePost("GET", "/", { origin: "http://evil.example", host })).toBeNull();
    expect(
      crossSitePagePost("POST", "/newsletter/unsubscribe", { origin: "http://mail.example", host }),
    ).toBeNull();
    // Other servers post to these; no cookie acts there.
    for (const path of ["/webmention", "/websub", "/ap/inbox", "/ap/users/3/inbox"]) {
      expect(crossSitePagePost("POST", path, { origin: "http://other.example", host })).toBeNull();
    }
    expect(
      crossSitePagePost("POST", "/ap/inbox/x", { origin: "http://other.example", host })?.status,
    ).toBe(403);
  });

  it("a POST to a route that only reads is 405 with Allow, JSON on API paths", async () => {
    const [first] = middleware;
    const run = async (path: string) =>
      (await first?.(
        // biome-ignore lint/suspicious/noExplicitAny: the middleware's argument type is generated.
        { request: new Request(`${BASE}${path}`, { method: "POST" }) } as any,
        async () => new Response("Unexpected Server Error", { status: 405 }),
      )) as Response;
    const api = await run("/get/posts/crypto");
    expect(api.status).toBe(405);
    expect(api.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
    expect(await api.json()).toMatchObject({ type: "error" });
    const page = await run("/explore");
    expect(page.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
  });
});

describe("body limits", () => {
  it("refuse a declared body over the route's limit before reading it", () => {
    const huge = { "content-length": String(300 * 1024 * 1024) };
    for (const path of ["/newsletter", "/newsletter/join", "/posts/like/1", "/admin/login", "/"]) {
      expect(refuseRequest("POST", path, huge)?.status, path).toBe(413);
    }
    expect(refuseRequest("POST", "/admin/posts", huge)?.status).toBe(413);
    const upload = { ...huge, "content-type": "multipart/form-data; boundary=x" };
    expect(refuseRequest("POST", "/admin/media/add", upload, true)).toBeNull();
    expect(refuseRequest("POST", "/admin/media/add", upload)?.status).toBe(413);
    expect(refuseRequest("POST", "/upload/image", upload)).toBeNull();
    expect(refuseRequest("POST", "/newsletter", upload)?.status).toBe(413);
  });

  describe("on a real socket", () => {
    let server: Server;
    let port = 0;
    beforeAll(async () => {
      server = createServer((req, res) =>
        guardRequest(req, res, () => {
          req.resume();
          req.on("end", () => res.end("ok"));
        }),
      );
      await new Promise<void>((r) => server.listen(3935, "127.0.0.1", r));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    const send = (method: string, path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
        (resolve, reject) => {
          const req = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (res) => {
            let body = "";
            res.on("data", (c) => {
              body += c;
            });
            res.on("end", () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body }),
            );
          });
          req.on("error", reject);
          // Headers only: a 300 MB body is declared but never sent.
          req.flushHeaders();
        },
      );

    it("TRACE is 405 JSON on an API path, and a 300 MB form is 413 without reading it", async () => {
      const trace = await send("TRACE", "/posts/like/1");
      expect(trace.status).toBe(405);
      expect(trace.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
      expect(JSON.parse(trace.body)).toMatchObject({ type: "error" });
      const big = await send("POST", "/newsletter", {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(300 * 1024 * 1024),
      });
      expect(big.status).toBe(413);
      expect(big.headers.connection).toBe("close");
    });
  });
});

describe("redirect targets", () => {
  it("stay on the site and are percent-encoded", () => {
    expect(safeRedirectPath("/€?q=¿")).toBe("/%E2%82%AC?q=%C2%BF");
    expect(safeRedirectPath("/explore?x=1")).toBe("/explore?x=1");
    expect(safeRedirectPath("/a%20b")).toBe("/a%20b");
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "/\u0000x",
      "/x\u007f",
    ]) {
      expect(safeRedirectPath(bad)).toBe("/");
    }
  });

  it("after setting the theme and after a correct login carry only ASCII", async () => {
    const form = new URLSearchParams({ theme: "dark", redirectTo: "/tag/€?q=¿" });
    const res = (await setThemeAction(
      routeArgs(
        new Request(`${BASE}/action/set-theme`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: form,
        }),
      ),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/tag/%E2%82%AC?q=%C2%BF");

    const user = makeUser("Editor");
    const login = new Request(
      `${BASE}/admin/login?${new URLSearchParams({ redirectTo: "/admin/posts?q=€" })}`,
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: user.email, password: PASSWORD }),
      },
    );
    let answer: unknown;
    try {
      answer = await loginAction(routeArgs(login));
    } catch (thrown) {
      answer = thrown;
    }
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe("/admin/posts?q=%E2%82%AC");
  });
});

/** Hostile requests for one path: odd parameters, bodies and types. */
const PARAM_VALUES = ["1", "%", "0", "99999999999999999999", "-1", "x".repeat(300), "€", "../.."];

function corpus(path: string, cookie: string): { value: string; request: Request }[] {
  const urls = PARAM_VALUES.map((value) => ({
    value,
    url: `${BASE}${concrete(path, encodeURIComponent(value))}?redirectTo=%E2%82%AC&page=-5&q=%00`,
  }));
  const bodies: [string, BodyInit][] = [
    ["application/json", "{"],
    ["application/json", "[]"],
    ["application/json", '{"id":{"$gt":1},"email":[1],"name":"a\\nb","key":null}'],
    ["application/x-www-form-urlencoded", "intent=%FF&%=&redirectTo=//evil&email=a%0Ab"],
    ["multipart/form-data; boundary=zz", "--zz\r\nbroken"],
    ["text/plain", "\u0000\u0001"],
    ["application/octet-stream", new Uint8Array([0xff, 0xfe, 0x00])],
  ];
  const out: { value: string; request: Request }[] = [];
  for (const { value, url } of urls) {
    const add = (request: Request) => {
      out.push({ value, request });
      // The same request from a signed-in Administrator.
      const signedIn = request.clone();
      const headers = new Headers(signedIn.headers);
      headers.set("Cookie", cookie);
      out.push({ value, request: new Request(signedIn, { headers }) });
    };
    add(new Request(url));
    for (const [type, body] of bodies) {
      add(new Request(url, { method: "POST", headers: { "Content-Type": type }, body }));
    }
    add(new Request(url, { method: "DELETE" }));
    add(new Request(url, { method: "PUT", body: "{}" }));
  }
  return out;
}

function statusOf(value: unknown): number {
  if (value instanceof Response) return value.status;
  const wrapped = value as { type?: string; init?: { status?: number } | null };
  if (wrapped?.type === "DataWithResponseInit") return wrapped.init?.status ?? 200;
  return 200;
}

describe("a hostile corpus over every route", () => {
  it("never gets a 5xx or a fault from any loader or action", async () => {
    const faults: string[] = [];
    let calls = 0;
    const cookie = await sessionCookie(makeUser("Administrator"));
    for (const { path, file } of ROUTES) {
      const mod = (await import(/* @vite-ignore */ `~/${file}`)) as Record<string, unknown>;
      for (const kind of ["loader", "action"] as const) {
        const fn = mod[kind] as ((args: unknown) => unknown) | undefined;
        if (typeof fn !== "function") continue;
        for (const { value, request } of corpus(path, cookie)) {
          if (kind === "loader" && request.method !== "GET") continue;
          if (kind === "action" && request.method === "GET") continue;
          const params = Object.fromEntries(
            [...path.matchAll(/:(\w+)|\*/g)].map(([all, name]) => [name ?? all, value]),
          );
          calls += 1;
          let status: number;
          try {
            status = statusOf(await fn(routeArgs(request, params)));
          } catch (thrown) {
            // React Router answers anything thrown but a Response or `data()` with a 500,
            // a DomainError included: a route turns its refusals into answers itself.
            status = statusOf(thrown);
            if (!(thrown instanceof Response)) {
              const wrapped = thrown as { type?: string };
              if (wrapped?.type !== "DataWithResponseInit") status = 500;
            }
          }
          if (status >= 500) faults.push(`${kind} ${request.method} ${request.url} → ${status}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(1000);
    expect(faults).toEqual([]);
  }, 180_000);
});
