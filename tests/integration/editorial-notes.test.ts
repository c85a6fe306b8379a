/**
 * Editorial notes (docs/behaviour.md §editorial-notes): threads on a passage, replies, resolve and
 * reopen; only staff who may edit the post; a mentioned colleague is e-mailed through the app's
 * transport; the passage's mark survives saves and restores (what readers get:
 * editorial-notes-readers.test.ts); Publish warns while notes are open.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { editorialNotes, posts, users } from "#db/schema";
import { noteBlocks } from "~/domain/notes/anchor.server";
import { mentionedHandles } from "~/domain/notes/mentions.server";
import {
  listThreads,
  openNoteCounts,
  openThread,
  replyToThread,
  setThreadResolved,
} from "~/domain/notes/notes.server";
import { notificationMailSettled } from "~/domain/notifications/notify.server";
import { savePost } from "~/domain/posts/editing.server";
import { updateSettings } from "~/domain/site/settings.server";
import { listRevisions, restoreRevision } from "~/domain/workflow/revision-views.server";
import { readEnv } from "~/platform/env.server";
import { loader as postsLoader } from "~/routes/admin.posts";
import { action as editAction, loader as editLoader } from "~/routes/admin.posts-edit";
import { readFlash } from "~/web/flash.server";
import { routeArgs } from "../helpers";
import {
  BASE,
  caught,
  decodeQuotedPrintable,
  makeUser,
  sessionCookie,
  setupNewsroom,
  startSmtpServer,
} from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

const CONTENT =
  "<h2>Opening</h2><p>The first paragraph says something bold.</p><ul><li>One point</li></ul><p>The closing paragraph.</p>";

function draft(actor = n.staff.author, content = CONTENT, action = "draft") {
  return savePost(actor, {
    action,
    title: "Notes under test",
    category: "Crypto",
    summary: "A summary.",
    content,
    tags: [],
  }).post;
}
const stored = (id: number) => n.db.select().from(posts).where(eq(posts.id, id)).get();
const noteCount = () => n.db.select().from(editorialNotes).all().length;

/** Posts a notes form as `who` (a plain form: no `js`). */
async function postNoteForm(who: { id: number }, postId: number, fields: Record<string, string>) {
  const cookie = await sessionCookie(who as never);
  const request = new Request(`${BASE}/admin/posts/edit/${postId}?notes`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return editAction(routeArgs(request, { id: String(postId) }) as never);
}

beforeAll(async () => {
  n = setupNewsroom();
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await notificationMailSettled();
  delete process.env.SMTP_URL;
  await smtp.close();
});
beforeEach(async () => {
  await notificationMailSettled();
  smtp.received.length = 0;
});

describe("threads", () => {
  it("a note on a paragraph wraps it in the thread's mark and saves a new version", () => {
    const post = draft();
    expect(noteBlocks(post.content).map((b) => b.label)).toEqual([
      "Opening",
      "The first paragraph says something bold.",
      "One point",
      "The closing paragraph.",
    ]);
    const { threadId } = openThread(n.staff.author, {
      postId: post.id,
      body: "Is this too bold?",
      block: "1",
      version: String(post.version),
    });
    const after = stored(post.id);
    expect(after?.content).toContain(
      `<p><mark class="ik-note" data-note="${threadId}">The first paragraph says something bold.</mark></p>`,
    );
    expect(after?.version).toBe(post.version + 1);
    expect(listRevisions(n.staff.author, post.id)[0]?.reason).toBe("Editorial note added");
    const [thread] = listThreads(n.db, post.id, after?.content ?? "");
    expect(thread).toMatchObject({
      id: threadId,
      quote: "The first paragraph says something bold.",
      body: "Is this too bold?",
      authorName: "Abe",
      anchored: true,
      resolvedAt: null,
      replies: [],
    });
  });

  it("replies, resolves and reopens; counts open threads for many posts in one call", () => {
    const a = draft();
    const b = draft();
    const t1 = openThread(n.staff.author, {
      postId: a.id,
      body: "First",
      quote: "passage",
    }).threadId;
    openThread(n.staff.editor, { postId: a.id, body: "Second", quote: "other" });
    openThread(n.staff.editor, { postId: b.id, body: "On b", quote: "b" });
    replyToThread(n.staff.editor, { threadId: t1, body: "Agreed" });
    expect(openNoteCounts(n.db, [a.id, b.id])).toEqual(
      new Map([
        [a.id, 2],
        [b.id, 1],
      ]),
    );
    setThreadResolved(n.staff.editor, t1, true);
    expect(openNoteCounts(n.db, [a.id]).get(a.id)).toBe(1);
    const threads = listThreads(n.db, a.id, stored(a.id)?.content ?? "");
    const resolved = threads.find((t) => t.id === t1);
    expect(resolved?.resolvedBy).toBe("Eve");
    expect(resolved?.replies.map((r) => r.body)).toEqual(["Agreed"]);
    // Open threads first; a selection's mark is not stored yet: "passage removed".
    expect(threads.map((t) => t.body)).toEqual(["Second", "First"]);
    expect(resolved?.anchored).toBe(false);
    setThreadResolved(n.staff.author, t1, false);
    expect(openNoteCounts(n.db, [a.id]).get(a.id)).toBe(2);
  });

  it("the review queue shows each post's open notes", async () => {
    const post = draft(n.staff.contributor, CONTENT, "publish");
    openThread(n.staff.editor, { postId: post.id, body: "One", block: 0 });
    openThread(n.staff.editor, { postId: post.id, body: "Two", block: 1 });
    const list = await postsLoader(
      routeArgs(
        new Request(`${BASE}/admin/posts?status=reviewing`, {
          headers: { Cookie: await sessionCookie(n.staff.editor as never) },
        }),
      ) as never,
    );
    const row = list.posts.find((p: { id: number }) => p.id === post.id);
    expect(row?.status).toBe("reviewing");
    expect(row?.openNotes).toBe(2);
  });

  it("refuses staff who may not edit the post, and bad input, writing nothing", async () => {
    const post = draft();
    const before = noteCount();
    const { threadId } = openThread(n.staff.author, { postId: post.id, body: "Mine", quote: "x" });
    const count = noteCount();
    expect(count).toBe(before + 1);
    for (const who of [n.staff.author2, n.staff.contributor, n.staff.subscriber]) {
      expect(
        (await caught(() => openThread(who, { postId: post.id, body: "Hi", block: 0 }))).status,
      ).toBe(403);
      expect((await caught(() => replyToThread(who, { threadId, body: "Hi" }))).status).toBe(403);
      expect((await caught(() => setThreadResolved(who, threadId, true))).status).toBe(403);
    }
    const bad = [
      { postId: post.id, body: "", block: 0 },
      { postId: post.id, body: "x".repeat(2001), block: 0 },
      { postId: post.id, body: "No place" },
      { postId: post.id, body: "No such block", block: 99 },
      { postId: 999999, body: "No post", block: 0 },
    ];
    const statuses = [];
    for (const input of bad)
      statuses.push((await caught(() => openThread(n.staff.editor, input))).status);
    expect(statuses).toEqual([400, 400, 400, 400, 404]);
    expect(
      (await caught(() => replyToThread(n.staff.editor, { threadId: 424242, body: "x" }))).status,
    ).toBe(404);
    expect(noteCount()).toBe(count);
    expect(stored(post.id)?.version).toBe(post.version);
  });

  it("a paragraph chosen from an older version is refused (409)", async () => {
    const post = draft();
    const refused = await caught(() =>
      openThread(n.staff.author, {
        postId: post.id,
        body: "Late",
        block: 0,
        version: post.version + 5,
      }),
    );
    expect(refused.status).toBe(409);
  });

  it("notes survive saves; a thread whose mark was deleted is still listed; a restore brings it back", () => {
    const post = draft();
    const { threadId } = openThread(n.staff.author, { postId: post.id, body: "Keep", block: 3 });
    const marked = stored(post.id)?.content ?? "";
    // A save from the editor keeps the mark.
    savePost(
      n.staff.author,
      { ...base(), content: marked.replace("closing", "final") },
      { id: post.id },
    );
    expect(stored(post.id)?.content).toContain(
      `data-note="${threadId}">The final paragraph.</mark>`,
    );
    // The passage deleted: the thread stays, "passage removed".
    savePost(n.staff.author, { ...base(), content: "<p>All new.</p>" }, { id: post.id });
    const [gone] = listThreads(n.db, post.id, stored(post.id)?.content ?? "");
    expect(gone).toMatchObject({ id: threadId, anchored: false });
    const revision = listRevisions(n.staff.author, post.id).find(
      (r) => r.reason === "Editorial note added",
    );
    restoreRevision(n.staff.author, post.id, revision?.id ?? 0);
    expect(stored(post.id)?.content).toContain(`data-note="${threadId}"`);
    expect(listThreads(n.db, post.id, stored(post.id)?.content ?? "")[0]?.anchored).toBe(true);
  });
});

const base = () => ({
  action: "draft",
  title: "Notes under test",
  category: "Crypto",
  summary: "A summary.",
  tags: [],
});

describe("Edit Post's notes forms without JavaScript", () => {
  it("Add note redirects to the thread with a message; the loader lists it with the paragraphs", async () => {
    const post = draft();
    const res = (await postNoteForm(n.staff.author, post.id, {
      intent: "note-open",
      block: "0",
      body: "Retitle?",
      postVersion: String(post.version),
    })) as Response;
    expect(res.status).toBe(303);
    const thread = n.db
      .select()
      .from(editorialNotes)
      .where(eq(editorialNotes.body, "Retitle?"))
      .get();
    expect(res.headers.get("Location")).toBe(`/admin/posts/edit/${post.id}#note-${thread?.id}`);
    const cookie = (res.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const { flash } = await readFlash(new Request(BASE, { headers: { Cookie: cookie } }));
    expect(flash).toEqual({ type: "success", message: "Note added" });

    const page = await editLoader(
      routeArgs(
        new Request(`${BASE}/admin/posts/edit/${post.id}`, {
          headers: { Cookie: await sessionCookie(n.staff.author as never) },
        }),
        { id: String(post.id) },
      ) as never,
    );
    expect(page.notes.threads[0]).toMatchObject({ quote: "Opening", anchored: true });
    expect(page.notes.blocks).toHaveLength(4);
  });

  it("a refused note answers the page with the message and what was typed (400)", async () => {
    const post = draft();
    const res = (await postNoteForm(n.staff.author, post.id, {
      intent: "note-open",
      body: "No paragraph chosen",
    })) as {
      data: { notes: { ok: boolean; message: string; body: string } };
      init: { status: number };
    };
    expect(res.init.status).toBe(400);
    expect(res.data.notes).toMatchObject({ ok: false, body: "No paragraph chosen" });
    expect(res.data.notes.message).toMatch(/^Error saving note: Choose a paragraph/);
  });

  it("a fetcher (js=1) gets the outcome as data", async () => {
    const post = draft();
    const res = (await postNoteForm(n.staff.editor, post.id, {
      intent: "note-open",
      quote: "something bold",
      body: "From the editor",
      js: "1",
    })) as { data: { notes: { ok: boolean; threadId: number } } };
    expect(res.data.notes.ok).toBe(true);
    const resolved = (await postNoteForm(n.staff.editor, post.id, {
      intent: "note-resolve",
      thread: String(res.data.notes.threadId),
      js: "1",
    })) as { data: { notes: { message: string } } };
    expect(resolved.data.notes.message).toBe("Note resolved");
  });
});

describe("mentions", () => {
  it("e-mails each mentioned colleague (slug or unique first name) a link to the passage", async () => {
    updateSettings(n.staff.admin, { enableUserNotifications: true });
    const maya = makeUser("Editor", { name: "Maya Okafor", email: "maya@example.com" });
    n.db.update(users).set({ slug: "maya-okafor" }).where(eq(users.id, maya.id)).run();
    expect(mentionedHandles("Ask @maya-okafor, and @Eve. Not me@example.com")).toEqual([
      "maya-okafor",
      "eve",
    ]);
    const post = draft();
    const { threadId } = openThread(n.staff.author, {
      postId: post.id,
      body: "@maya-okafor can you check the figures? cc @eve @nobody",
      block: 1,
    });
    await notificationMailSettled();
    const mails = smtp.received.map((m) => ({ to: m.to, raw: decodeQuotedPrintable(m.raw) }));
    const toMaya = mails.find((m) => m.to.includes("maya@example.com"));
    expect(toMaya?.raw).toContain("Abe mentioned you in a note on: Notes under test");
    expect(toMaya?.raw).toContain(
      `${readEnv().publicUrl}/admin/posts/edit/${post.id}#note-${threadId}`,
    );
    const eve = n.db.select().from(users).where(eq(users.id, n.staff.editor.id)).get();
    expect(mails.some((m) => m.to.includes(eve?.email ?? "?"))).toBe(true);
    expect(mails).toHaveLength(2);

    // A reply mentioning the writer themself and a Subscriber tells no one.
    smtp.received.length = 0;
    replyToThread(n.staff.author, { threadId, body: "Thanks @abe and @sue" });
    await notificationMailSettled();
    expect(smtp.received).toHaveLength(0);
    updateSettings(n.staff.admin, { enableUserNotifications: false });
  });
});

describe("Publish warns while notes are open", () => {
  async function publish(postId: number, extra: Record<string, string> = {}) {
    const post = stored(postId);
    const fields = new URLSearchParams({
      intent: "publish",
      title: post?.title ?? "",
      categoryId: String(n.cats.crypto.id),
      summary: post?.summary ?? "",
      content: post?.content ?? "",
      version: String(post?.version),
      ...extra,
    });
    const request = new Request(`${BASE}/admin/posts/edit/${postId}`, {
      method: "POST",
      headers: {
        Cookie: await sessionCookie(n.staff.author as never),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: fields.toString(),
    });
    return editAction(routeArgs(request, { id: String(postId) }) as never);
  }

  it("answers Publish with the warnings; Publish anyway publishes", async () => {
    const post = draft();
    openThread(n.staff.author, { postId: post.id, body: "One", block: 0 });
    openThread(n.staff.editor, { postId: post.id, body: "Two", block: 1 });
    const asked = (await publish(post.id)) as unknown as {
      data: { publishWarnings: string[]; values: { title: string } };
    };
    expect(asked.data.publishWarnings).toEqual(["2 editorial notes are still open"]);
    expect(asked.data.values.title).toBe("Notes under test");
    expect(stored(post.id)?.status).toBe("draft");

    const done = (await publish(post.id, { confirmWarnings: "yes" })) as Response;
    expect(done.status).toBe(303);
    expect(stored(post.id)?.status).toBe("published");
  });

  it("publishes straight away once every note is resolved", async () => {
    const post = draft();
    const { threadId } = openThread(n.staff.author, { postId: post.id, body: "Only", block: 0 });
    setThreadResolved(n.staff.author, threadId, true);
    const done = (await publish(post.id)) as Response;
    expect(done.status).toBe(303);
    expect(stored(post.id)?.status).toBe("published");
  });
});
