/**
 * Every change of a post's status through the one function, `changeStatus`
 * (docs/behaviour.md §workflow, docs/decisions/160-one-status-change.md): each step bumps the
 * version by one, records one revision and notes the change; a refused step writes nothing.
 */
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, postRevisions, posts } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { savePost, trashPosts } from "~/domain/posts/editing.server";
import type { PostStatus } from "~/domain/posts/statuses";
import { approveAndPublish } from "~/domain/workflow/review.server";
import {
  changeStatus,
  type NamedStep,
  postStateColumns,
} from "~/domain/workflow/status-change.server";
import { caught, setupNewsroom } from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
beforeAll(() => {
  n = setupNewsroom();
});

const HOUR = 3_600_000;
const fields = (over: Record<string, unknown> = {}) => ({
  action: "draft",
  title: "One status change",
  category: "Crypto",
  summary: "Every step through one door.",
  content: "<p>Body.</p>",
  ...over,
});
const state = (id: number) =>
  n.db.select(postStateColumns).from(posts).where(eq(posts.id, id)).get()!;
const revisions = (id: number) =>
  n.db
    .select()
    .from(postRevisions)
    .where(eq(postRevisions.postId, id))
    .orderBy(asc(postRevisions.id))
    .all();
const audits = (id: number) =>
  n.db
    .select()
    .from(auditLog)
    .all()
    .filter((row) => row.targetType === "post" && row.targetId === String(id));
/** What a step may write: the post, its tags, its history, the audit log and the notices. */
const snapshot = () =>
  JSON.stringify(
    ["posts", "post_tags", "post_revisions", "audit_log", "notifications"].map((t) =>
      n.db.$client.prepare(`select * from ${t} order by rowid`).all(),
    ),
  );

/** One step through changeStatus: the status after, one more version and one more revision. */
function step(
  actor: SessionUser | null,
  id: number,
  to: PostStatus,
  extra: { step?: NamedStep; note?: string; publishAt?: Date; reason?: string; now?: Date } = {},
) {
  const before = state(id);
  const history = revisions(id).length;
  expect(changeStatus(n.db, actor, { post: before, to, ...extra })).toBe(true);
  const after = state(id);
  expect(after.status).toBe(to);
  expect(after.version).toBe(before.version + 1);
  const added = revisions(id).slice(history);
  expect(added).toHaveLength(1);
  return added[0]!;
}

describe("changeStatus: each step", () => {
  it("publish, unpublish, schedule, go live, trash and restore from the trash", () => {
    const editor = n.staff.editor;
    const { id } = savePost(editor, fields()).post;
    expect(step(editor, id, "published").reason).toBe("Published");
    expect(audits(id).map((a) => a.action)).toEqual(["post-published"]);
    expect(step(editor, id, "draft").reason).toBe("Unpublished (back to draft)");
    expect(audits(id).map((a) => a.action)).toContain("post-unpublished");

    const at = new Date(Date.now() + HOUR);
    expect(step(editor, id, "scheduled", { publishAt: at }).reason).toMatch(/^Scheduled for /);
    expect(state(id).publishAt?.getTime()).toBe(at.getTime());
    const live = step(null, id, "published", { step: "go-live", now: new Date(at.getTime() + 5) });
    expect(live).toMatchObject({ reason: "Published as scheduled", userId: null });
    const row = n.db.select().from(posts).where(eq(posts.id, id)).get()!;
    expect(row.timestamp.getTime()).toBe(at.getTime());
    expect(row.publishAt).toBeNull();

    expect(step(editor, id, "trash").reason).toBe("Moved to trash");
    expect(audits(id).at(-1)?.action).toBe("post-trashed");
    expect(step(editor, id, "draft").reason).toBe("Saved draft");
  });

  it("submit, send back, approve and restore a revision", () => {
    const { id } = savePost(n.staff.contributor, fields()).post;
    expect(step(n.staff.contributor, id, "reviewing").reason).toBe("Sent to review");
    const sent = step(n.staff.editor, id, "draft", { step: "send-back", note: "Sources?" });
    expect(sent).toMatchObject({ reason: "Sent back to the author", note: "Sources?" });
    step(n.staff.contributor, id, "reviewing");
    expect(step(n.staff.admin, id, "published", { step: "approve" }).reason).toBe(
      "Approved and published",
    );
    const restored = step(n.staff.admin, id, "published", {
      step: "restore",
      reason: "Restored the revision",
    });
    expect(restored.reason).toBe("Restored the revision");
  });
});

