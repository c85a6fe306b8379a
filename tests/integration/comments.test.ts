/**
 * Reader comments (docs/behaviour.md §comments): every moderation and spam
 * rule, closing, threading, escaping, the no-JavaScript form of the post page
 * and the permissions of moderation, against a real SQLite file.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { comments, posts } from "#db/schema";
import {
  approvedCount,
  listForModeration,
  moderateComments,
  moderationCounts,
  publicComments,
  replyAsStaff,
  totalApproved,
} from "~/domain/comments/comments.server";
import { submitComment } from "~/domain/comments/submit.server";
import { commentParagraphs } from "~/domain/comments/text";
import { listPublishedPosts } from "~/domain/posts/reading.server";
import { getAnalyticsData, getDashboardData } from "~/domain/site/dashboard.server";
import { updateSettings } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";
import { action as commentsAction, loader as commentsLoader } from "~/routes/admin.comments";
import { action as addCommentApi } from "~/routes/api.comments-add";
import { loader as getCommentsApi } from "~/routes/api.comments-get";
import { action as postAction, loader as postLoader } from "~/routes/post";
import { addDoc, deleteDoc, getDocs, updateDoc } from "~/web/crud.server";
import { resetDatabase, routeArgs, settle } from "../helpers";
import {
  BASE,
  caught,
  makePost,
  makeUser,
  postJson,
  sessionCookie,
  setupNewsroom,
  tableCounts,
} from "./fixtures";

let env: ReturnType<typeof setupNewsroom>;
let post: ReturnType<typeof makePost>;
const reader = { name: "Rita Reader", email: "rita@example.org", body: "Nice piece." };
let address = 0;
/** A new client address per call, so flood control only bites where a test wants it. */
const ctx = (extra: { now?: number } = {}) => ({ address: `10.0.0.${++address}`, ...extra });

function setComments(values: Record<string, unknown>) {
  updateSettings(env.staff.admin, values);
}

beforeEach(() => {
  resetDatabase();
  env = setupNewsroom();
  post = makePost({ title: "Rates on hold", category: env.cats.crypto, author: env.staff.author });
});

describe("moderation settings", () => {
  test("with moderation on, a new comment waits and is not public", () => {
    setComments({ enableCommentModeration: true, autoApproveComments: false });
    const c = submitComment(getDb(), post.id, reader, ctx());
    expect(c.status).toBe("pending");
    expect(publicComments(getDb(), post.id)).toEqual([]);
    // Its author sees it, marked as waiting.
    const own = publicComments(getDb(), post.id, [c.id]);
    expect(own).toHaveLength(1);
    expect(own[0]?.approved).toBe(false);
    expect(approvedCount(getDb(), post.id)).toBe(0);
  });

  test("with moderation off, a comment is shown at once", () => {
    setComments({ enableCommentModeration: false });
    const c = submitComment(getDb(), post.id, reader, ctx());
    expect(c.status).toBe("approved");
    expect(publicComments(getDb(), post.id).map((x) => x.id)).toEqual([c.id]);
    expect(approvedCount(getDb(), post.id)).toBe(1);
    expect(totalApproved(getDb())).toBe(1);
  });

  test("auto-approve lets a commenter with an earlier approved comment through", () => {
    setComments({ enableCommentModeration: true, autoApproveComments: true });
    const first = submitComment(getDb(), post.id, reader, ctx());
    expect(first.status).toBe("pending");
    moderateComments(env.staff.admin, getDb(), [first.id], "approve");
    const second = submitComment(
      getDb(),
      post.id,
      { ...reader, email: "RITA@example.org", body: "Again" },
      ctx(),
    );
    expect(second.status).toBe("approved");
    const stranger = submitComment(
      getDb(),
      post.id,
      { ...reader, email: "new@example.org" },
      ctx(),
    );
    expect(stranger.status).toBe("pending");
  });

  test("without auto-approve a returning commenter still waits", () => {
    setComments({ enableCommentModeration: true, autoApproveComments: false });
    const first = submitComment(getDb(), post.id, reader, ctx());
    moderateComments(env.staff.admin, getDb(), [first.id], "approve");
    expect(submitComment(getDb(), post.id, reader, ctx()).status).toBe("pending");
  });
});

