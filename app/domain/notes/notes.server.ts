/**
 * Editorial notes (docs/behaviour.md §editorial-notes, docs/decisions/215-editorial-notes.md):
 * staff who may edit a post open a thread on a passage of it, reply, mention colleagues and
 * resolve or reopen the thread. A thread is its first note (`thread_id` null); replies point at it.
 * The passage carries the thread's mark in the stored content (app/domain/content/notes.server.ts),
 * so readers never see a note and the note moves with its text.
 */
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { editorialNotes } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { anchoredNoteIds } from "~/domain/content/notes.server";
import { badRequest, DomainError, notFound, parseInput } from "~/domain/errors.server";
import { notifyMentioned } from "~/domain/notifications/notify.server";
import { loadOwnedPost } from "~/domain/posts/staff-views.server";
import { changeStatus } from "~/domain/workflow/status-change.server";
import { type Db, type DbOrTx, getDb } from "~/platform/db.server";
import { wrapBlock } from "./anchor.server";
import { mentionedColleagues } from "./mentions.server";

/** A note's text: 1 to 2,000 characters. */
const NoteBody = z
  .string({ error: "Write the note" })
  .trim()
  .min(1, "Write the note")
  .max(2000, "A note is at most 2,000 characters");
const Id = z.coerce.number({ error: "Unknown note" }).int().positive();

/** The longest quote kept beside a thread. */
const QUOTE_MAX = 1000;

const OpenSchema = z
  .object({
    postId: z.coerce.number().int().positive(),
    body: NoteBody,
    /** Without JavaScript: the block the note is on (its place in `noteBlocks`). */
    block: z.coerce.number({ error: "Choose a paragraph" }).int().min(0).optional(),
    /** With JavaScript: the selected text; the editor wraps it in the thread's mark. */
    quote: z.string().trim().max(QUOTE_MAX, "Select a shorter passage").optional(),
    /** The version of the post the block was chosen from. */
    version: z.coerce.number().int().positive().optional(),
  })
  .refine((v) => v.block !== undefined || (v.quote ?? "") !== "", {
    message: "Choose a paragraph or select a passage",
  });

/** The Edit Post address of a thread's passage. */
export const threadLink = (postId: number, threadId: number) =>
  `/admin/posts/edit/${postId}#note-${threadId}`;

