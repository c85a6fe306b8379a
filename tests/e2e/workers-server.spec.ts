/**
 * WORKERS=2 on real connections (docs/operations.md "More than one core", "Reloading without
 * downtime"): a write through one worker is seen by an anonymous read through the other; a
 * scheduled post goes live once, and again once after the jobs' lease holder is killed; a killed
 * worker is replaced; `npm run reload` under a steady load loses no request. One primary serves
 * every test, in order.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import {
  E2E_ADMIN,
  E2E_PORT_BASE,
  type E2EServer,
  serverEnv,
  startServer,
  stopServer,
  TEMPLATE_DATA_DIR,
} from "./fixtures";

test.describe.configure({ mode: "serial" });

const PORT = E2E_PORT_BASE + 40;
const WARM_PORT = E2E_PORT_BASE + 41;

type Answer = {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
};

/** One request on a connection of its own (so the primary hands each to the next worker). */
function call(
  base: string,
  method: string,
  path: string,
  options: { json?: unknown; cookie?: string } = {},
): Promise<Answer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: {
          Origin: base,
          ...(body ? { "Content-Type": "application/json" } : {}),
          ...(options.cookie ? { Cookie: options.cookie } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => {
          text += d;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function json(base: string, path: string, data: unknown, cookie?: string) {
  const answer = await call(base, "POST", path, { json: data, cookie });
  expect(answer.status, `${path}: ${answer.body.slice(0, 300)}`).toBe(200);
  return { ...answer, data: JSON.parse(answer.body) as Record<string, unknown> };
}

function workerPids(primary: number): number[] {
  const out = spawnSync("ps", ["-o", "pid=", "--ppid", String(primary)], { encoding: "utf8" });
  return out.stdout
    .split("\n")
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);
}

async function waitFor<T>(
  what: string,
  ms: number,
  probe: () => T | undefined | false,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let server: E2EServer & { child: import("node:child_process").ChildProcess };
let output = "";
let key = "";
let post: Record<string, unknown>;
/** The post's page now (its slug follows its title). */
let postUrl = "";

function viewTotals(dataDir: string) {
  const db = new Database(join(dataDir, "app.db"), { readonly: true });
  try {
    return db
      .prepare(
        "select (select sum(views) from posts) as posts, (select sum(views) from daily_views) as days",
      )
      .get();
  } finally {
    db.close();
  }
}

test("the warm start keeps the home, its sections and the most-read posts, counting no view", async () => {
  test.setTimeout(60_000);
  const dataDir = join(tmpdir(), `inkwell-e2e-worker-${WARM_PORT}`);
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(TEMPLATE_DATA_DIR, dataDir, { recursive: true });
  const before = viewTotals(dataDir);
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...serverEnv(WARM_PORT, dataDir), WARM_START: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d) => {
    log += d;
  });
  child.stderr?.on("data", (d) => {
    log += d;
  });
  try {
    await waitFor("the server serving", 45_000, () => log.includes("Inkwell is serving"));
    const [, kept, tried] = /Warm start: (\d+) of (\d+) pages kept in \d+ ms/.exec(log) ?? [];
    // The home, at least three section categories, 50 posts.
    expect(Number(kept)).toBeGreaterThanOrEqual(54);
    expect(kept).toBe(tried);
    // The warm start comes before the server listens.
    expect(log.indexOf("Warm start:")).toBeLessThan(log.indexOf("Inkwell is serving"));
    await new Promise((r) => setTimeout(r, 1_500)); // views are written within a second
    expect(viewTotals(dataDir)).toEqual(before);
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.describe("WORKERS=2", () => {
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startServer(PORT, { WORKERS: "2", WARM_START: "0" });
    server.child.stdout?.on("data", (d) => {
      output += d;
    });
    server.child.stderr?.on("data", (d) => {
      output += d;
    });
    const signIn = await json(server.url, "/user/admin/authenticate", E2E_ADMIN);
    const cookie = [signIn.headers["set-cookie"] ?? []]
      .flat()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = signIn.data.user as { uid: string };
    key = (await json(server.url, "/user/data", { uid: me.uid }, cookie)).data.apiKey as string;
    const docs = await json(server.url, "/crud/get/docs", {
      collection: "posts",
      key,
      query: [["status", "==", "published"]],
      limit: 1,
    });
    post = (docs.data.data as Record<string, unknown>[])[0];
    postUrl = String(post.url);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("each anonymous read shows the write before it, whichever worker answers", async () => {
    test.setTimeout(60_000);
    const stale: string[] = [];
    for (let round = 0; round < 100; round += 1) {
      const title = `Worker round ${round} ${Date.now().toString(36)}`;
      const saved = await json(server.url, "/crud/update/doc", {
        collection: "posts",
        uid: post.uid,
        data: {
          title,
          summary: post.summary,
          content: post.content,
          category: post.category,
          tags: post.tags,
          photo: post.photo,
          status: "published",
        },
        key,
      });
      postUrl = (saved.data.data as { url: string }).url;
      const page = await call(server.url, "GET", postUrl);
      if (page.status !== 200 || !page.body.includes(title)) stale.push(`${round}: ${page.status}`);
    }
    expect(stale).toEqual([]);
  });

  /** Schedules a new post `inMs` from now through the API; its id and due time. */
  async function schedule(inMs: number) {
    const id = (await json(server.url, "/get/nextid", { collection: "posts", apiKey: key })).data
      .id as number;
    const publishAt = Date.now() + inMs;
    await json(server.url, "/posts/add", {
      id,
      status: "scheduled",
      publishAt,
      title: `Scheduled across workers ${id}`,
      url: "",
      summary: "Goes live once.",
      content: "<p>Once.</p>",
      category: post.category,
      tags: [],
      photo: null,
      key,
    });
    return { id, publishAt };
  }

  function publishedRevisions(id: number): number {
    return server.queryOne<{ n: number }>(
      "select count(*) as n from post_revisions where post_id = ? and status = 'published'",
      id,
    ).n;
  }

  function isPublished(id: number) {
    return (
      server.queryOne<{ status: string }>("select status from posts where id = ?", id).status ===
      "published"
    );
  }

  test("a scheduled post goes live once, and again once after the lease holder is killed", async () => {
    test.setTimeout(60_000);
    const first = await schedule(1_500);
    await waitFor("the first post live", 1_500 + 6_000, () => isPublished(first.id));
    expect(publishedRevisions(first.id)).toBe(1);

    const holder = Number(
      server.queryOne<{ holder: string }>("select holder from job_leases where name = 'jobs'")
        .holder,
    );
    expect(workerPids(server.child.pid as number)).toContain(holder);
    const second = await schedule(2_000);
    process.kill(holder, "SIGKILL");
    const killedAt = Date.now();
    await waitFor("the second post live after the kill", 2_000 + 10_000, () =>
      isPublished(second.id),
    );
    test.info().annotations.push({
      type: "live after the kill",
      description: `${Date.now() - killedAt} ms (due ${second.publishAt - killedAt} ms after it)`,
    });
    expect(publishedRevisions(second.id)).toBe(1);
    const taker = server.queryOne<{ holder: string }>(
      "select holder from job_leases where name = 'jobs'",
    ).holder;
    expect(Number(taker)).not.toBe(holder);
    // Nothing went live twice meanwhile.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(publishedRevisions(first.id)).toBe(1);
    expect(publishedRevisions(second.id)).toBe(1);

    // The killed worker is replaced.
    const pids = await waitFor("two workers again", 20_000, () => {
      const now = workerPids(server.child.pid as number);
      return now.length === 2 && !now.includes(holder) && now;
    });
    expect(pids).not.toContain(holder);
    expect(output).toMatch(
      new RegExp(`Worker ${holder} stopped unexpectedly \\(signal SIGKILL\\)`),
    );
    await waitFor("the new worker serving", 20_000, () =>
      (output.match(/Warm start skipped/g) ?? []).length >= 1 ? true : undefined,
    );
  });

  type Cannon = (options: Record<string, unknown>) => Promise<CannonResult> & { stop(): void };
  type CannonResult = {
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { sent: number; total: number };
    statusCodeStats: Record<string, { count: number }>;
  };

  test("a reload under a steady load answers every request, none with a 5xx", async () => {
    test.setTimeout(90_000);
    const autocannon = createRequire(import.meta.url)("autocannon") as Cannon;
    const before = workerPids(server.child.pid as number);
    expect(before).toHaveLength(2);
    const paths = ["/", postUrl, `/category/${postUrl.split("/")[2]}`];
    // Every page answered before the load starts (the new post's page included).
    for (const path of paths) expect((await call(server.url, "GET", path)).status).toBe(200);
    const reloaded = output.length;
    const load = autocannon({
      url: server.url,
      connections: 8,
      overallRate: 120,
      duration: 80,
      timeout: 10,
      requests: paths.map((path) => ({ method: "GET", path })),
    });
    await new Promise((r) => setTimeout(r, 1_500));
    execFileSync(process.execPath, ["scripts/reload.mjs"], {
      env: { ...process.env, DATA_DIR: server.dataDir },
    });
    await waitFor("the reload done", 60_000, () => output.slice(reloaded).includes("Reloaded:"));
    await new Promise((r) => setTimeout(r, 1_500));
    load.stop();
    const result = await load;
    test.info().annotations.push({
      type: "load through the reload",
      description: `${result.requests.total} requests, statuses ${JSON.stringify(result.statusCodeStats)}`,
    });
    const after = workerPids(server.child.pid as number);
    expect(after).toHaveLength(2);
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);
    expect(result.requests.total).toBeGreaterThan(500);
    expect({
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
    }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
  });
});
