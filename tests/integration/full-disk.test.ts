/**
 * A full disk: every write either is saved or answers an error (507), never a
 * success that is lost. The disk is filled for real: the test process may not
 * grow any file past a few hundred KB (RLIMIT_FSIZE through `prlimit`), so
 * SQLite's writes to the WAL fail at commit exactly as on a full disk. Then
 * every acknowledged write is looked for through a new connection.
 */
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { toSessionUser } from "~/domain/access/actor.server";
import { isDomainError } from "~/domain/errors.server";
import { IMAGES_ONLY } from "~/domain/media/file-store.server";
import { queueNewsletter } from "~/domain/newsletters/queue.server";
import { NewsletterSender } from "~/domain/newsletters/sender.server";
import { createCategory, createTag } from "~/domain/taxonomy/taxonomy.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { bufferView, flushViews, pendingViews } from "~/platform/view-buffer.server";
import * as loginPage from "~/routes/admin.login";
import { action as joinAction } from "~/routes/api.newsletter-join";
import { action as nextIdAction } from "~/routes/api.nextid";
import { action as likeAction } from "~/routes/api.posts-like";
import { action as authenticateAction } from "~/routes/api.user-authenticate";
import { receiveMultipart } from "~/web/uploads.server";
import { settle } from "../helpers";
import { documentRequest } from "./document-request";
import {
  BASE,
  callRoute,
  makeCategory,
  makePost,
  makeSubscriber,
  makeUser,
  PASSWORD,
  PNG,
  postJson,
} from "./fixtures";

const ignoreXfsz = () => {};

function limitFileSize(bytes: number | "unlimited") {
  // The soft limit only: it can be raised again afterwards.
  execFileSync("prlimit", ["--pid", String(process.pid), `--fsize=${bytes}:`]);
}

beforeAll(() => {
  // Past the limit the kernel sends SIGXFSZ (which would end the process) and
  // the write fails with EFBIG, as a write to a full disk fails with ENOSPC.
  process.on("SIGXFSZ", ignoreXfsz);
});

afterAll(() => {
  limitFileSize("unlimited");
  process.off("SIGXFSZ", ignoreXfsz);
});