describe("changeStatus: refused steps write nothing", () => {
  it("refuses by status, by role, by owner and by version, and the scheduler's early post", async () => {
    const { id } = savePost(n.staff.contributor, fields()).post;
    const before = snapshot();
    const refusals = [
      // Approve and Send back start only from review.
      [n.staff.editor, { step: "approve" as const, to: "published" as const }, 400],
      [n.staff.editor, { step: "send-back" as const, to: "draft" as const, note: "x" }, 400],
      // A Contributor neither publishes nor schedules; an Author does not touch others' posts.
      [n.staff.contributor, { to: "published" as const }, 403],
      [
        n.staff.contributor,
        { to: "scheduled" as const, publishAt: new Date(Date.now() + HOUR) },
        403,
      ],
      [n.staff.author, { to: "trash" as const }, 403],
      [n.staff.subscriber, { to: "trash" as const }, 403],
      // A person does not take the scheduler's step.
      [n.staff.admin, { step: "go-live" as const, to: "published" as const }, 403],
    ] as const;
    for (const [actor, change, status] of refusals) {
      const error = await caught(() => changeStatus(n.db, actor, { post: state(id), ...change }));
      expect(error.status).toBe(status);
    }
    // Read at an older version: someone saved in between.
    const stale = { ...state(id), version: state(id).version - 1 };
    expect(
      (await caught(() => changeStatus(n.db, n.staff.admin, { post: stale, to: "trash" }))).status,
    ).toBe(409);
    expect(snapshot()).toBe(before);

    // The scheduler's step on a post not yet due changes nothing and says so.
    const at = new Date(Date.now() + HOUR);
    step(n.staff.editor, id, "scheduled", { publishAt: at });
    const scheduled = snapshot();
    const early = { post: state(id), to: "published" as const, step: "go-live" as const };
    expect(changeStatus(n.db, null, early)).toBe(false);
    expect(changeStatus(n.db, null, { ...early, now: new Date(at.getTime() - 1) })).toBe(false);
    expect(snapshot()).toBe(scheduled);
  });
});

describe("the audit log follows the status, whichever screen changed it", () => {
  it("an approval is a publish", () => {
    const { id } = savePost(n.staff.contributor, fields({ action: "publish" })).post;
    approveAndPublish(n.staff.editor, id);
    expect(audits(id).map((a) => [a.action, a.actorName, a.summary])).toEqual([
      ["post-published", n.staff.editor.name, "One status change"],
    ]);
  });

  it("Move to Trash from the form is recorded like the list's Trash", () => {
    const { id } = savePost(n.staff.author, fields()).post;
    savePost(n.staff.author, fields({ action: "trash" }), { id });
    expect(audits(id).map((a) => a.action)).toEqual(["post-trashed"]);
  });

  it("the list's bulk Trash records each post it moved, by title, once", () => {
    const a = savePost(n.staff.author, fields({ title: "Bulk one" })).post.id;
    const b = savePost(n.staff.author, fields({ title: "Bulk two" })).post.id;
    trashPosts(n.staff.author, [a]);
    expect(trashPosts(n.staff.author, [a, b])).toBe(2);
    expect(audits(a).map((row) => [row.action, row.summary])).toEqual([
      ["post-trashed", "Bulk one"],
    ]);
    expect(audits(b).map((row) => [row.action, row.summary])).toEqual([
      ["post-trashed", "Bulk two"],
    ]);
  });
});
