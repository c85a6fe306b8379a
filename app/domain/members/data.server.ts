/**
 * A member's own data (docs/members.md "Your data"): the likes they make while signed in,
 * and the "Download my data" file with everything stored about them. The download is
 * noted in the audit log, without its content.
 */
import { asc, eq } from "drizzle-orm";
import { memberLikes, memberSignIns, posts, subscribers } from "#db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { notFound } from "~/domain/errors.server";
import { memberAudiences, memberComments } from "~/domain/members/account.server";
import type { Member } from "~/domain/members/session.server";
import { likePost } from "~/domain/posts/engagement.server";
import type { Db } from "~/platform/db.server";

/** Notes a like by a signed-in member (once per post; the post's count is the like call's). */
export function recordMemberLike(db: Db, subscriberId: number, postId: number, now = Date.now()) {
  db.insert(memberLikes).values({ subscriberId, postId, at: now }).onConflictDoNothing().run();
}

/**
 * A reader's like (docs/behaviour.md §engagement): +1 on the post, and noted as the member's when
 * one is signed in. The JSON call and the form without JavaScript both come here.
 */
export function likeAsReader(db: Db, postId: unknown, member: Member | null) {
  const liked = likePost(db, postId);
  if (member) recordMemberLike(db, member.id, liked.id);
  return liked;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Everything stored about the member, as one JSON document. */
export function memberDataExport(db: Db, member: Member, address = "") {
  const row = db.select().from(subscribers).where(eq(subscribers.id, member.id)).get();
  if (!row) throw notFound("Account not found");
  const likes = db
    .select({ at: memberLikes.at, title: posts.title, url: posts.url })
    .from(memberLikes)
    .innerJoin(posts, eq(posts.id, memberLikes.postId))
    .where(eq(memberLikes.subscriberId, row.id))
    .orderBy(asc(memberLikes.at))
    .all();
  const signIns = db
    .select()
    .from(memberSignIns)
    .where(eq(memberSignIns.subscriberId, row.id))
    .orderBy(asc(memberSignIns.at))
    .all();
  recordAudit(db, {
    action: "member-data-downloaded",
    targetType: "member",
    targetId: row.uid,
    address,
  });
  return {
    exportedAt: new Date().toISOString(),
    member: {
      uid: row.uid,
      name: row.name,
      email: row.email,
      newsletterStatus: row.status,
      subscribedAt: row.timestamp.toISOString(),
      memberSince: iso(row.memberSince),
      lastSignInAt: iso(row.lastSignInAt),
    },
    audiences: memberAudiences(db, row.id),
    comments: memberComments(db, row.id, 100_000).map((c) => ({
      post: c.postTitle,
      url: c.postUrl,
      body: c.body,
      status: c.status,
      createdAt: iso(c.createdAt),
    })),
    likes: likes.map((l) => ({ post: l.title, url: l.url, at: iso(l.at) })),
    signIns: signIns.map((s) => ({
      at: iso(s.at),
      method: s.method,
      browser: s.userAgent,
      address: s.address,
    })),
  };
}