describe("spam filters", () => {
  beforeEach(() => setComments({ enableSpamFilters: true, enableCommentModeration: false }));

  test("more than two links go to Spam; two do not", () => {
    const two = submitComment(
      getDb(),
      post.id,
      { ...reader, body: "See https://a.example and https://b.example" },
      ctx(),
    );
    expect(two.status).toBe("approved");
    const three = submitComment(
      getDb(),
      post.id,
      { ...reader, body: "https://a.example https://b.example https://c.example" },
      ctx(),
    );
    expect(three.status).toBe("spam");
    expect(three.spamReason).toBe("too many links");
  });

  test("a disallowed word from Settings goes to Spam, whatever its case", () => {
    setComments({ commentDisallowedWords: "casino\ncheap pills" });
    const c = submitComment(getDb(), post.id, { ...reader, body: "Best CASINO bonus" }, ctx());
    expect(c.status).toBe("spam");
    expect(c.spamReason).toBe("disallowed word");
    const phrase = submitComment(getDb(), post.id, { ...reader, body: "buy Cheap Pills" }, ctx());
    expect(phrase.status).toBe("spam");
    expect(submitComment(getDb(), post.id, reader, ctx()).status).toBe("approved");
  });

  test("a second comment from one address within 15 s goes to Spam; after, it does not", () => {
    const now = Date.now();
    const first = submitComment(getDb(), post.id, reader, { address: "192.0.2.9", now });
    expect(first.status).toBe("approved");
    const fast = submitComment(getDb(), post.id, reader, { address: "192.0.2.9", now: now + 5000 });
    expect(fast.status).toBe("spam");
    expect(fast.spamReason).toBe("flood");
    const later = submitComment(getDb(), post.id, reader, {
      address: "192.0.2.9",
      now: now + 40_000,
    });
    expect(later.status).toBe("approved");
    // The address is stored only as a hash.
    const row = getDb().select().from(comments).where(eq(comments.id, first.id)).get();
    expect(row?.ipHash).not.toContain("192.0.2.9");
    expect(row?.ipHash).toHaveLength(32);
  });

  test("a filled honeypot goes to Spam", () => {
    const c = submitComment(getDb(), post.id, { ...reader, website: "http://bot" }, ctx());
    expect(c.status).toBe("spam");
    expect(c.spamReason).toBe("honeypot");
  });

  test("with Spam Filters off none of the rules applies", () => {
    setComments({ enableSpamFilters: false, commentDisallowedWords: "casino" });
    const c = submitComment(
      getDb(),
      post.id,
      { ...reader, body: "casino https://a.x https://b.x https://c.x", website: "x" },
      { address: "192.0.2.1" },
    );
    expect(c.status).toBe("approved");
    expect(submitComment(getDb(), post.id, reader, { address: "192.0.2.1" }).status).toBe(
      "approved",
    );
  });
});