describe("a full disk", () => {
  it("loses no acknowledged write: each is saved or answered 507", async () => {
    const db = getDb();
    const admin = makeUser("Administrator");
    const actor = toSessionUser(admin);
    const post = makePost({ title: "Full disk", category: makeCategory("Disk Desk") });
    db.$client.pragma("wal_checkpoint(TRUNCATE)");
    const wal = `${readEnv().databasePath}-wal`;
    limitFileSize(statSync(wal).size + 160 * 1024);

    const acked = {
      likes: 0,
      ids: [] as number[],
      emails: [] as string[],
      categories: [] as string[],
    };
    const tags: string[] = [];
    let refused = 0;
    const statuses = new Set<number>();
    const attempt = async (fn: () => Promise<number> | number) => {
      try {
        const status = await fn();
        statuses.add(status);
        if (status === 507) refused += 1;
      } catch (error) {
        expect(isDomainError(error) && error.status === 507, String(error)).toBe(true);
        refused += 1;
      }
    };
    for (let i = 0; i < 60; i++) {
      await attempt(async () => {
        const res = await callRoute(likeAction, postJson(`/posts/like/${post.id}`), {
          id: String(post.id),
        });
        if (res.status === 200) acked.likes += 1;
        return res.status;
      });
      await attempt(async () => {
        const res = await callRoute(
          nextIdAction,
          postJson("/get/nextid", { body: { collection: "posts", key: admin.apiKey } }),
          {},
          admin.apiKey,
        );
        if (res.status === 200) acked.ids.push(res.body.id as number);
        return res.status;
      });
      await attempt(async () => {
        const email = `reader${i}@example.com`;
        const res = await callRoute(
          joinAction,
          postJson("/newsletter/join", { body: { email, name: "Reader", audience: "News" } }),
        );
        if (res.status === 200) acked.emails.push(email);
        return res.status;
      });
      await attempt(() => {
        const name = `Desk ${i} ${"x".repeat(800)}`.slice(0, 60);
        createCategory(actor, { name: `Category ${i}`, description: name });
        acked.categories.push(`Category ${i}`);
        return 200;
      });
      await attempt(() => {
        createTag(actor, { name: `Tag ${i}`, description: "d".repeat(400) });
        tags.push(`Tag ${i}`);
        return 200;
      });
    }
    limitFileSize("unlimited");

    // The disk did fill (some writes were refused), and some went through before.
    expect(refused).toBeGreaterThan(0);
    expect(acked.likes).toBeGreaterThan(0);
    expect([...statuses].sort()).toEqual([200, 507]);

    const check = new Database(readEnv().databasePath, { readonly: true });
    try {
      const likes = check.prepare("SELECT likes FROM posts WHERE id = ?").pluck().get(post.id);
      expect(likes).toBe(acked.likes);
      const nextId = check
        .prepare("SELECT next_id FROM counters WHERE collection = 'posts'")
        .pluck()
        .get() as number;
      expect(new Set(acked.ids).size).toBe(acked.ids.length);
      for (const id of acked.ids) expect(id).toBeLessThan(nextId);
      const emails = new Set(check.prepare("SELECT email FROM subscribers").pluck().all());
      for (const email of acked.emails) expect(emails).toContain(email);
      const names = new Set(check.prepare("SELECT name FROM categories").pluck().all());
      for (const name of acked.categories) expect(names).toContain(name);
      const tagNames = new Set(check.prepare("SELECT name FROM tags").pluck().all());
      for (const name of tags) expect(tagNames).toContain(name);
    } finally {
      check.close();
    }

    // Space is back: writes are saved again.
    const res = await callRoute(likeAction, postJson(`/posts/like/${post.id}`), {
      id: String(post.id),
    });
    expect(res.status).toBe(200);
    expect(BASE).toMatch(/^http/);
  });

  it("stops the newsletter sender with an alert when a delivery cannot be recorded: nothing is sent twice", async () => {
    const db = getDb();
    for (let i = 0; i < 6; i++) makeSubscriber(`letter${i}@example.com`, ["News"]);
    queueNewsletter(db, toSessionUser(makeUser("Editor")), {
      subject: "Disk",
      audience: "News",
      content: "<p>Hello</p>",
      photo: null,
      attachment: null,
    });
    const sent: string[] = [];
    const lines: string[] = [];
    const transport = {
      kind: "smtp" as const,
      async send(message: { envelope?: { to?: unknown } }) {
        sent.push(String(message.envelope?.to));
        // The disk fills while the first message is out: its delivery cannot be recorded.
        db.$client.pragma("wal_checkpoint(TRUNCATE)");
        limitFileSize(statSync(`${readEnv().databasePath}-wal`).size + 1024);
      },
      close() {},
    };
    const sender = new NewsletterSender(getDb, {
      concurrency: 1,
      retryDelayMs: 1,
      transport,
      log: (line) => lines.push(line),
    });
    sender.kick();
    await sender.idle();
    limitFileSize("unlimited");
    // The answers are written in batches: the messages sent before the failed
    // write went out once each; then nothing more.
    const before = sent.length;
    expect(before).toBeGreaterThanOrEqual(1);
    expect(new Set(sent).size).toBe(before);
    // Space is back, but the sender stays stopped until a restart: no message goes twice.
    sender.kick();
    await sender.idle();
    expect(sent).toHaveLength(before);
    expect(sender.haltReason).toBeTruthy();
    expect(lines.some((l) => l.startsWith("ALERT: newsletter sender stopped"))).toBe(true);
    await sender.stop();
  });

  it("answers a sign-in that cannot be recorded 507 with the same message on the login form and the JSON call", async () => {
    const admin = makeUser("Administrator");
    const credentials = { email: admin.email, password: PASSWORD };
    const db = getDb();
    db.$client.pragma("wal_checkpoint(TRUNCATE)");
    limitFileSize(statSync(`${readEnv().databasePath}-wal`).size + 1024);
    const loginForm = () =>
      new Request(`${BASE}/admin/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(credentials),
      });
    let json: Awaited<ReturnType<typeof callRoute>>;
    let served: Response;
    let form: Awaited<ReturnType<typeof settle>>;
    try {
      json = await callRoute(
        authenticateAction,
        postJson("/user/admin/authenticate", { body: credentials }),
      );
      served = await documentRequest(loginPage, "/admin/login", loginForm());
      form = await settle(loginPage.action, loginForm());
    } finally {
      limitFileSize("unlimited");
    }
    expect(json.status).toBe(507);
    expect(served.status).toBe(507);
    expect(form.status).toBe(507);
    expect(form.data).toMatchObject({ error: json.body.message });
  });

  it("answers an upload that finds no room 507, not 'Malformed multipart body'", async () => {
    const boundary = "diskfull";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.alloc(256 * 1024, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const request = new Request(`${BASE}/upload/image`, {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    limitFileSize(16 * 1024);
    let refusal: unknown;
    try {
      const form = await receiveMultipart(request, {
        maxFileBytes: 10 * 1024 * 1024,
        accept: IMAGES_ONLY,
        fileFields: ["file"],
      });
      await form.discard();
    } catch (error) {
      refusal = error;
    } finally {
      limitFileSize("unlimited");
    }
    expect(isDomainError(refusal) && refusal.status).toBe(507);
  });

  it("the view buffer logs a full disk once, then one line a minute while it lasts", () => {
    const db = getDb();
    const post = makePost({ title: "Viewed on a full disk", category: makeCategory("Views Desk") });
    const views = () =>
      db.$client.prepare("SELECT views FROM posts WHERE id = ?").pluck().get(post.id) as number;
    const logged: unknown[][] = [];
    const error = vi.spyOn(console, "error").mockImplementation((...args) => {
      logged.push(args);
    });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      db.$client.pragma("wal_checkpoint(TRUNCATE)");
      limitFileSize(statSync(`${readEnv().databasePath}-wal`).size + 1024);
      bufferView(db, post.id);
      bufferView(db, post.id);
      // Two and a half minutes of retries, one a second.
      vi.advanceTimersByTime(150_000);
      expect(views()).toBe(0);
      expect(pendingViews(post.id)).toBe(2);
      const traces = logged.filter((args) => args.some((a) => a instanceof Error));
      expect(traces).toHaveLength(1);
      // The first report, then one line at each full minute.
      expect(logged).toHaveLength(3);
      for (const args of logged.slice(1)) {
        expect(args).toHaveLength(1);
        expect(String(args[0])).not.toContain("\n");
      }
      limitFileSize("unlimited");
      vi.advanceTimersByTime(1000);
      expect(views()).toBe(2);
      expect(pendingViews(post.id)).toBe(0);
      expect(logged).toHaveLength(4);
      expect(String(logged[3][0])).toMatch(/written again/);
    } finally {
      limitFileSize("unlimited");
      vi.useRealTimers();
      error.mockRestore();
      flushViews();
    }
  });
});