const clip = (text: string) =>
  text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1)}…` : text;

function insertNote(
  db: DbOrTx,
  actor: SessionUser,
  values: { postId: number; threadId: number | null; quote?: string; body: string },
  now: Date,
): number {
  return db
    .insert(editorialNotes)
    .values({ ...values, authorId: actor.id, authorName: actor.name, createdAt: now })
    .returning({ id: editorialNotes.id })
    .get().id;
}

/** Mails the colleagues a note mentions, after the note is written; a failure is only logged. */
function tellMentioned(
  db: Db,
  actor: SessionUser,
  post: { id: number; title: string },
  thread: number,
  body: string,
) {
  try {
    const to = mentionedColleagues(db, body, actor.id);
    notifyMentioned(db, {
      to,
      writer: actor.name,
      post,
      note: body,
      link: threadLink(post.id, thread),
    });
  } catch (error) {
    console.error("Mention not sent:", error instanceof Error ? error.message : error);
  }
}

/**
 * Opens a thread on a post the actor may edit. On a block (no JavaScript) the block's content is
 * wrapped in the thread's mark and saved as a new version of the post, in the same transaction;
 * on a selection (JavaScript) the editor wraps it and the next save stores it.
 */
export function openThread(
  actor: SessionUser,
  raw: unknown,
  db: Db = getDb(),
  now = new Date(),
): { threadId: number; postId: number } {
  const input = parseInput(OpenSchema, raw);
  const post = loadOwnedPost(db, actor, input.postId);
  const threadId = db.transaction((tx) => {
    const txDb = tx as unknown as Db;
    const quote = clip(input.quote ?? "");
    const id = insertNote(
      txDb,
      actor,
      { postId: post.id, threadId: null, quote, body: input.body },
      now,
    );
    if (input.block === undefined) return id;
    if (input.version !== undefined && input.version !== post.version) {
      throw new DomainError(409, "The post was saved meanwhile; choose the paragraph again");
    }
    const wrapped = wrapBlock(post.content, input.block, id);
    if (!wrapped) throw badRequest("Choose a paragraph of the post");
    txDb
      .update(editorialNotes)
      .set({ quote: clip(wrapped.quote) })
      .where(eq(editorialNotes.id, id))
      .run();
    changeStatus(txDb, actor, {
      post,
      to: post.status,
      fields: { content: wrapped.html },
      reason: "Editorial note added",
      now,
    });
    return id;
  });
  tellMentioned(db, actor, post, threadId, input.body);
  return { threadId, postId: post.id };
}

/** A thread's first note, checked against the actor's right to edit its post. */
function loadThread(db: Db, actor: SessionUser, rawId: unknown) {
  const id = parseInput(Id, rawId);
  const thread = db
    .select()
    .from(editorialNotes)
    .where(and(eq(editorialNotes.id, id), isNull(editorialNotes.threadId)))
    .get();
  if (!thread) throw notFound("Note not found");
  const post = loadOwnedPost(db, actor, thread.postId);
  return { thread, post };
}

/** Replies to a thread (resolved or not). */
export function replyToThread(
  actor: SessionUser,
  raw: { threadId: unknown; body: unknown },
  db: Db = getDb(),
  now = new Date(),
): { threadId: number; postId: number } {
  const { thread, post } = loadThread(db, actor, raw.threadId);
  const body = parseInput(NoteBody, raw.body);
  insertNote(db, actor, { postId: post.id, threadId: thread.id, body }, now);
  tellMentioned(db, actor, post, thread.id, body);
  return { threadId: thread.id, postId: post.id };
}

/** Resolves (or, with `resolved` false, reopens) a thread. */
export function setThreadResolved(
  actor: SessionUser,
  rawId: unknown,
  resolved: boolean,
  db: Db = getDb(),
  now = new Date(),
): { threadId: number; postId: number } {
  const { thread, post } = loadThread(db, actor, rawId);
  db.update(editorialNotes)
    .set(
      resolved
        ? { resolvedAt: now, resolvedBy: actor.name }
        : { resolvedAt: null, resolvedBy: null },
    )
    .where(eq(editorialNotes.id, thread.id))
    .run();
  return { threadId: thread.id, postId: post.id };
}

export type NoteView = { id: number; body: string; authorName: string; createdAt: Date };
export type ThreadView = NoteView & {
  quote: string;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  /** False when the passage's mark is no longer in the stored content ("passage removed"). */
  anchored: boolean;
  replies: NoteView[];
};

/** A post's threads, oldest first, open ones before resolved ones; `content` is the stored content. */
export function listThreads(db: DbOrTx, postId: number, content: string): ThreadView[] {
  const rows = db
    .select()
    .from(editorialNotes)
    .where(eq(editorialNotes.postId, postId))
    .orderBy(asc(editorialNotes.id))
    .all();
  const anchored = anchoredNoteIds(content);
  const threads = new Map<number, ThreadView>();
  for (const row of rows) {
    const note = {
      id: row.id,
      body: row.body,
      authorName: row.authorName,
      createdAt: row.createdAt,
    };
    if (row.threadId === null) {
      threads.set(row.id, {
        ...note,
        quote: row.quote,
        resolvedAt: row.resolvedAt,
        resolvedBy: row.resolvedBy,
        anchored: anchored.has(row.id),
        replies: [],
      });
    } else {
      threads.get(row.threadId)?.replies.push(note);
    }
  }
  const all = [...threads.values()];
  return [...all.filter((t) => !t.resolvedAt), ...all.filter((t) => t.resolvedAt)];
}

/** How many open threads each post has (posts without any are absent), in one query. */
export function openNoteCounts(db: DbOrTx, postIds: readonly number[]): Map<number, number> {
  if (postIds.length === 0) return new Map();
  const rows = db
    .select({ postId: editorialNotes.postId, n: count() })
    .from(editorialNotes)
    .where(
      and(
        inArray(editorialNotes.postId, [...new Set(postIds)]),
        isNull(editorialNotes.threadId),
        isNull(editorialNotes.resolvedAt),
      ),
    )
    .groupBy(editorialNotes.postId)
    .all();
  return new Map(rows.map((r) => [r.postId, r.n]));
}

/** Publish warning (app/domain/workflow/publish-warnings.server.ts): open threads on the post. */
export function openNotesWarning(db: DbOrTx, post: { id: number | null }): string[] {
  if (post.id === null) return [];
  const n = openNoteCounts(db, [post.id]).get(post.id) ?? 0;
  if (n === 0) return [];
  return [n === 1 ? "1 editorial note is still open" : `${n} editorial notes are still open`];
}
