/**
 * Scheduled posts (docs/behaviour.md §workflow): who may schedule, the
 * future-only rule, reschedule and unschedule, the scheduler's publish (once,
 * whoever runs it), the start-up catch-up, and the JSON calls.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pageCacheChanges, postRevisions, posts, settings } from "#db/schema";
import { savePost } from "~/domain/posts/editing.server";
import { getPublishedPost, listPublishedPosts } from "~/domain/posts/reading.server";
import { listPostsForAdmin } from "~/domain/posts/staff-views.server";
import { nextDueTime, PostScheduler, publishDuePosts } from "~/domain/workflow/scheduler.server";
import { loader as postsListLoader } from "~/routes/admin.posts";
import { action as addPostAction } from "~/routes/api.posts-add";
import { addDoc } from "~/web/crud.server";
import { settle } from "../helpers";
import {
  callRoute,
  caught,
  get,
  postJson,
  sessionCookie,
  setupNewsroom,
  tableCounts,
} from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
beforeAll(() => {
  n = setupNewsroom();
});

const MINUTE = 60_000;
const post = (over: Record<string, unknown> = {}) => ({
  action: "schedule",
  title: "Morning briefing",
  category: "Crypto",
  summary: "What happened overnight.",
  content: "<p>Markets opened calm.</p>",
  tags: ["Bitcoin"],
  ...over,
});
const row = (id: number) => n.db.select().from(posts).where(eq(posts.id, id)).get();
const revisions = (id: number) =>
  n.db.select().from(postRevisions).where(eq(postRevisions.postId, id)).all();

describe("scheduling by role", () => {
  it("Editors, Administrators and Authors schedule; the post waits unseen", () => {
    for (const who of [n.staff.editor, n.staff.admin, n.staff.author]) {
      const at = Date.now() + 10 * MINUTE;
      const { post: doc, message } = savePost(who, post({ publishAt: at }));
      expect(doc.status).toBe("scheduled");
      expect(doc.publishAt).toBe(at);
      expect(message).toMatch(/^Post scheduled for \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
      expect(getPublishedPost(n.db, doc.id)).toBeUndefined();
      expect(listPublishedPosts(n.db, { limit: 100 }).some((p) => p.id === doc.id)).toBe(false);
    }
  });

  it("a Contributor cannot schedule (403, nothing written); their Publish still goes to review", async () => {
    const before = tableCounts();
    const err = await caught(() =>
      savePost(n.staff.contributor, post({ publishAt: Date.now() + MINUTE })),
    );
    expect(err.status).toBe(403);
    expect(tableCounts()).toBe(before);
    expect(savePost(n.staff.contributor, post({ action: "publish" })).post.status).toBe(
      "reviewing",
    );
  });

  it("an Editor schedules a Contributor's post in review", () => {
    const inReview = savePost(n.staff.contributor, post({ action: "publish" })).post;
    const at = Date.now() + 5 * MINUTE;
    const scheduled = savePost(n.staff.editor, post({ publishAt: at }), { id: inReview.id }).post;
    expect(scheduled.status).toBe("scheduled");
    expect(scheduled.user.name).toBe("Cy"); // the author stays the Contributor
  });

  it("refuses a time in the past, a missing time and a malformed one with 400, nothing written", async () => {
    const before = tableCounts();
    for (const publishAt of [Date.now() - 1000, undefined, "next tuesday"]) {
      const err = await caught(() => savePost(n.staff.editor, post({ publishAt })));
      expect(err.status).toBe(400);
      expect(err.message).toMatch(/^publishAt/);
    }
    expect(tableCounts()).toBe(before);
  });

  it("editing the time reschedules; Save Draft unschedules", () => {
    const first = savePost(n.staff.author, post({ publishAt: Date.now() + MINUTE })).post;
    const later = Date.now() + 60 * MINUTE;
    const moved = savePost(n.staff.author, post({ publishAt: later }), { id: first.id }).post;
    expect(moved.publishAt).toBe(later);
    const drafted = savePost(n.staff.author, post({ action: "draft" }), { id: first.id }).post;
    expect(drafted.status).toBe("draft");
    expect(drafted.publishAt).toBeNull();
    expect(revisions(first.id).map((r) => r.reason)).toEqual([
      expect.stringMatching(/^Scheduled for /),
      expect.stringMatching(/^Rescheduled for /),
      "Unscheduled (back to draft)",
    ]);
  });

  it("the posts list has Scheduled (N) with the time", () => {
    const list = listPostsForAdmin(n.staff.admin, { status: "scheduled" });
    expect(list.counts.scheduled).toBeGreaterThan(0);
    expect(list.posts.length).toBe(Math.min(25, list.counts.scheduled));
    expect(list.posts.every((p) => p.status === "scheduled" && p.publishAt !== null)).toBe(true);
  });
});

describe("the site's time zone", () => {
  it("a wall time from the form is read in the site's zone; messages and the list name it", async () => {
    n.db.update(settings).set({ timeZone: "America/New_York" }).run();
    try {
      // A summer time a year ahead: New York is UTC−4 then.
      const year = new Date().getUTCFullYear() + 1;
      const { post: doc, message } = savePost(
        n.staff.editor,
        post({ title: "Zoned", publishAt: `${year}-07-01T09:30` }),
      );
      expect(doc.publishAt).toBe(Date.UTC(year, 6, 1, 13, 30));
      expect(message).toBe(`Post scheduled for ${year}-07-01 09:30 America/New_York`);
      expect(revisions(doc.id)[0]?.reason).toBe(
        `Scheduled for ${year}-07-01 09:30 America/New_York`,
      );
      // An ISO time with an offset means what it says; epoch ms too.
      const moved = savePost(
        n.staff.editor,
        post({ title: "Zoned", publishAt: `${year}-07-01T09:30:00Z` }),
        { id: doc.id },
      ).post;
      expect(moved.publishAt).toBe(Date.UTC(year, 6, 1, 9, 30));
      // The posts list shows the time in the zone, named.
      const res = await settle(
        postsListLoader,
        get("/admin/posts?status=scheduled", { cookie: await sessionCookie(n.staff.editor) }),
      );
      const row = (res.data.posts as { id: number; scheduledFor: string }[]).find(
        (p) => p.id === doc.id,
      );
      expect(row?.scheduledFor).toBe(`${year}-07-01 05:30 America/New_York`);
      // A past wall time in the zone is refused like any other.
      const err = await caught(() =>
        savePost(n.staff.editor, post({ publishAt: `${year - 2}-07-01T09:30` })),
      );
      expect(err.status).toBe(400);
    } finally {
      n.db.update(settings).set({ timeZone: "UTC" }).run();
    }
  });
});

describe("the scheduler", () => {
  it("publishes a due post once: status, public time = scheduled time, caches purged, one revision", () => {
    const at = Date.now() + 2 * MINUTE;
    const { id } = savePost(n.staff.editor, post({ title: "Due soon", publishAt: at })).post;
    // Not before its time.
    expect(publishDuePosts(n.db, at - 1).some((p) => p.id === id)).toBe(false);
    expect(row(id)?.status).toBe("scheduled");
    const changesBefore = n.db.select().from(pageCacheChanges).all().length;
    const published = publishDuePosts(n.db, at + 150);
    expect(published.find((p) => p.id === id)).toEqual({ id, publishAt: at, lateMs: 150 });
    const after = row(id);
    expect(after?.status).toBe("published");
    expect(after?.timestamp.getTime()).toBe(at);
    expect(after?.publishAt).toBeNull();
    expect(n.db.select().from(pageCacheChanges).all().length).toBeGreaterThan(changesBefore);
    expect(getPublishedPost(n.db, id)?.title).toBe("Due soon");
    // Again, or a second timer: nothing more.
    expect(publishDuePosts(n.db, at + 500).some((p) => p.id === id)).toBe(false);
    const byScheduler = revisions(id).filter((r) => r.reason === "Published as scheduled");
    expect(byScheduler).toHaveLength(1);
    expect(byScheduler[0]?.userName).toBe("Scheduler");
  });

  it("a manual publish before the time wins; the scheduler then does nothing", () => {
    const at = Date.now() + 3 * MINUTE;
    const { id } = savePost(n.staff.editor, post({ publishAt: at })).post;
    savePost(n.staff.editor, post({ action: "publish" }), { id });
    expect(row(id)?.status).toBe("published");
    expect(publishDuePosts(n.db, at + 1000).some((p) => p.id === id)).toBe(false);
  });

  it("two schedulers on one database publish each post exactly once", () => {
    const at = Date.now() + 4 * MINUTE;
    const ids = [1, 2, 3].map(
      (i) => savePost(n.staff.editor, post({ title: `Race ${i}`, publishAt: at + i })).post.id,
    );
    const a = publishDuePosts(n.db, at + 10).filter((p) => ids.includes(p.id));
    const b = publishDuePosts(n.db, at + 10).filter((p) => ids.includes(p.id));
    expect(a.map((p) => p.id).sort()).toEqual([...ids].sort());
    expect(b).toEqual([]);
    for (const id of ids) {
      expect(revisions(id).filter((r) => r.reason === "Published as scheduled")).toHaveLength(1);
    }
  });

  it("on start publishes every overdue post at once and logs the lateness", () => {
    // Scheduled in the future, then the clock "passes" while the process is down.
    const id = savePost(n.staff.editor, post({ title: "Overdue", publishAt: Date.now() + 500 }))
      .post.id;
    n.db
      .update(posts)
      .set({ publishAt: new Date(Date.now() - 90_000) })
      .where(eq(posts.id, id))
      .run();
    const lines: string[] = [];
    const scheduler = new PostScheduler(() => n.db, { log: (l) => lines.push(l) });
    try {
      const caughtUp = scheduler.start();
      expect(caughtUp.map((p) => p.id)).toContain(id);
      expect(caughtUp.find((p) => p.id === id)?.lateMs).toBeGreaterThanOrEqual(90_000);
      expect(row(id)?.status).toBe("published");
      expect(lines.join("\n")).toMatch(
        new RegExp(`published \\d+ overdue posts? on start .*#${id} 9\\d\\.\\d s late`),
      );
      // A second start (a restart) publishes nothing again.
      expect(new PostScheduler(() => n.db, { log: () => {} }).start()).toEqual([]);
    } finally {
      scheduler.stop();
    }
  });

  it("the timer publishes a post when it comes due", async () => {
    const scheduler = new PostScheduler(() => n.db, { log: () => {} });
    scheduler.start();
    try {
      const at = Date.now() + 300;
      const { id } = savePost(n.staff.editor, post({ title: "Timer", publishAt: at })).post;
      scheduler.kick();
      expect(nextDueTime(n.db)).toBeLessThanOrEqual(at);
      await expect.poll(() => row(id)?.status, { timeout: 5000, interval: 50 }).toBe("published");
      expect(row(id)?.timestamp.getTime()).toBe(at);
    } finally {
      scheduler.stop();
    }
  });
});

describe("the JSON calls", () => {
  it("POST /posts/add takes status scheduled with publishAt (ms or ISO); a past time is 400", async () => {
    const key = n.staff.editor.apiKey;
    const iso = new Date(Date.now() + 30 * MINUTE).toISOString();
    const ok = await callRoute(
      addPostAction,
      postJson("/posts/add", {
        body: { ...post(), action: undefined, status: "scheduled", publishAt: iso, key },
      }),
    );
    expect(ok.status).toBe(200);
    expect((ok.body.post as Record<string, unknown>).status).toBe("scheduled");
    expect((ok.body.post as Record<string, unknown>).publishAt).toBe(Date.parse(iso));
    const before = tableCounts();
    const past = await callRoute(
      addPostAction,
      postJson("/posts/add", {
        body: {
          ...post(),
          action: undefined,
          status: "scheduled",
          publishAt: Date.now() - MINUTE,
          key,
        },
      }),
    );
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/publishAt: the scheduled time must be in the future/);
    expect(tableCounts()).toBe(before);
  });

  it("the generic add call schedules too", () => {
    const at = Date.now() + 15 * MINUTE;
    const result = addDoc(n.staff.editor, {
      collection: "posts",
      data: { ...post(), action: undefined, status: "scheduled", publishAt: at },
    });
    expect(result.data).toMatchObject({ status: "scheduled", publishAt: at });
  });
});
