/**
 * The structured log, health and metrics of a real `node server.js` (docs/operations.md
 * "Health and metrics", "Logs"): a staff sign-in, a password change, API calls with an API key
 * (in the body and in a query string), reader pages with tokens in their query; then every line
 * the server wrote is JSON, each request has its line with the documented fields, and no line
 * holds a password, a cookie value, the API key, a token or the metrics token.
 */
import type { ChildProcess } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, expect, request, test } from "@playwright/test";
import { parsePrometheusText } from "../support/prometheus-text";
import {
  E2E_ADMIN,
  E2E_PORT_BASE,
  serverEnv,
  spawnServer,
  stopServer,
  TEMPLATE_DATA_DIR,
} from "./fixtures";

const PORT = E2E_PORT_BASE + 26;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = join(tmpdir(), `inkwell-e2e-ops-${PORT}`);
const METRICS_TOKEN = "ops-metrics-token-3f9a1c2e7b";
const NEW_PASSWORD = "Changed-pass-4821!";
const READER_TOKEN = "unsubscribe-token-7c1e9b2d44";
const RESET_TOKEN = "reset-token-5a8f3e6d91";

let child: ChildProcess;
let output = "";

test.describe.configure({ mode: "serial", timeout: 90_000 });

test.beforeAll(async () => {
  rmSync(DATA_DIR, { recursive: true, force: true });
  cpSync(TEMPLATE_DATA_DIR, DATA_DIR, { recursive: true });
  child = await spawnServer(
    { ...serverEnv(PORT, DATA_DIR), METRICS_TOKEN, LOG_LEVEL: "info" },
    (chunk) => {
      output += chunk;
    },
  );
});

test.afterAll(async () => {
  if (child) await stopServer(child);
  rmSync(DATA_DIR, { recursive: true, force: true });
});

type Line = Record<string, unknown>;

async function json(response: Awaited<ReturnType<APIRequestContext["get"]>>) {
  const text = await response.text();
  expect(response.status(), text).toBe(200);
  return JSON.parse(text);
}

test("every request is one JSON log line with no secret in it; health and metrics answer", async () => {
  const secrets: string[] = [
    E2E_ADMIN.password,
    NEW_PASSWORD,
    READER_TOKEN,
    RESET_TOKEN,
    METRICS_TOKEN,
  ];
  const staff = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
  const reader = await request.newContext({ baseURL: BASE });

  // Staff: the sign-in form, then the password change form.
  const signIn = await staff.post("/admin/login", {
    form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    headers: { "X-Request-Id": "ops-e2e-signin" },
  });
  expect(signIn.status()).toBe(200);
  expect(signIn.url()).not.toContain("/admin/login");
  const changed = await staff.post("/admin/users/profile?mode=password", {
    form: { intent: "password", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  });
  expect(changed.status()).toBe(200);
  expect(await changed.text()).toContain("Password updated successfully!");

  // The API: sign in with the new password, read the own apiKey, call with it.
  const me = await json(
    await staff.post("/user/admin/authenticate", {
      data: { email: E2E_ADMIN.email, password: NEW_PASSWORD },
    }),
  );
  const { apiKey } = await json(await staff.post("/user/data", { data: { uid: me.user.uid } }));
  expect(apiKey).toEqual(expect.any(String));
  secrets.push(apiKey);
  await json(await staff.get(`/get/dashboard-data?key=${encodeURIComponent(apiKey)}`));
  await json(await staff.post("/crud/get/docs", { data: { collection: "tags", key: apiKey } }));
  for (const cookie of (await staff.storageState()).cookies) secrets.push(cookie.value);

  // Readers: tokens in query strings, and the home page twice (rendered, then from memory).
  await reader.get(`/unsubscribe?token=${READER_TOKEN}`);
  await reader.get(`/admin/reset-password?token=${RESET_TOKEN}`);
  const home = await reader.get("/", { headers: { "X-Request-Id": "ops-e2e-home" } });
  expect(home.headers()["x-request-id"]).toBe("ops-e2e-home");
  await reader.get("/");
  await reader.get("/search?q=bitcoin");

  // Health, readiness, metrics.
  const health = await reader.get("/healthz");
  expect(health.status()).toBe(200);
  expect(await health.text()).toBe("ok");
  const ready = await reader.get("/readyz");
  expect(ready.status(), await ready.text()).toBe(200);
  expect(ready.headers()["cache-control"]).toBe("no-store");
  expect((await reader.get("/metrics")).status()).toBe(401);
  const metrics = await reader.get("/metrics", {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(metrics.status()).toBe(200);
  const samples = parsePrometheusText(await metrics.text());
  const groups = new Set(
    samples.filter((s) => s.name === "inkwell_http_requests_total").map((s) => s.labels.route),
  );
  for (const group of ["home", "page", "search", "api", "admin", "account"]) {
    expect(groups, group).toContain(group);
  }
  for (const s of samples) expect(s.labels.route ?? "home").not.toMatch(/[/?=]/);

  await staff.dispose();
  await reader.dispose();
  await stopServer(child);

  // Every line is JSON; the requests' lines carry the documented fields.
  const lines: Line[] = output
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => {
      try {
        return JSON.parse(l) as Line;
      } catch {
        throw new Error(`not a JSON log line: ${l}`);
      }
    });
  expect(lines.some((l) => String(l.msg).startsWith("Inkwell is serving"))).toBe(true);
  const requests = lines.filter((l) => typeof l.reqId === "string");
  for (const l of requests) {
    expect(Object.keys(l)).toEqual(
      expect.arrayContaining(["time", "reqId", "method", "route", "status", "ms", "bytes"]),
    );
    expect(String(l.route)).not.toContain("?");
  }
  const byRoute = (route: string) => requests.filter((l) => l.route === route);
  expect(byRoute("/admin/login").map((l) => l.reqId)).toContain("ops-e2e-signin");
  expect(byRoute("/admin/users/profile")[0]).toMatchObject({ method: "POST", status: 303 });
  expect(byRoute("/get/dashboard-data")[0]).toMatchObject({ method: "GET", status: 200 });
  expect(byRoute("/unsubscribe")).toHaveLength(1);
  expect(byRoute("/admin/reset-password")).toHaveLength(1);
  expect(byRoute("/").map((l) => l.cache)).toEqual(["MISS", "HIT"]);
  expect(byRoute("/")[0].reqId).toBe("ops-e2e-home");
  expect(
    lines.some((l) => l.msg === "SIGTERM: finishing the requests in flight, then closing…"),
  ).toBe(true);

  // No secret anywhere in what the server wrote.
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(8);
    expect(output, `a secret (${secret.slice(0, 3)}…) was logged`).not.toContain(secret);
  }
});
