/**
 * What the inbox does with content (docs/federation.md "What is received"): a reply Note to a post
 * (or to a reply already here) becomes a comment through the comments' own rules; its author's
 * Update and Delete change or remove it; Like and Announce of a post are counted (Undo takes them
 * back). Everything else is acknowledged and ignored. The inbox has checked the signature and that
 * the signer is the activity's actor before this runs.
 */
import { and, count, eq } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import { apReactions, comments, posts } from "#db/schema";
import {
  editRemoteComment,
  removeRemoteComment,
  storeRemoteComment,
} from "~/domain/comments/remote.server";
import { parsePostId } from "~/domain/posts/ids";
import type { Db } from "~/platform/db.server";
import { htmlToText } from "~/utils/text";
import { type LocalActorRef, parsePostObjectId, siteOrigin } from "./ids.server";
import type { RemoteActor } from "./signatures.server";
import type { ApActivity } from "./vocabulary";

/** One received activity, its verified signer and the local actor it was sent to (none: the shared inbox). */
export type InboxContext = {
  db: Db;
  activity: ApActivity;
  signer: RemoteActor;
  recipient: LocalActorRef | null;
};

type Json = Record<string, unknown>;

export type ContentOutcome = "comment" | "edited" | "removed" | "reaction" | "undone" | "ignored";

/** An object's id, whether it came as a string or embedded. */
function idOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && typeof (value as Json).id === "string") {
    return (value as Json).id as string;
  }
  return null;
}

const isHttp = (url: unknown): url is string =>
  typeof url === "string" && /^https?:\/\//i.test(url);

/** Whether two addresses are on the same server (an object is its own server's to speak for). */
function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** The post an address names: its object id or its page URL; only published posts. */
function postIdOf(db: Db, uri: string): number | null {
  let id = parsePostObjectId(uri);
  if (id === null && uri.startsWith(`${siteOrigin()}/`)) {
    id = parsePostId(new URL(uri).pathname.split("/")[1]) ?? null;
  }
  if (id === null) return null;
  const row = db.select({ status: posts.status }).from(posts).where(eq(posts.id, id)).get();
  return row?.status === "published" ? id : null;
}

/**
 * A reply's HTML with the strict allowlist: paragraphs, line breaks and http(s) links (marked
 * nofollow ugc); every other element is dropped (its text kept), scripts and styles entirely.
 */
export function sanitizeReplyHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "a"],
    allowedAttributes: { a: ["href", "rel"] },
    allowedSchemes: ["http", "https"],
    allowedSchemesAppliedToAttributes: ["href"],
    allowProtocolRelative: false,
    transformTags: {
      a: (_tag, attribs) => ({
        tagName: "a",
        attribs: {
          ...(isHttp(attribs.href) ? { href: attribs.href } : {}),
          rel: "nofollow ugc noopener",
        },
      }),
    },
  }).trim();
}

/** A reply's plain text: mentions and hashtags as written, other links as their address. */
export function replyText(html: string): string {
  return htmlToText(
    html.replace(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi, (_m, attrs: string, inner: string) => {
      if (/\bclass\s*=\s*"[^"]*\b(?:mention|hashtag)\b/i.test(attrs)) return inner;
      const href = /\bhref\s*=\s*"(https?:[^"]*)"/i.exec(attrs)?.[1];
      return href ?? inner;
    }),
  );
}

/** The Note's HTML: `content`, else the first of `contentMap`. */
function contentOf(note: Json): string {
  if (typeof note.content === "string") return note.content;
  const map = note.contentMap;
  if (map && typeof map === "object") {
    const first = Object.values(map as Json).find((v) => typeof v === "string");
    if (typeof first === "string") return first;
  }
  return "";
}

/** A Note by the signer (its id on the signer's server, attributed to them), or null. */
function signersNote(ctx: InboxContext): Json | null {
  const note = ctx.activity.object;
  if (!note || typeof note !== "object") return null;
  const object = note as Json;
  if (object.type !== "Note" || typeof object.id !== "string") return null;
  if (!sameOrigin(object.id, ctx.signer.uri)) return null;
  const by = idOf(
    Array.isArray(object.attributedTo) ? object.attributedTo[0] : object.attributedTo,
  );
  return by === null || by === ctx.signer.uri ? object : null;
}

