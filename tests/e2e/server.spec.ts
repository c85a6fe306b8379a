/**
 * The operator contract, through real `node server.js` processes: first run,
 * second start on the same folder, and two servers side by side.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_PORT_BASE } from "./fixtures";

const SERVER_PORTS = [E2E_PORT_BASE + 20, E2E_PORT_BASE + 21, E2E_PORT_BASE + 22];

type Running = { child: ChildProcess; output: () => string; url: string };

async function startServer(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      INKWELL_SKIP_BUILD_CHECK: "1",
      WARM_START: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 30_000;
  while (!output.includes("Inkwell is serving")) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output, url };
}

async function stopServer(s: Running) {
  if (s.child.exitCode !== null) return;
  const exited = new Promise((r) => s.child.once("exit", r));
  s.child.kill("SIGTERM");
  await exited;
}

function dbCounts(dataDir: string) {
  const db = new Database(join(dataDir, "app.db"), { readonly: true });
  const n = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  const counts = {
    admins: n("select count(*) as n from users where role = 'Administrator'"),
    users: n("select count(*) as n from users"),
    published: n("select count(*) as n from posts where status = 'published'"),
    posts: n("select count(*) as n from posts"),
    categories: n("select count(*) as n from categories"),
    subscribers: n("select count(*) as n from subscribers"),
    settings: n("select count(*) as n from settings"),
  };
  db.close();
  return counts;
}

const dirs: string[] = [];
function freshDir() {
  const dir = mkdtempSync(join(tmpdir(), "inkwell-server-test-"));
  dirs.push(dir);
  return dir;
}
test.afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test("the first run creates one Administrator and the demo content; a restart creates nothing twice", async () => {
  const dataDir = freshDir();
  const env = {
    PORT: String(SERVER_PORTS[0]),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${SERVER_PORTS[0]}`,
  };

  const first = await startServer(env);
  try {
    expect(first.output()).toContain("Created the first Administrator: admin@inkwell.local");
    expect(first.output()).toMatch(/Generated password \(shown only this once\): \S{16}/);
    const home = await fetch(`${first.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("post-card");
  } finally {
    await stopServer(first);
  }
  const afterFirst = dbCounts(dataDir);
  expect(afterFirst.admins).toBe(1);
  expect(afterFirst.published).toBeGreaterThanOrEqual(40);
  expect(afterFirst.categories).toBeGreaterThanOrEqual(7);
  expect(afterFirst.subscribers).toBeGreaterThan(0);
  expect(afterFirst.settings).toBe(1);
  expect(existsSync(join(dataDir, "session-secret"))).toBe(true);
  expect(existsSync(join(dataDir, "uploads"))).toBe(true);
  expect(existsSync(join(dataDir, "outbox"))).toBe(true);

  const second = await startServer(env);
  try {
    expect(second.output()).not.toContain("Created the first Administrator");
    expect(second.output()).not.toContain("Generated password");
    expect((await fetch(`${second.url}/category/crypto`)).status).toBe(200);
  } finally {
    await stopServer(second);
  }
  expect(dbCounts(dataDir)).toEqual(afterFirst);
});

test("two servers with different DATA_DIR and PORT run side by side", async () => {
  const a = freshDir();
  const b = freshDir();
  const one = await startServer({
    PORT: String(SERVER_PORTS[1]),
    DATA_DIR: a,
    ADMIN_EMAIL: "one@example.com",
    ADMIN_PASSWORD: "password-one-1",
  });
  const two = await startServer({
    PORT: String(SERVER_PORTS[2]),
    DATA_DIR: b,
    SEED_DEMO: "0",
    ADMIN_EMAIL: "two@example.com",
    ADMIN_PASSWORD: "password-two-2",
  });
  try {
    expect(one.output()).not.toContain("Generated password");
    const [r1, r2] = await Promise.all([fetch(`${one.url}/`), fetch(`${two.url}/`)]);
    expect(r1.status).toBe(200);
    expect(r2.status).toBe(200);
    expect(await r1.text()).toContain("post-card");
    expect(await r2.text()).toContain("No posts yet.");
  } finally {
    await Promise.all([stopServer(one), stopServer(two)]);
  }
  expect(dbCounts(a).published).toBeGreaterThanOrEqual(40);
  expect(dbCounts(b)).toMatchObject({ users: 1, admins: 1, posts: 0, categories: 0 });
  // Each wrote only into its own folder.
  expect(readdirSync(a).sort()).toEqual(readdirSync(b).sort());
  const emails = (dir: string) => {
    const db = new Database(join(dir, "app.db"), { readonly: true });
    const rows = db.prepare("select email from users where role = 'Administrator'").all();
    db.close();
    return rows;
  };
  expect(emails(a)).toEqual([{ email: "one@example.com" }]);
  expect(emails(b)).toEqual([{ email: "two@example.com" }]);
});