describe("what a comment may be", () => {
  test("bad input is a 400 and writes nothing", async () => {
    const before = tableCounts();
    for (const bad of [
      { ...reader, name: "" },
      { ...reader, email: "not-an-email" },
      { ...reader, body: "   " },
      { ...reader, body: "x".repeat(5001) },
      { ...reader, parentId: 999999 },
    ]) {
      const err = await caught(() => submitComment(getDb(), post.id, bad, ctx()));
      expect(err.status).toBe(400);
    }
    expect(tableCounts()).toEqual(before);
  });

  test("a draft, a closed post and a post past the close-after days take no comments", async () => {
    const draft = makePost({ title: "Draft", status: "draft" });
    expect((await caught(() => submitComment(getDb(), draft.id, reader, ctx()))).status).toBe(404);
    getDb().update(posts).set({ commentsClosed: true }).where(eq(posts.id, post.id)).run();
    expect((await caught(() => submitComment(getDb(), post.id, reader, ctx()))).status).toBe(403);
    const old = makePost({ title: "Old", timestamp: new Date(Date.now() - 10 * 86_400_000) });
    setComments({ commentsCloseAfterDays: 7 });
    expect((await caught(() => submitComment(getDb(), old.id, reader, ctx()))).status).toBe(403);
    setComments({ commentsCloseAfterDays: 30 });
    expect(submitComment(getDb(), old.id, reader, ctx()).postId).toBe(old.id);
  });

  test("replies are one level deep, newest last; a reply to a reply joins the thread", () => {
    setComments({ enableCommentModeration: false });
    const top = submitComment(getDb(), post.id, reader, ctx());
    const reply = submitComment(getDb(), post.id, { ...reader, parentId: top.id }, ctx());
    const deeper = submitComment(getDb(), post.id, { ...reader, parentId: reply.id }, ctx());
    expect(deeper.parentId).toBe(top.id);
    const thread = publicComments(getDb(), post.id);
    expect(thread).toHaveLength(1);
    expect(thread[0]?.replies.map((r) => r.id)).toEqual([reply.id, deeper.id]);
  });

  test("markup is text, links are nofollow-ready pieces, the e-mail is never public", () => {
    const pieces = commentParagraphs("<b>hi</b>\n\nsee https://x.example/a.");
    expect(pieces[0]).toEqual([{ kind: "text", text: "<b>hi</b>" }]);
    expect(pieces[1]).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", href: "https://x.example/a", text: "https://x.example/a" },
      { kind: "text", text: "." },
    ]);
    setComments({ enableCommentModeration: false });
    submitComment(getDb(), post.id, reader, ctx());
    expect(JSON.stringify(publicComments(getDb(), post.id))).not.toContain(reader.email);
  });

  test("a deleted post takes its comments with it", () => {
    submitComment(getDb(), post.id, reader, ctx());
    getDb().delete(posts).where(eq(posts.id, post.id)).run();
    expect(getDb().select().from(comments).all()).toEqual([]);
  });

  test("an approved comment records its post for the page cache; a waiting one records nothing", () => {
    const db = getDb();
    const changes = () =>
      db.$client.prepare("select post_id, scope from page_cache_changes order by seq").all() as {
        post_id: number | null;
        scope: string | null;
      }[];
    setComments({ enableCommentModeration: true, autoApproveComments: false });
    const before = changes().length;
    const waiting = submitComment(db, post.id, reader, ctx());
    expect(changes()).toHaveLength(before);
    moderateComments(env.staff.admin, db, [waiting.id], "approve");
    expect(changes().slice(before)).toEqual([{ post_id: post.id, scope: "comments" }]);
    setComments({ enableCommentModeration: false });
    const mark = changes().length;
    submitComment(db, post.id, { ...reader, body: "shown at once" }, ctx());
    expect(changes().slice(mark)).toEqual([{ post_id: post.id, scope: "comments" }]);
  });
});

