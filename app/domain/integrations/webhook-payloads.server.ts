/**
 * What a webhook is told about each event (docs/integrations.md "Webhooks"): the body is built
 * when the event is consumed, from the rows as they are then, so every webhook queued for one
 * event gets the same bytes and a retry resends exactly them. A subject already gone falls back
 * to the snapshot the trigger kept (deleted posts, unsubscribed readers).
 */
import { eq } from "drizzle-orm";
import {
  categories,
  comments,
  newsletters,
  posts,
  subscriberAudiences,
  subscribers,
} from "#db/schema";
import { authorsOf, bylineOf } from "~/domain/bylines/read.server";
import type { Db } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import type { SiteEvent } from "~/platform/site-events.server";
import { absoluteUrl } from "~/utils/seo";
import type { WebhookBody } from "./webhooks.server";

type Data = Record<string, unknown>;

const iso = (value: Date | number | null | undefined) =>
  value == null ? null : new Date(value).toISOString();

const absolute = (path: string) => (path ? absoluteUrl(readEnv().publicUrl, path) : null);

/** The trigger's snapshot (`{uid, title, url}` or `{uid, email, name}`), or {}. */
function snapshot(event: SiteEvent): Data {
  const data: unknown = event.data;
  if (typeof data === "string") {
    try {
      return snapshotOf(JSON.parse(data));
    } catch {
      return {};
    }
  }
  return snapshotOf(data);
}

const snapshotOf = (value: unknown): Data =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Data) : {};

function postData(db: Db, event: SiteEvent): Data {
  const saved = snapshot(event);
  const row =
    event.topic === "post.deleted"
      ? undefined
      : db
          .select({
            id: posts.id,
            uid: posts.uid,
            title: posts.title,
            url: posts.url,
            status: posts.status,
            visibility: posts.visibility,
            summary: posts.summary,
            photo: posts.photo,
            timestamp: posts.timestamp,
            updatedAt: posts.updatedAt,
            category: categories.name,
          })
          .from(posts)
          .leftJoin(categories, eq(categories.id, posts.categoryId))
          .where(eq(posts.id, event.subjectId))
          .get();
  if (!row) {
    return {
      id: event.subjectId,
      uid: saved.uid ?? null,
      title: saved.title ?? null,
      url: typeof saved.url === "string" ? absolute(saved.url) : null,
      status: event.topic === "post.deleted" ? "deleted" : "unpublished",
    };
  }
  const authors = authorsOf(bylineOf(db, row.id)).map((a) => ({
    name: a.name,
    url: a.slug ? absolute(`/author/${a.slug}`) : null,
  }));
  return {
    id: row.id,
    uid: row.uid,
    title: row.title,
    url: absolute(row.url),
    status: row.status,
    visibility: row.visibility,
    category: row.category ?? null,
    authors,
    published_at: iso(row.timestamp),
    updated_at: iso(row.updatedAt),
    summary: row.summary,
    photo: row.photo ? absolute(row.photo) : null,
  };
}

function subscriberData(db: Db, event: SiteEvent): Data {
  const row = db
    .select({
      id: subscribers.id,
      uid: subscribers.uid,
      email: subscribers.email,
      name: subscribers.name,
      status: subscribers.status,
      timestamp: subscribers.timestamp,
    })
    .from(subscribers)
    .where(eq(subscribers.id, event.subjectId))
    .get();
  if (!row) {
    const saved = snapshot(event);
    return {
      uid: saved.uid ?? null,
      email: saved.email ?? null,
      name: saved.name ?? null,
      status: "Unsubscribed",
      audiences: [],
    };
  }
  const audiences = db
    .select({ audience: subscriberAudiences.audience })
    .from(subscriberAudiences)
    .where(eq(subscriberAudiences.subscriberId, row.id))
    .all()
    .map((a) => a.audience);
  return {
    uid: row.uid,
    email: row.email,
    name: row.name,
    status: row.status,
    audiences,
    subscribed_at: iso(row.timestamp),
  };
}

/** A comment caught as spam (or already binned) is not announced: null. */
function commentData(db: Db, event: SiteEvent): Data | null {
  const row = db
    .select({
      id: comments.id,
      uid: comments.uid,
      parentId: comments.parentId,
      name: comments.name,
      body: comments.body,
      status: comments.status,
      source: comments.source,
      createdAt: comments.createdAt,
      postId: posts.id,
      postTitle: posts.title,
      postUrl: posts.url,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, event.subjectId))
    .get();
  if (!row || row.status === "spam" || row.status === "trash") return null;
  return {
    id: row.id,
    uid: row.uid,
    parent_id: row.parentId,
    post: { id: row.postId, title: row.postTitle, url: absolute(row.postUrl) },
    url: `${absolute(row.postUrl)}#comment-${row.id}`,
    name: row.name,
    body: row.body,
    status: row.status,
    source: row.source,
    created_at: iso(row.createdAt),
  };
}

function newsletterData(db: Db, event: SiteEvent): Data | null {
  const row = db.select().from(newsletters).where(eq(newsletters.id, event.subjectId)).get();
  if (!row) return null;
  return {
    uid: row.uid,
    subject: row.subject,
    audience: row.audience,
    status: row.status,
    recipient_count: row.recipientCount,
    delivered_count: row.deliveredCount,
    failed_count: row.failedCount,
    skipped_count: row.skippedCount,
    sent_at: iso(row.sentAt),
  };
}

/** The `data` of an event, or null when there is nothing to announce. */
function dataOf(db: Db, event: SiteEvent): Data | null {
  const [subject] = event.topic.split(".");
  switch (subject) {
    case "post":
      return postData(db, event);
    case "subscriber":
      return subscriberData(db, event);
    case "comment":
      return commentData(db, event);
    case "newsletter":
      return newsletterData(db, event);
    default:
      return null;
  }
}

/** The body every webhook following `event` is sent, or null to send none. */
export function webhookBody(db: Db, event: SiteEvent): WebhookBody | null {
  const data = dataOf(db, event);
  if (!data) return null;
  return {
    id: `evt_${event.id}`,
    event: event.topic,
    created_at: new Date(event.at).toISOString(),
    data,
  };
}
