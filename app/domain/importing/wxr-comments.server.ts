/**
 * A WordPress post's `wp:comment`s as records (docs/behaviour.md §comments,
 * decision 116): parents before their replies, pingbacks and trackbacks
 * reported, not kept.
 */
import type { CommentStatus } from "~/domain/comments/vocabulary";
import { commentText } from "./content.server";
import type { SourceRecord } from "./records";
import { type Node, raw, text, wpDate } from "./wxr-xml.server";

export const commentsOf = (node: Node) =>
  node.children.filter((c) => c.ns + c.name === "wp:comment");

/** `comment_approved`; an export without it (older files) leaves the comment to moderation. */
const COMMENT_STATUS: Record<string, CommentStatus> = {
  "": "pending",
  "1": "approved",
  approve: "approved",
  "0": "pending",
  hold: "pending",
  spam: "spam",
  trash: "trash",
  "post-trashed": "trash",
};

const skipped = (sourceId: string, title: string, reason: string): SourceRecord => ({
  type: "skip",
  value: { kind: "comment", sourceId, title, reason },
});

/**
 * A post's comments, parents before their replies. Pingbacks and trackbacks
 * are reported, not kept: they are not readers' comments.
 */
export function commentRecords(node: Node, postSourceId: string): SourceRecord[] {
  const pending = commentsOf(node).map((c) => ({
    id: text(c, "wp:comment_id"),
    parent: text(c, "wp:comment_parent"),
    node: c,
  }));
  const ids = new Set(pending.map((c) => c.id));
  const placed = new Set<string>();
  const ordered: typeof pending = [];
  // A parent listed later in the file is written first; a loop or a missing parent ends the wait.
  while (pending.length > 0) {
    const index = pending.findIndex(
      (c) => !c.parent || c.parent === "0" || placed.has(c.parent) || !ids.has(c.parent),
    );
    const [next] = pending.splice(index === -1 ? 0 : index, 1);
    placed.add(next.id);
    ordered.push(next);
  }
  return ordered.map(({ id, parent, node: c }): SourceRecord => {
    const kind = text(c, "wp:comment_type");
    const name = text(c, "wp:comment_author");
    if (kind === "pingback" || kind === "trackback") {
      return skipped(id, name, `a ${kind}, not a comment`);
    }
    const approved = text(c, "wp:comment_approved");
    const status = COMMENT_STATUS[approved];
    if (!status) return skipped(id, name, `status "${approved}" is not imported`);
    return {
      type: "comment",
      value: {
        sourceId: id,
        postSourceId,
        parentSourceId: parent && parent !== "0" ? parent : null,
        name,
        email: text(c, "wp:comment_author_email"),
        url: text(c, "wp:comment_author_url"),
        body: commentText(raw(c, "wp:comment_content")),
        status,
        date: wpDate(text(c, "wp:comment_date"), text(c, "wp:comment_date_gmt"), ""),
      },
    };
  });
}

/** A page's comments, reported: pages take no comments here. */
export function pageCommentSkips(node: Node): SourceRecord[] {
  return commentsOf(node).map((c) =>
    skipped(
      text(c, "wp:comment_id"),
      text(c, "wp:comment_author"),
      "a comment on a page (pages take no comments here)",
    ),
  );
}