/** Create{Note} in reply to a post or to a reply stored here: a comment awaiting moderation. */
function createReply(ctx: InboxContext): ContentOutcome {
  const note = signersNote(ctx);
  const inReplyTo = note ? idOf(note.inReplyTo) : null;
  if (!note || !inReplyTo) return "ignored";
  let postId = postIdOf(ctx.db, inReplyTo);
  let parentId: number | null = null;
  if (postId === null) {
    const parent = ctx.db
      .select({ id: comments.id, postId: comments.postId, parentId: comments.parentId })
      .from(comments)
      .where(eq(comments.remoteId, inReplyTo))
      .get();
    if (!parent) return "ignored";
    postId = parent.postId;
    parentId = parent.parentId ?? parent.id;
  }
  const html = contentOf(note);
  const url = idOf(Array.isArray(note.url) ? note.url[0] : note.url);
  const stored = storeRemoteComment(ctx.db, {
    source: "fediverse",
    postId,
    parentId,
    name: ctx.signer.name,
    handle: ctx.signer.handle,
    avatarUrl: isHttp(ctx.signer.icon) ? ctx.signer.icon : null,
    authorUrl: ctx.signer.uri,
    remoteId: note.id as string,
    remoteUrl: isHttp(url) ? url : (note.id as string),
    body: replyText(html),
    bodyHtml: sanitizeReplyHtml(html),
  });
  return stored ? "comment" : "ignored";
}

/** Update{Note}: the signer's reply, edited. */
function updateReply(ctx: InboxContext): ContentOutcome {
  const note = signersNote(ctx);
  if (!note) return "ignored";
  const html = contentOf(note);
  const edited = editRemoteComment(ctx.db, note.id as string, ctx.signer.uri, {
    body: replyText(html),
    bodyHtml: sanitizeReplyHtml(html),
  });
  return edited ? "edited" : "ignored";
}

/** Delete{Note|Tombstone}: the signer's reply, removed. */
function deleteReply(ctx: InboxContext): ContentOutcome {
  const id = idOf(ctx.activity.object);
  if (!id) return "ignored";
  return removeRemoteComment(ctx.db, id, ctx.signer.uri) ? "removed" : "ignored";
}

const REACTIONS = { Like: "like", Announce: "announce" } as const;

/** Like or Announce of a post: one per actor, post and kind. */
function react(ctx: InboxContext, kind: "like" | "announce"): ContentOutcome {
  const target = idOf(ctx.activity.object);
  const postId = target ? postIdOf(ctx.db, target) : null;
  const activityId = idOf(ctx.activity);
  if (postId === null || !activityId) return "ignored";
  const added = ctx.db
    .insert(apReactions)
    .values({ postId, kind, actorUri: ctx.signer.uri, activityId, createdAt: Date.now() })
    .onConflictDoNothing()
    .run().changes;
  return added > 0 ? "reaction" : "ignored";
}

/** Undo{Like|Announce}: by the undone activity's id, or by what it named. */
function undo(ctx: InboxContext): ContentOutcome {
  const object = ctx.activity.object;
  const undoneId = idOf(object);
  const mine = eq(apReactions.actorUri, ctx.signer.uri);
  let removed = undoneId
    ? ctx.db
        .delete(apReactions)
        .where(and(mine, eq(apReactions.activityId, undoneId)))
        .run().changes
    : 0;
  if (removed === 0 && object && typeof object === "object") {
    const inner = object as Json;
    const kind = REACTIONS[inner.type as keyof typeof REACTIONS];
    const target = idOf(inner.object);
    const postId = target ? postIdOf(ctx.db, target) : null;
    if (kind && postId !== null) {
      removed = ctx.db
        .delete(apReactions)
        .where(and(mine, eq(apReactions.postId, postId), eq(apReactions.kind, kind)))
        .run().changes;
    }
  }
  return removed > 0 ? "undone" : "ignored";
}

/** Handles a content activity from a verified signer; anything else is ignored. */
export function handleContentActivity(ctx: InboxContext): ContentOutcome {
  switch (ctx.activity.type) {
    case "Create":
      return createReply(ctx);
    case "Update":
      return updateReply(ctx);
    case "Delete":
      return deleteReply(ctx);
    case "Like":
    case "Announce":
      return react(ctx, REACTIONS[ctx.activity.type]);
    case "Undo":
      return undo(ctx);
    default:
      return "ignored";
  }
}

/** A post's likes and boosts from the fediverse (staff see them with its statistics). */
export function fediverseReactions(db: Db, postId: number): { likes: number; boosts: number } {
  const rows = db
    .select({ kind: apReactions.kind, n: count() })
    .from(apReactions)
    .where(eq(apReactions.postId, postId))
    .groupBy(apReactions.kind)
    .all();
  return {
    likes: rows.find((r) => r.kind === "like")?.n ?? 0,
    boosts: rows.find((r) => r.kind === "announce")?.n ?? 0,
  };
}
