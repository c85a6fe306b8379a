/**
 * app/web/api.server.ts: JSON bodies, the error wrapper, CORS and the root
 * middleware's same-origin check for allowed front ends.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { notFound } from "~/domain/errors.server";
import { middleware } from "~/root";
import {
  apiHandler,
  isApiPath,
  postOnlyLoader,
  preflight,
  readJson,
  readJsonBody,
} from "~/web/api.server";
import { routeArgs } from "../helpers";

const BASE = "http://127.0.0.1:3500";
const FRONT = "https://app.example.com";

function post(path: string, body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { status: number; message: string };
  }
  throw new Error("expected a rejection");
}

afterEach(() => {
  delete process.env.ALLOWED_ORIGINS;
  vi.restoreAllMocks();
});

describe("readJson", () => {
  it("parses a JSON body and validates it with a schema", async () => {
    expect(await readJson(post("/crud/get/docs", '{"a":1}'))).toEqual({ a: 1 });
    const schema = z.object({ collection: z.string() });
    expect(await readJsonBody(post("/x", '{"collection":"posts"}'), schema)).toEqual({
      collection: "posts",
    });
    const wrong = await rejection(readJsonBody(post("/x", '{"collection":3}'), schema));
    expect(wrong.status).toBe(400);
    expect(wrong.message).toMatch(/^collection: /);
  });

  it("accepts application/json with a charset and +json types", async () => {
    expect(
      await readJson(post("/x", "[1]", { "Content-Type": "application/json; charset=utf-8" })),
    ).toEqual([1]);
    expect(await readJson(post("/x", "2", { "Content-Type": "application/ld+json" }))).toBe(2);
  });

  it.each([
    ["bad JSON", post("/x", "{nope"), /not valid JSON/],
    ["an empty body", post("/x", ""), /Expected a JSON body/],
    ["no body", post("/x", null), /Expected a JSON body/],
    [
      "a form body",
      post("/x", "a=1", { "Content-Type": "application/x-www-form-urlencoded" }),
      /Content-Type: application\/json/,
    ],
    ["text/plain", post("/x", "{}", { "Content-Type": "text/plain" }), /Content-Type/],
    ["invalid UTF-8", post("/x", new Uint8Array([0x22, 0xff, 0x22])), /UTF-8/],
    ["a deeply nested body", post("/x", "[".repeat(200_000)), /not valid JSON/],
  ])("answers 400 for %s", async (_name, request, message) => {
    const error = await rejection(readJson(request));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(message);
  });

  it("refuses a body over the limit while reading it, whatever Content-Length says", async () => {
    const big = JSON.stringify({ content: "x".repeat(5000) });
    const error = await rejection(readJson(post("/x", big), { maxBytes: 1024 }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/too large/);
    const declared = post("/x", "{}", { "Content-Length": String(10 * 1024 * 1024) });
    expect((await rejection(readJson(declared))).status).toBe(400);
  });
});

describe("apiHandler", () => {
  it("sends a returned value as JSON and a DomainError as {type, message} with its status", async () => {
    const ok = await apiHandler(() => ({ type: "success", n: 1 }))(routeArgs(post("/x", "{}")));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ type: "success", n: 1 });

    const missing = await apiHandler(() => {
      throw notFound("No such post");
    })(routeArgs(post("/x", "{}")));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ type: "error", message: "No such post" });

    const bad = await apiHandler(async ({ request }) => readJson(request))(
      routeArgs(post("/x", "{")),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ type: "error", message: "The body is not valid JSON" });
    expect(bad.headers.get("Vary")).toMatch(/Origin/);
  });

  it("logs a fault and answers 500 without details", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await apiHandler(() => {
      throw new Error("secret database detail");
    })(routeArgs(post("/crud/get/docs", "{}")));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ type: "error", message: "Internal error" });
    expect(log).toHaveBeenCalledOnce();
  });

  it("passes a thrown Response through (a redirect, say)", async () => {
    const res = await apiHandler(() => {
      throw Response.redirect(`${BASE}/admin/login`, 302);
    })(routeArgs(post("/x", "{}")));
    expect(res.status).toBe(302);
    expect(res.headers.get("Vary")).toBe("Origin");
  });

  it("answers GET on a POST-only route with 405", async () => {
    const res = await postOnlyLoader(routeArgs(new Request(`${BASE}/crud/get/docs`)));
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST, OPTIONS");
    expect(await res.json()).toEqual({ type: "error", message: "Use POST for /crud/get/docs" });
  });
});

describe("CORS", () => {
  const options = (path: string, origin?: string) =>
    new Request(`${BASE}${path}`, {
      method: "OPTIONS",
      headers: {
        ...(origin ? { Origin: origin } : {}),
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });

  it("allows no origin by default", async () => {
    const res = preflight(options("/crud/get/docs", FRONT));
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(res.headers.get("Vary")).toBe("Origin");
    const call = await apiHandler(() => ({ ok: true }))(
      routeArgs(post("/crud/get/docs", "{}", { Origin: FRONT })),
    );
    expect(call.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("answers the preflight and the call for an origin in ALLOWED_ORIGINS", async () => {
    process.env.ALLOWED_ORIGINS = `${FRONT}, http://localhost:5173`;
    const res = await postOnlyLoader(routeArgs(options("/crud/get/docs", FRONT)));
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(FRONT);
    expect(res.headers.get("Access-Control-Allow-Methods")).toBe("GET, POST, OPTIONS");
    expect(res.headers.get("Access-Control-Allow-Headers")).toMatch(/Content-Type/);
    expect(res.headers.get("Access-Control-Max-Age")).toBe("600");
    expect(res.headers.get("Vary")).toBe("Origin");

    const call = await apiHandler(() => ({ ok: true }))(
      routeArgs(post("/crud/get/docs", "{}", { Origin: "http://localhost:5173" })),
    );
    expect(call.headers.get("Access-Control-Allow-Origin")).toBe("http://localhost:5173");
    expect(call.headers.get("Access-Control-Allow-Credentials")).toBeNull();

    const other = preflight(options("/crud/get/docs", "https://evil.example"));
    expect(other.headers.get("Access-Control-Allow-Origin")).toBeNull();
    // Only the API paths answer CORS; pages never do.
    expect(
      preflight(options("/admin/posts", FRONT)).headers.get("Access-Control-Allow-Origin"),
    ).toBeNull();
  });

  it("knows the API paths of docs/api.md", () => {
    for (const path of [
      "/crud/get/docs",
      "/get/nextid",
      "/upload/image",
      "/posts/add",
      "/user/data",
      "/newsletter/join",
      "/get/setting-data",
    ]) {
      expect(isApiPath(path)).toBe(true);
    }
    for (const path of [
      "/",
      "/admin/posts",
      "/12/crypto/a-post",
      "/category/crypto",
      "/getaway",
      "/newsletter",
      "/get/",
    ]) {
      expect(isApiPath(path)).toBe(false);
    }
  });

  it("refuses a bad ALLOWED_ORIGINS value with a message naming it", async () => {
    const { readEnv } = await import("~/platform/env.server");
    expect(() => readEnv({ ALLOWED_ORIGINS: "https://a.example/path" })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => readEnv({ ALLOWED_ORIGINS: "ftp://a.example" })).toThrow(/ALLOWED_ORIGINS/);
    expect(
      readEnv({ ALLOWED_ORIGINS: " https://a.example/ ,,http://b.example:8080" }).allowedOrigins,
    ).toEqual(["https://a.example", "http://b.example:8080"]);
    expect(readEnv({}).allowedOrigins).toEqual([]);
  });
});

describe("root middleware: cross-site check", () => {
  const run = async (request: Request) => {
    const check = middleware[0];
    const next = vi.fn(async () => new Response("ok"));
    try {
      await check({ request, params: {}, context: routeArgs(request).context } as never, next);
    } catch (error) {
      return { status: (error as Response).status, passed: next.mock.calls.length > 0 };
    }
    return { status: 200, passed: next.mock.calls.length > 0 };
  };

  it("refuses cross-site API posts unless the origin is allowed, and never for pages", async () => {
    const apiCall = () => post("/crud/add/doc", "{}", { Origin: FRONT });
    expect(await run(apiCall())).toEqual({ status: 403, passed: false });
    process.env.ALLOWED_ORIGINS = FRONT;
    expect(await run(apiCall())).toEqual({ status: 200, passed: true });
    // An allowed API front end does not get to post the back office's forms.
    expect(await run(post("/admin/posts/add", "{}", { Origin: FRONT }))).toEqual({
      status: 403,
      passed: false,
    });
    expect(await run(post("/crud/add/doc", "{}", { Origin: "https://evil.example" }))).toEqual({
      status: 403,
      passed: false,
    });
    expect(await run(post("/crud/add/doc", "{}", { Origin: BASE }))).toEqual({
      status: 200,
      passed: true,
    });
  });

  it("answers a refused API call in the API's JSON error shape", async () => {
    delete process.env.ALLOWED_ORIGINS;
    const request = post("/crud/get/docs", "{}", { Origin: "https://evil.example" });
    try {
      await middleware[0]?.(
        { request, params: {}, context: routeArgs(request).context } as never,
        vi.fn(async () => new Response("ok")),
      );
      throw new Error("expected a refusal");
    } catch (error) {
      const response = error as Response;
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        type: "error",
        message: "Cross-site request refused",
      });
    }
  });
});
