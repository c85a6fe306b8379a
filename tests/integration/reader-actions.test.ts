/**
 * The reader's domain calls (likes, shares, views, unload metrics, newsletter
 * signup and unsubscribe) and their JSON routes, against a seeded SQLite file.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { posts, subscriberAudiences, subscribers } from "#db/schema";
import { runFirstRun } from "#db/seed";
import { isDomainError } from "~/domain/errors.server";
import { countView, likePost, recordVisit, sharePost } from "~/domain/posts/engagement.server";
import { nextAvgTime, nextBounceRate } from "~/domain/posts/engagement-rules";
import { joinNewsletter, MESSAGES, unsubscribe } from "~/domain/subscribers/subscribers.server";
import { getDb } from "~/platform/db.server";
import { action as joinAction } from "~/routes/api.newsletter-join";
import { action as unsubscribeAction } from "~/routes/api.newsletter-unsubscribe";
import { action as likeAction } from "~/routes/api.posts-like";
import { action as shareAction } from "~/routes/api.posts-share";
import { action as updateAction } from "~/routes/api.posts-update";
import { routeArgs } from "../helpers";

const BASE = "http://127.0.0.1:3500";
let published: { id: number };
let draft: { id: number };

beforeAll(() => {
  runFirstRun(getDb(), {
    adminEmail: "admin@inkwell.test",
    adminPassword: undefined,
    seedDemo: true,
  });
  const db = getDb();
  published = db.select({ id: posts.id }).from(posts).where(eq(posts.status, "published")).get()!;
  draft = db.select({ id: posts.id }).from(posts).where(eq(posts.status, "draft")).get()!;
});

const postRow = (id: number) => getDb().select().from(posts).where(eq(posts.id, id)).get()!;

function errorOf(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (e) {
    if (isDomainError(e)) return { status: e.status, message: e.message };
    throw e;
  }
  throw new Error("expected a DomainError");
}

async function asyncErrorOf(fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (e) {
    if (isDomainError(e)) return { status: e.status, message: e.message };
    throw e;
  }
  throw new Error("expected a DomainError");
}

const jsonPost = (path: string, body?: unknown, type = "application/json") =>
  new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": type },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

describe("likes, shares and views", () => {
  test("each adds exactly one, atomically, and returns the new count", () => {
    const before = postRow(published.id);
    expect(likePost(getDb(), published.id).likes).toBe(before.likes + 1);
    expect(sharePost(getDb(), String(published.id)).shares).toBe(before.shares + 1);
    expect(countView(getDb(), published.id).views).toBe(before.views + 1);
    const after = postRow(published.id);
    expect([after.likes, after.shares, after.views]).toEqual([
      before.likes + 1,
      before.shares + 1,
      before.views + 1,
    ]);
  });

  test("a draft or unknown post is a 404 and nothing changes", () => {
    const before = postRow(draft.id);
    expect(errorOf(() => likePost(getDb(), draft.id)).status).toBe(404);
    expect(errorOf(() => sharePost(getDb(), 99999999)).status).toBe(404);
    expect(errorOf(() => countView(getDb(), draft.id)).status).toBe(404);
    expect(postRow(draft.id).likes).toBe(before.likes);
  });

  test("a non-numeric id is a 400", () => {
    for (const id of ["abc", "1.5", "-3", "", "0", undefined, "1e3"]) {
      expect(errorOf(() => likePost(getDb(), id)).status).toBe(400);
    }
  });
});

describe("recordVisit (docs/behaviour.md §engagement)", () => {
  test("applies the same rules as the pure helpers, in the database", () => {
    const db = getDb();
    db.update(posts)
      .set({ avgTimeSeconds: 60, bounceRate: 50 })
      .where(eq(posts.id, published.id))
      .run();
    for (const visit of [5, 120, 30, 2, "3m 10s", "45"]) {
      const before = postRow(published.id);
      const seconds = typeof visit === "number" ? visit : visit === "45" ? 45 : 190;
      const result = recordVisit(db, published.id, { avgTime: visit, bounceRate: 0 });
      const after = postRow(published.id);
      expect(after.bounceRate).toBe(nextBounceRate(before.bounceRate, seconds));
      expect(after.avgTimeSeconds).toBe(nextAvgTime(before.avgTimeSeconds, seconds));
      expect(result.bounceRate).toBe(after.bounceRate);
    }
  });

  test("clamps the bounce rate at 100 and 0", () => {
    const db = getDb();
    db.update(posts).set({ bounceRate: 98 }).where(eq(posts.id, published.id)).run();
    expect(recordVisit(db, published.id, { avgTime: 1 }).bounceRate).toBe(100);
    db.update(posts).set({ bounceRate: 1 }).where(eq(posts.id, published.id)).run();
    expect(recordVisit(db, published.id, { avgTime: 100 }).bounceRate).toBe(0);
  });

  test("ignores a client's bounceRate", () => {
    const db = getDb();
    db.update(posts).set({ bounceRate: 50 }).where(eq(posts.id, published.id)).run();
    expect(recordVisit(db, published.id, { avgTime: 100, bounceRate: 100 }).bounceRate).toBe(48);
  });

  test("bad input is a 400 and nothing is written", () => {
    const before = postRow(published.id);
    for (const input of [
      {},
      { avgTime: -1 },
      { avgTime: "soon" },
      { avgTime: 999999 },
      { avgTime: null },
    ]) {
      expect(errorOf(() => recordVisit(getDb(), published.id, input)).status).toBe(400);
    }
    const after = postRow(published.id);
    expect([after.avgTimeSeconds, after.bounceRate]).toEqual([
      before.avgTimeSeconds,
      before.bounceRate,
    ]);
    expect(errorOf(() => recordVisit(getDb(), draft.id, { avgTime: 3 })).status).toBe(404);
  });
});

describe("newsletter", () => {
  const audiencesOf = (id: number) =>
    getDb()
      .select({ a: subscriberAudiences.audience })
      .from(subscriberAudiences)
      .where(eq(subscriberAudiences.subscriberId, id))
      .all()
      .map((r) => r.a)
      .sort();
  const byEmail = (email: string) =>
    getDb().select().from(subscribers).where(eq(subscribers.email, email)).all();

  test("joins; a second signup updates the audiences but never the name, and never brings back an unsubscribed reader", async () => {
    const first = await joinNewsletter(getDb(), {
      name: "Ada Reader",
      email: "  Ada@Example.com ",
      audience: ["News", "Promotions"],
    });
    expect(first).toMatchObject({ type: "success", message: MESSAGES.joined, created: true });
    const again = await joinNewsletter(getDb(), {
      name: "Win a prize at evil.example",
      email: "ada@example.com",
      audience: "Music",
    });
    expect(again).toMatchObject({ message: MESSAGES.updated, created: false });
    let rows = byEmail("ada@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Ada Reader", status: "Active" });
    expect(audiencesOf(rows[0].id)).toEqual(["Music"]);

    expect(unsubscribe(getDb(), { email: "ada@example.com" }).message).toBe(MESSAGES.unsubscribed);
    const back = await joinNewsletter(getDb(), {
      name: "Evil",
      email: "ada@example.com",
      audience: "News",
    });
    // Only the mailed confirmation link brings them back (tests/integration/settings-captcha.test.ts).
    expect(back).toEqual({ type: "success", message: MESSAGES.confirm });
    rows = byEmail("ada@example.com");
    expect(rows[0]).toMatchObject({ name: "Ada Reader", status: "Unsubscribed" });
    expect(audiencesOf(rows[0].id)).toEqual(["Music"]);
  });

  test("missing or bad fields are a 400 and nothing is written", async () => {
    const count = () => getDb().select().from(subscribers).all().length;
    const before = count();
    const cases: [unknown, RegExp][] = [
      [{ email: "x@example.com", audience: ["News"] }, /Name is required/],
      [{ name: "  ", email: "x@example.com", audience: ["News"] }, /Name is required/],
      [{ name: "X", audience: ["News"] }, /Email is required/],
      [{ name: "X", email: "not-an-email", audience: ["News"] }, /valid email/],
      [{ name: "X".repeat(101), email: "x@example.com", audience: ["News"] }, /too long/],
      [{ name: "X", email: `${"x".repeat(250)}@example.com`, audience: ["News"] }, /too long/],
      [{ name: "X", email: "x@example.com", audience: [] }, /at least one/],
      [{ name: "X", email: "x@example.com", audience: ["Sports"] }, /News, Music or Promotions/],
    ];
    for (const [input, message] of cases) {
      const e = await asyncErrorOf(() => joinNewsletter(getDb(), input));
      expect(e.status).toBe(400);
      expect(e.message).toMatch(message);
    }
    expect(count()).toBe(before);
  });

  test("unsubscribing an unknown email says so and names nobody else", () => {
    const e = errorOf(() => unsubscribe(getDb(), { email: "nobody@example.com" }));
    expect(e).toEqual({ status: 404, message: MESSAGES.unknownEmail });
    expect(errorOf(() => unsubscribe(getDb(), { email: "" })).status).toBe(400);
  });
});

describe("JSON routes of docs/api.md", () => {
  test("POST /posts/like/:id answers the new count; unknown and bad ids are 404 and 400", async () => {
    const before = postRow(published.id).likes;
    const ok = await likeAction(
      routeArgs(jsonPost(`/posts/like/${published.id}`), { id: String(published.id) }),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ type: "success", likes: before + 1 });
    const missing = await likeAction(routeArgs(jsonPost("/posts/like/9999999"), { id: "9999999" }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ type: "error", message: "Post not found" });
    const bad = await shareAction(routeArgs(jsonPost("/posts/share/abc"), { id: "abc" }));
    expect(bad.status).toBe(400);
    expect(postRow(published.id).likes).toBe(before + 1);
  });

  test("POST /posts/update/:id takes JSON or a sendBeacon text body, and refuses junk", async () => {
    const id = String(published.id);
    const beacon = await updateAction(
      routeArgs(
        jsonPost(
          `/posts/update/${id}`,
          JSON.stringify({ avgTime: 20 }),
          "text/plain;charset=UTF-8",
        ),
        { id },
      ),
    );
    expect(beacon.status).toBe(200);
    expect(await beacon.json()).toMatchObject({ type: "success" });
    const before = postRow(published.id);
    for (const body of ["{not json", JSON.stringify([1]), JSON.stringify({ avgTime: "x" })]) {
      const res = await updateAction(routeArgs(jsonPost(`/posts/update/${id}`, body), { id }));
      expect(res.status).toBe(400);
    }
    expect(postRow(published.id).bounceRate).toBe(before.bounceRate);
  });

  test("POST /newsletter/join and /newsletter/unsubscribe answer {type, message}", async () => {
    const join = await joinAction(
      routeArgs(
        jsonPost("/newsletter/join", { name: "Bo", email: "bo@example.com", audience: ["News"] }),
      ),
    );
    expect(join.status).toBe(200);
    expect(await join.json()).toMatchObject({ type: "success", message: MESSAGES.joined });
    const form = await joinAction(
      routeArgs(
        jsonPost(
          "/newsletter/join",
          "name=Bo&email=bo%40example.com&audience=News&audience=Music",
          "application/x-www-form-urlencoded",
        ),
      ),
    );
    expect(await form.json()).toMatchObject({ type: "success", message: MESSAGES.updated });
    const missing = await joinAction(
      routeArgs(jsonPost("/newsletter/join", { email: "c@example.com" })),
    );
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ type: "error" });
    const out = await unsubscribeAction(
      routeArgs(jsonPost("/newsletter/unsubscribe", { email: "bo@example.com" })),
    );
    expect(await out.json()).toEqual({ type: "success", message: MESSAGES.unsubscribed });
    const unknown = await unsubscribeAction(
      routeArgs(jsonPost("/newsletter/unsubscribe", { email: "zz@example.com" })),
    );
    expect(unknown.status).toBe(404);
    const stored = getDb()
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.email, "c@example.com")))
      .all();
    expect(stored).toHaveLength(0);
  });
});