describe("the post page without JavaScript", () => {
  const params = () => {
    const [, id, category, url] = post.url.split("/");
    return { id: id!, category: category!, url: url! };
  };
  const form = (fields: Record<string, string>, cookie?: string) =>
    new Request(`${BASE}${post.url}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams({ intent: "comment", ...fields }),
    });

  test("posting redirects to #comment-N with the message; only its author sees it waiting", async () => {
    setComments({ enableCommentModeration: true });
    const res = await settle(postAction, form(reader), params());
    expect(res.status).toBe(303);
    const row = getDb().select().from(comments).get();
    expect(res.location).toBe(`${post.url}#comment-${row?.id}`);
    const raw = await postAction({
      request: form({ ...reader, body: "second" }),
      params: params(),
      context: { get: () => "203.0.113.5" },
    } as never);
    const cookies = (raw as Response).headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("__flash="))).toBe(true);
    const own = cookies.find((c) => c.startsWith("__comments="))?.split(";")[0];
    expect(own).toBeTruthy();

    const anon = await settle(postLoader, new Request(`${BASE}${post.url}`), params());
    expect(anon.data.comments).toEqual([]);
    const mine = await settle(
      postLoader,
      new Request(`${BASE}${post.url}`, { headers: { Cookie: own ?? "" } }),
      params(),
    );
    expect(mine.data.comments.map((c: { body: string }) => c.body)).toEqual(["second"]);
    expect(mine.data.comments[0].approved).toBe(false);
    // A forged cookie (unsigned) shows nothing.
    const forged = await settle(
      postLoader,
      new Request(`${BASE}${post.url}`, { headers: { Cookie: `__comments=${btoa("[1,2]")}` } }),
      params(),
    );
    expect(forged.data.comments).toEqual([]);
  });

  test("a refused comment re-renders with the message and what was typed, 400", async () => {
    const before = tableCounts();
    const res = await settle(postAction, form({ ...reader, email: "nope" }), params());
    expect(res.status).toBe(400);
    expect(res.data.message).toContain("Enter a valid email address");
    expect(res.data.values.body).toBe(reader.body);
    expect(tableCounts()).toEqual(before);
  });
});

describe("moderation permissions", () => {
  test("only Administrators list, count and moderate", async () => {
    const c = submitComment(getDb(), post.id, reader, ctx());
    for (const who of ["editor", "author", "contributor", "subscriber"] as const) {
      const actor = env.staff[who];
      expect((await caught(() => listForModeration(actor, getDb(), "all"))).status).toBe(403);
      expect((await caught(() => moderationCounts(actor, getDb()))).status).toBe(403);
      expect((await caught(() => moderateComments(actor, getDb(), [c.id], "approve"))).status).toBe(
        403,
      );
      expect((await caught(() => replyAsStaff(actor, getDb(), c.id, "hi"))).status).toBe(403);
    }
    expect(getDb().select().from(comments).get()?.status).toBe("pending");
  });

  test("approve, unapprove, spam, trash and delete move comments between tabs", () => {
    setComments({ enableCommentModeration: true });
    const admin = env.staff.admin;
    const a = submitComment(getDb(), post.id, reader, ctx());
    const b = submitComment(getDb(), post.id, { ...reader, body: "b" }, ctx());
    expect(moderationCounts(admin, getDb())).toMatchObject({ all: 2, pending: 2, approved: 0 });
    expect(moderateComments(admin, getDb(), [a.id, b.id], "approve")).toBe(2);
    expect(approvedCount(getDb(), post.id)).toBe(2);
    moderateComments(admin, getDb(), [a.id], "unapprove");
    moderateComments(admin, getDb(), [b.id], "spam");
    expect(moderationCounts(admin, getDb())).toMatchObject({ pending: 1, spam: 1, approved: 0 });
    moderateComments(admin, getDb(), [a.id], "trash");
    expect(listForModeration(admin, getDb(), "trash").map((r) => r.id)).toEqual([a.id]);
    moderateComments(admin, getDb(), [a.id, b.id], "delete");
    expect(getDb().select().from(comments).all()).toEqual([]);
  });

  test("an Administrator's reply is approved at once and approves the comment", () => {
    setComments({ enableCommentModeration: true });
    const c = submitComment(getDb(), post.id, reader, ctx());
    const reply = replyAsStaff(env.staff.admin, getDb(), c.id, "Thanks, Rita");
    expect(reply.status).toBe("approved");
    expect(reply.parentId).toBe(c.id);
    expect(publicComments(getDb(), post.id)[0]?.replies[0]?.body).toBe("Thanks, Rita");
  });
});

