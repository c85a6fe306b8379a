/**
 * The five reader calls of docs/api.md through their JSON routes: like, share,
 * unload metrics, newsletter join and unsubscribe. The routes call the public
 * site's domain (engagement, subscribers), so these check the API's side:
 * shapes, 400/404 with nothing written, CORS, and 200 concurrent likes.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { posts, subscriberAudiences, subscribers } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { action as joinAction, loader as joinGet } from "~/routes/api.newsletter-join";
import {
  action as unsubscribeAction,
  loader as unsubscribeGet,
} from "~/routes/api.newsletter-unsubscribe";
import { action as likeAction, loader as likeGet } from "~/routes/api.posts-like";
import { action as shareAction } from "~/routes/api.posts-share";
import { action as updateAction } from "~/routes/api.posts-update";
import { routeArgs } from "../helpers";
import { BASE, callRoute as call, get, makeCategory, makePost, postJson } from "./fixtures";

const crypto = makeCategory("Crypto Desk");
const postRow = (id: number) => getDb().select().from(posts).where(eq(posts.id, id)).get();
const bare = (path: string, init: RequestInit = {}) =>
  new Request(`${BASE}${path}`, { method: "POST", ...init });

afterEach(() => {
  delete process.env.ALLOWED_ORIGINS;
});

describe("POST /posts/like/{id} and /posts/share/{id}", () => {
  it("adds one like or share to a published post and answers the new count", async () => {
    const post = makePost({ title: "Likeable", category: crypto });
    const like = await call(likeAction, bare(`/posts/like/${post.id}`), { id: String(post.id) });
    expect(like.status).toBe(200);
    expect(like.body).toEqual({ type: "success", message: "Liked", id: post.id, likes: 1 });
    const share = await call(shareAction, bare(`/posts/share/${post.id}`), { id: String(post.id) });
    expect(share.body).toEqual({ type: "success", message: "Shared", id: post.id, shares: 1 });
    expect(postRow(post.id)).toMatchObject({ likes: 1, shares: 1 });
  });

  it("counts exactly 200 more likes for 200 concurrent likes on one post", async () => {
    const post = makePost({ title: "Popular", category: crypto });
    getDb().update(posts).set({ likes: 7 }).where(eq(posts.id, post.id)).run();
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        likeAction(routeArgs(bare(`/posts/like/${post.id}`), { id: String(post.id) })),
      ),
    );
    expect(answers.every((r: Response) => r.status === 200)).toBe(true);
    const counts = await Promise.all(answers.map(async (r: Response) => (await r.json()).likes));
    expect(new Set(counts).size).toBe(200);
    expect(postRow(post.id)?.likes).toBe(207);
  });

  it("answers 404 for drafts and unknown posts and 400 for a bad id, changing nothing", async () => {
    const draft = makePost({ title: "Not yet", category: crypto, status: "draft" });
    for (const [id, status] of [
      [String(draft.id), 404],
      ["999999", 404],
      ["abc", 400],
      ["1.5", 400],
      ["-2", 400],
    ] as const) {
      for (const action of [likeAction, shareAction]) {
        const res = await call(action, bare(`/posts/like/${id}`), { id });
        expect(res.status, id).toBe(status);
        expect(res.body.type).toBe("error");
      }
    }
    expect(postRow(draft.id)).toMatchObject({ likes: 0, shares: 0 });
    expect((await call(likeGet, get("/posts/like/1"), { id: "1" })).status).toBe(405);
  });

  it("answers a CORS preflight and adds Access-Control-Allow-Origin for ALLOWED_ORIGINS only", async () => {
    process.env.ALLOWED_ORIGINS = "https://front.example.com";
    const post = makePost({ title: "Cors", category: crypto });
    const preflight = await likeAction(
      routeArgs(
        bare(`/posts/like/${post.id}`, {
          method: "OPTIONS",
          headers: { Origin: "https://front.example.com", "Access-Control-Request-Method": "POST" },
        }),
        { id: String(post.id) },
      ),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("https://front.example.com");
    expect(postRow(post.id)?.likes).toBe(0);
    const allowed = await likeAction(
      routeArgs(
        bare(`/posts/like/${post.id}`, { headers: { Origin: "https://front.example.com" } }),
        {
          id: String(post.id),
        },
      ),
    );
    expect(allowed.headers.get("Access-Control-Allow-Origin")).toBe("https://front.example.com");
    const other = await likeAction(
      routeArgs(bare(`/posts/like/${post.id}`, { headers: { Origin: "https://evil.example" } }), {
        id: String(post.id),
      }),
    );
    expect(other.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});

describe("POST /posts/update/{id}", () => {
  it("applies docs/behaviour.md §engagement to a JSON body or a sendBeacon text/plain body", async () => {
    const post = makePost({ title: "Read me", category: crypto });
    const short = await call(
      updateAction,
      postJson(`/posts/update/${post.id}`, { body: { avgTime: 10, bounceRate: 99 } }),
      { id: String(post.id) },
    );
    expect(short.status).toBe(200);
    expect(short.body).toEqual({
      type: "success",
      message: "Visit recorded",
      id: post.id,
      avgTime: "0m 5s",
      avgTimeSeconds: 5,
      bounceRate: 5,
    });
    const beacon = await call(
      updateAction,
      bare(`/posts/update/${post.id}`, {
        body: JSON.stringify({ avgTime: "1m 5s" }),
        headers: { "Content-Type": "text/plain;charset=UTF-8" },
      }),
      { id: String(post.id) },
    );
    expect(beacon.body).toMatchObject({ avgTime: "0m 35s", bounceRate: 3 });
  });

  it("answers 400 for a missing or unreadable time and writes nothing", async () => {
    const post = makePost({ title: "Untouched", category: crypto });
    for (const body of [{}, { avgTime: "soon" }, { avgTime: -1 }, { avgTime: 10 ** 9 }]) {
      const res = await call(updateAction, postJson(`/posts/update/${post.id}`, { body }), {
        id: String(post.id),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const broken = await call(updateAction, postJson(`/posts/update/${post.id}`, { raw: "{" }), {
      id: String(post.id),
    });
    expect(broken.status).toBe(400);
    expect(postRow(post.id)).toMatchObject({ avgTimeSeconds: 0, bounceRate: 0 });
  });
});

describe("POST /newsletter/join and /newsletter/unsubscribe", () => {
  const find = (email: string) =>
    getDb().select().from(subscribers).where(eq(subscribers.email, email)).get();

  it("joins with {email, name, audience}, answers {type, message}, and unsubscribes", async () => {
    const joined = await call(
      joinAction,
      postJson("/newsletter/join", {
        body: { email: "Reader@Example.com", name: "Rita", audience: ["News", "Music"] },
      }),
    );
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({
      type: "success",
      message: expect.stringMatching(/Thank you for subscribing/),
    });
    const row = find("reader@example.com");
    expect(row?.status).toBe("Active");
    const audiences = getDb()
      .select({ a: subscriberAudiences.audience })
      .from(subscriberAudiences)
      .where(eq(subscriberAudiences.subscriberId, row?.id ?? 0))
      .all()
      .map((r) => r.a)
      .sort();
    expect(audiences).toEqual(["Music", "News"]);

    const left = await call(
      unsubscribeAction,
      postJson("/newsletter/unsubscribe", { body: { email: "reader@example.com" } }),
    );
    expect(left.body).toEqual({ type: "success", message: "You have unsubscribed successfully!" });
    expect(find("reader@example.com")?.status).toBe("Unsubscribed");
  });

  it("takes a mail client's one-click POST to the List-Unsubscribe address, and sends a GET to the page", async () => {
    await call(
      joinAction,
      postJson("/newsletter/join", {
        body: { email: "click@example.com", name: "C", audience: "News" },
      }),
    );
    const path = "/newsletter/unsubscribe?email=click%40example.com";
    const res = await call(
      unsubscribeAction,
      bare(path, {
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(res.body).toEqual({ type: "success", message: "You have unsubscribed successfully!" });
    expect(find("click@example.com")?.status).toBe("Unsubscribed");
    const opened = await unsubscribeGet(routeArgs(get(path)));
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toBe("/unsubscribe?email=click%40example.com");
  });

  it("answers 400 for each kind of bad signup and writes nothing", async () => {
    const before = getDb().select().from(subscribers).all().length;
    const bad: unknown[] = [
      {},
      { email: "x@example.com", audience: ["News"] },
      { name: "N", audience: ["News"] },
      { name: "N", email: "not-an-email", audience: ["News"] },
      { name: "N", email: "x@example.com", audience: [] },
      { name: "N", email: "x@example.com", audience: ["Jazz"] },
      { name: "x".repeat(101), email: "x@example.com", audience: ["News"] },
      { name: 5, email: "x@example.com", audience: ["News"] },
    ];
    for (const body of bad) {
      const res = await call(joinAction, postJson("/newsletter/join", { body }));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.type).toBe("error");
      expect(typeof res.body.message).toBe("string");
    }
    expect((await call(joinAction, postJson("/newsletter/join", { raw: "[]" }))).status).toBe(400);
    expect(getDb().select().from(subscribers).all().length).toBe(before);
    const unknown = await call(
      unsubscribeAction,
      postJson("/newsletter/unsubscribe", { body: { email: "stranger@example.com" } }),
    );
    expect(unknown.status).toBe(404);
    const invalid = await call(
      unsubscribeAction,
      postJson("/newsletter/unsubscribe", { body: { email: "" } }),
    );
    expect(invalid.status).toBe(400);
    expect((await call(joinGet, get("/newsletter/join"))).status).toBe(405);
  });
});
