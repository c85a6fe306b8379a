/**
 * Posts and their readers' comments, as an import writes them. Posts go
 * through the post sanitiser, keep their old addresses as redirects, and
 * carry their source's comments-closed switch; a scheduled post waits for
 * the scheduler (docs/behaviour.md §import).
 */

import { randomUUID } from "node:crypto";
import type { Statement } from "better-sqlite3";
import { eq } from "drizzle-orm";
import { categories, comments, posts, postTags } from "#db/schema";
import { COMMENT_NAME_MAX } from "~/domain/comments/vocabulary";
import { cleanContent } from "~/domain/content/pipeline.server";
import { nextId } from "~/platform/counters.server";
import { postPath, slugify } from "~/utils/slug";
import { htmlToText, proseText } from "~/utils/text";
import { decodeEntities, plainText } from "./entities";
import type { ImportLedger } from "./ledger.server";
import type { SourceComment, SourcePost } from "./records";
import { addRedirects } from "./redirects.server";
import type { BylineWriter } from "./write-bylines.server";
import type { PeopleWriter } from "./write-people.server";
import type { TermWriter } from "./write-terms.server";

/** Summary when the source has no excerpt: the first 200 characters of the text. */
export const SUMMARY_CHARS = 200;

/** The start of a text, for a summary or a report line. */
export const textStart = (text: string, chars = SUMMARY_CHARS) =>
  Array.from(text).slice(0, chars).join("").trim();

export class PostWriter {
  /** Scheduled posts written: the scheduler is woken once the job ends. */
  scheduled = 0;
  /** A comment's id and the thread it belongs to. */
  private readonly threadOf: Statement<[number], { id: number; parentId: number | null }>;

  constructor(
    private readonly ledger: ImportLedger,
    private readonly people: PeopleWriter,
    private readonly terms: TermWriter,
    private readonly bylines: BylineWriter,
  ) {
    this.threadOf = ledger.db.$client.prepare(
      "select id, parent_id as parentId from comments where id = ?",
    );
  }

  post(p: SourcePost) {
    const { db, media } = this.ledger;
    const title = plainText(p.title).trim() || "(untitled)";
    if (this.ledger.alreadyDone("post", p.sourceId, title, "post") !== null) return;
    const categoryId = this.terms.termFor("category", p.category ?? this.terms.defaultCategory());
    const category = db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, categoryId))
      .get();
    const tagIds = [...new Set(p.tags.map((t) => this.terms.termFor("tag", t)))];
    // The byline's first staff member owns the post; else the author as the file names them.
    const byline = this.bylines.resolve(p.byline);
    const authorId =
      byline.find((b) => b.userId !== null)?.userId ?? this.people.authorFor(p.author);
    const content = cleanContent(media.rewrite(p.html, authorId)).trim();
    const summary = htmlToText(p.excerpt).trim() || textStart(proseText(content));
    let photo = p.featureImage;
    if (photo) photo = media.localUrl(photo, authorId) ?? photo;
    if (photo && !/^(https?:\/\/|\/)/i.test(photo)) photo = null;
    const slug = slugify(p.slug) || slugify(title) || "post";
    // A scheduled post needs its time; without one it waits as a draft.
    const publishAt = p.status === "scheduled" ? (p.publishAt ?? null) : null;
    const status = p.status === "scheduled" && !publishAt ? "draft" : p.status;
    if (publishAt) this.scheduled += 1;
    const id = this.postId(p.keepId);
    const url = postPath(id, category?.slug, slug);
    db.insert(posts)
      .values({
        id,
        uid: randomUUID(),
        status,
        publishAt,
        title: title.slice(0, 300),
        slug,
        url,
        summary,
        content,
        categoryId,
        photo,
        socialCard: p.socialCard ?? null,
        commentsClosed: p.commentsClosed ?? false,
        ...(p.counts ?? {}),
        timestamp: p.date,
        authorId,
        createdAt: p.date,
        updatedAt: new Date(),
      })
      .run();
    if (tagIds.length > 0) {
      db.insert(postTags)
        .values(tagIds.map((tagId) => ({ postId: id, tagId })))
        .run();
    }
    this.bylines.write(id, byline);
    addRedirects(db, p.oldPaths, { postId: id }, url);
    this.ledger.remember("post", p.sourceId, id);
    const others = p.extraCategories.map((c) => `"${plainText(c.name)}"`).join(", ");
    const reasons = [
      p.statusNote,
      others ? `kept the category "${plainText(p.category?.name ?? "")}"; also in ${others}` : "",
      ...(p.remarks ?? []),
      content ? "" : "no content",
    ].filter(Boolean);
    this.ledger.note("created", "post", p.sourceId, title, reasons.join("; ") || undefined);
  }

  /** A kept id when it is free (the counter moves past it), else the next one. */
  private postId(keepId: number | undefined): number {
    const { db } = this.ledger;
    if (keepId && Number.isSafeInteger(keepId) && keepId > 0) {
      const taken = db.select({ id: posts.id }).from(posts).where(eq(posts.id, keepId)).get();
      if (!taken) {
        db.$client
          .prepare("update counters set next_id = max(next_id, ?) where collection = 'posts'")
          .run(keepId + 1);
        return keepId;
      }
    }
    return nextId(db, "posts");
  }

  /**
   * A reader's comment, under its imported post, with its status, name,
   * e-mail, address and date. A reply to a reply joins the thread's first
   * comment (one level, as here); a reply whose comment was not imported
   * stands on its own (noted).
   */
  comment(c: SourceComment) {
    const { db } = this.ledger;
    const name = decodeEntities(c.name).trim() || "Anonymous";
    // One line in the report: the name and the start of the text.
    const title = `${name}: ${textStart(c.body.replace(/\s+/g, " "), 60)}`;
    if (this.ledger.alreadyDone("comment", c.sourceId, title, "comment") !== null) return;
    const post = this.ledger.known("post", c.postSourceId);
    if (!post) {
      return this.ledger.note("skipped", "comment", c.sourceId, title, "its post was not imported");
    }
    let parentId: number | null = null;
    let reason: string | undefined;
    if (c.parentSourceId) {
      const parent = this.ledger.known("comment", c.parentSourceId);
      const row = parent && this.threadOf.get(parent.localId);
      if (row) parentId = row.parentId ?? row.id;
      else reason = "the comment it replies to was not imported; kept as a comment of its own";
    }
    const email = c.email.trim().toLowerCase();
    const url = c.url.trim();
    const id = db
      .insert(comments)
      .values({
        uid: randomUUID(),
        postId: post.localId,
        parentId,
        name: name.slice(0, COMMENT_NAME_MAX),
        email: /^[^\s@]+@[^\s@]+$/.test(email) ? email.slice(0, 254) : "",
        authorUrl: /^https?:\/\/\S+$/i.test(url) ? url.slice(0, 500) : "",
        body: c.body.trim(),
        status: c.status,
        createdAt: c.date,
        // History, not news: never announced to the post's author (docs/decisions/132-comment-author-notice.md).
        authorNotifiedAt: c.date,
      })
      .returning({ id: comments.id })
      .get().id;
    this.ledger.remember("comment", c.sourceId, id);
    this.ledger.note("created", "comment", c.sourceId, title, reason);
  }
}