describe("the Comments screen", () => {
  const send = async (who: "admin" | "editor", fields: Record<string, string>) =>
    settle(
      commentsAction,
      new Request(`${BASE}/admin/comments`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: await sessionCookie(makeUser(who === "admin" ? "Administrator" : "Editor")),
        },
        body: new URLSearchParams(fields),
      }),
    );

  test("lists a tab with counts; the Administrator approves, bulk-trashes and replies", async () => {
    setComments({ enableCommentModeration: true });
    const a = submitComment(getDb(), post.id, reader, ctx());
    const b = submitComment(getDb(), post.id, { ...reader, body: "b" }, ctx());
    const cookie = await sessionCookie(makeUser("Administrator"));
    const list = await settle(
      commentsLoader,
      new Request(`${BASE}/admin/comments?status=pending`, { headers: { Cookie: cookie } }),
    );
    expect(list.data.counts).toMatchObject({ all: 2, pending: 2 });
    expect(list.data.rows.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);

    const ok = await send("admin", {
      intent: "approve",
      id: String(a.id),
      returnTo: "/admin/comments?status=pending",
    });
    expect(ok.status).toBe(303);
    expect(ok.location).toBe("/admin/comments?status=pending");
    expect(approvedCount(getDb(), post.id)).toBe(1);

    const reply = await send("admin", { intent: "reply", id: String(a.id), body: "Thanks" });
    expect(reply.status).toBe(303);
    expect(approvedCount(getDb(), post.id)).toBe(2);

    const bulk = new URLSearchParams({ intent: "bulk", bulkAction: "trash" });
    bulk.append("ids", String(a.id));
    bulk.append("ids", String(b.id));
    const multi = await settle(
      commentsAction,
      new Request(`${BASE}/admin/comments`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: bulk,
      }),
    );
    expect(multi.status).toBe(303);
    expect(moderationCounts(env.staff.admin, getDb()).trash).toBe(2);
  });

  test("a bulk action without a choice is a 400; an Editor is refused", async () => {
    const c = submitComment(getDb(), post.id, reader, ctx());
    const none = await send("admin", { intent: "bulk", ids: String(c.id) });
    expect(none.status).toBe(400);
    const editor = await send("editor", { intent: "approve", id: String(c.id) });
    expect(editor.status).toBe(403);
    expect(getDb().select().from(comments).get()?.status).not.toBe("approved");
  });
});

describe("counts", () => {
  test("Analytics and the dashboard count approved comments; top posts sort by comments", () => {
    setComments({ enableCommentModeration: true });
    const other = makePost({ title: "Quiet one" });
    getDb().update(posts).set({ views: 100 }).where(eq(posts.id, post.id)).run();
    const a = submitComment(getDb(), other.id, reader, ctx());
    const b = submitComment(getDb(), other.id, { ...reader, body: "b" }, ctx());
    submitComment(getDb(), post.id, reader, ctx()); // stays pending
    const admin = env.staff.admin;
    expect(getAnalyticsData(admin).totalComments).toBe(0);
    moderateComments(admin, getDb(), [a.id, b.id], "approve");
    expect(getAnalyticsData(admin).totalComments).toBe(2);
    expect(getDashboardData(admin).totalComments).toBe(2);
    // The cards of the lists carry the approved count.
    const cards = listPublishedPosts(getDb(), { limit: 10 });
    expect(cards.find((c) => c.id === other.id)?.comments).toBe(2);
    expect(cards.find((c) => c.id === post.id)?.comments).toBe(0);
    expect(getAnalyticsData(admin).topPosts[0]?.title).toBe("Rates on hold");
    const byComments = getAnalyticsData(admin, "comments").topPosts;
    expect(byComments[0]).toMatchObject({ title: "Quiet one", comments: 2 });
  });
});

describe("the per-post switch", () => {
  test("the post form's Comments closed is saved, and a JSON save without it keeps it", async () => {
    const { savePost } = await import("~/domain/posts/editing.server");
    const base = {
      action: "publish",
      title: "Closed one",
      category: "Crypto",
      content: "<p>x</p>",
      summary: "s",
    };
    const saved = savePost(env.staff.admin, { ...base, commentsClosed: true });
    expect(saved.post.commentsClosed).toBe(true);
    expect((await caught(() => submitComment(getDb(), saved.post.id, reader, ctx()))).status).toBe(
      403,
    );
    const again = savePost(env.staff.admin, { ...base, summary: "t" }, { id: saved.post.id });
    expect(again.post.commentsClosed).toBe(true);
  });
});

describe("the JSON calls", () => {
  test("POST /comments/add/:postId applies the same rules; GET /get/comments lists approved only", async () => {
    setComments({ enableCommentModeration: true, enableSpamFilters: true });
    const added = await addCommentApi(
      routeArgs(postJson(`/comments/add/${post.id}`, { body: reader }), {
        postId: String(post.id),
      }),
    );
    expect(added.status).toBe(200);
    const body = await added.json();
    expect(body).toMatchObject({ type: "success", comment: { status: "pending" } });
    expect(JSON.stringify(body)).not.toContain(reader.email);

    const spam = await addCommentApi(
      routeArgs(
        postJson(`/comments/add/${post.id}`, {
          body: { ...reader, body: "https://a.x https://b.x https://c.x" },
        }),
        { postId: String(post.id) },
      ),
    );
    // Not told it is spam.
    expect((await spam.json()).comment.status).toBe("pending");

    const bad = await addCommentApi(
      routeArgs(postJson(`/comments/add/${post.id}`, { body: { ...reader, email: "x" } }), {
        postId: String(post.id),
      }),
    );
    expect(bad.status).toBe(400);
    const missing = await addCommentApi(
      routeArgs(postJson("/comments/add/999999", { body: reader }), { postId: "999999" }),
    );
    expect(missing.status).toBe(404);

    moderateComments(env.staff.admin, getDb(), [body.comment.id], "approve");
    const list = await getCommentsApi(
      routeArgs(new Request(`${BASE}/get/comments/${post.id}`), { postId: String(post.id) }),
    );
    const listed = await list.json();
    expect(listed.count).toBe(1);
    expect(listed.comments.map((c: { id: number }) => c.id)).toEqual([body.comment.id]);
    expect(JSON.stringify(listed)).not.toContain("@example.org");
    const none = await getCommentsApi(
      routeArgs(new Request(`${BASE}/get/comments/abc`), { postId: "abc" }),
    );
    expect(none.status).toBe(404);
  });
});

describe("the generic calls' comments collection", () => {
  test("Administrators read, moderate, reply and delete; other roles are refused", async () => {
    const c = submitComment(getDb(), post.id, reader, ctx());
    const admin = env.staff.admin;
    const docs = getDocs(admin, {
      collection: "comments",
      query: [{ field: "status", operator: "==", value: "pending" }],
    }) as { uid: string; email: string; ipHash?: string }[];
    expect(docs).toHaveLength(1);
    expect(docs[0]?.ipHash).toBeUndefined();
    updateDoc(admin, { collection: "comments", uid: c.uid, data: { status: "approved" } });
    expect(approvedCount(getDb(), post.id)).toBe(1);
    const bad = await caught(() =>
      updateDoc(admin, { collection: "comments", uid: c.uid, data: { status: "gone" } }),
    );
    expect(bad.status).toBe(400);
    addDoc(admin, { collection: "comments", data: { parentId: c.id, body: "Staff reply" } });
    expect(approvedCount(getDb(), post.id)).toBe(2);
    for (const who of ["editor", "author", "contributor"] as const) {
      const actor = env.staff[who];
      expect((await caught(() => getDocs(actor, { collection: "comments" }))).status).toBe(403);
      expect(
        (
          await caught(() =>
            updateDoc(actor, { collection: "comments", uid: c.uid, data: { status: "spam" } }),
          )
        ).status,
      ).toBe(403);
      expect(
        (
          await caught(() =>
            addDoc(actor, { collection: "comments", data: { parentId: c.id, body: "x" } }),
          )
        ).status,
      ).toBe(403);
      expect(
        (await caught(() => deleteDoc(actor, { collection: "comments", uid: c.uid }))).status,
      ).toBe(403);
    }
    await deleteDoc(admin, { collection: "comments", uid: c.uid });
    expect(getDb().select().from(comments).all()).toEqual([]); // the reply went with it
  });
});
