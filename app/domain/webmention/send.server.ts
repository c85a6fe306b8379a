/**
 * Sending Webmentions (docs/federation.md "Webmention"): when a public post goes live or changes,
 * every page it links to is told, once per version of the post; when it goes away, the pages it
 * had told are told again so they check and drop the mention. Queued by the site-event consumer
 * (no network there); each is one delivery that discovers the target's endpoint and posts to it.
 */
import { and, eq } from "drizzle-orm";
import { deliveries, posts } from "#db/schema";
import { getSettings } from "~/domain/site/settings.server";
import type { Db } from "~/platform/db.server";
import {
  type AttemptResult,
  type DeliveryHandler,
  enqueueDelivery,
} from "~/platform/delivery-queue.server";
import { readEnv } from "~/platform/env.server";
import { OutboundError, outboundRequest } from "~/platform/outbound-http.server";
import type { SiteEventConsumer } from "~/platform/site-events.server";
import { absoluteUrl } from "~/utils/seo";
import { endpointOf } from "./discover.server";
import { MAX_TARGETS, outgoingLinks } from "./html.server";

export const SEND_KIND = "webmention";
/** The largest target page read while looking for its endpoint. */
const DISCOVERY_MAX_BYTES = 2 * 1024 * 1024;

type Mention = { source: string; target: string };

/** Every target this post has been mentioned to (its deliveries are owned by the post's id). */
function earlierTargets(db: Db, postId: number): string[] {
  return db
    .selectDistinct({ target: deliveries.target })
    .from(deliveries)
    .where(and(eq(deliveries.kind, SEND_KIND), eq(deliveries.ownerId, postId)))
    .limit(MAX_TARGETS)
    .all()
    .map((r) => r.target);
}

function queueMentions(db: Db, postId: number, source: string, targets: string[], stamp: string) {
  for (const target of targets) {
    enqueueDelivery(db, {
      kind: SEND_KIND,
      key: `wm:${postId}:${target}:${stamp}`,
      target,
      payload: JSON.stringify({ source, target } satisfies Mention),
      ownerId: postId,
      meta: { postId },
    });
  }
}

const POST_TOPICS = new Set(["post.published", "post.updated", "post.unpublished", "post.deleted"]);

/**
 * The site-event consumer (synchronous; queues only). A live public post mentions the pages it
 * links to now and those it mentioned before (a link removed in an edit is told too, so the
 * receiver drops it); the key carries the post's version, so each edit sends once. A post
 * unpublished, deleted or no longer public tells the pages it had mentioned.
 */
export const webmentionConsumer: SiteEventConsumer = (db, event) => {
  if (!POST_TOPICS.has(event.topic)) return;
  if (!getSettings(db).sendWebmentions) return;
  const publicUrl = readEnv().publicUrl;
  const postId = event.subjectId;
  const earlier = earlierTargets(db, postId);
  const post = db
    .select({
      url: posts.url,
      content: posts.content,
      version: posts.version,
      status: posts.status,
      visibility: posts.visibility,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .get();
  const live = event.topic === "post.published" || event.topic === "post.updated";
  if (live && post?.status === "published" && post.visibility === "public") {
    const now = outgoingLinks(post.content, publicUrl);
    const targets = [...new Set([...now, ...earlier])].slice(0, MAX_TARGETS);
    queueMentions(db, postId, absoluteUrl(publicUrl, post.url), targets, String(post.version));
    return;
  }
  if (earlier.length === 0) return;
  // Gone (or no longer public): the address it had, from the event or the row.
  const url = goneUrl(event.data) ?? post?.url;
  if (!url) return;
  queueMentions(db, postId, absoluteUrl(publicUrl, url), earlier, `gone:${event.id}`);
};

/** The post's address from a post.deleted or post.unpublished event's data. */
function goneUrl(data: unknown): string | undefined {
  const value = data && typeof data === "object" ? (data as { url?: unknown }).url : undefined;
  return typeof value === "string" && value ? value : undefined;
}

const excerpt = (body: Buffer) => body.subarray(0, 500).toString("utf8");

/** Retry-After in seconds or as a date, as milliseconds from now. */
function retryAfterMs(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** An HTTP answer as an attempt: 2xx done, 429 and 5xx retried, any other status final. */
export function answerResult(
  status: number,
  headers: Record<string, string>,
  body: Buffer,
): AttemptResult {
  if (status >= 200 && status < 300) return { ok: true, status, excerpt: excerpt(body) };
  const retry = status === 429 || status >= 500;
  return {
    ok: false,
    status,
    error: `answered ${status}`,
    excerpt: excerpt(body),
    permanent: !retry,
    retryAfterMs: retry ? retryAfterMs(headers["retry-after"]) : undefined,
  };
}

/** An OutboundError that no retry changes: the outbound rules refuse the address. */
export function isRefusal(error: OutboundError): boolean {
  return /refus|not allowed|private|password|credentials|only http/i.test(error.message);
}

/** A failed request as an attempt: a refused address is final, anything else is retried. */
function failure(error: unknown): AttemptResult {
  if (!(error instanceof OutboundError)) throw error;
  return { ok: false, error: error.message, permanent: isRefusal(error) };
}

/**
 * One Webmention: GET the target, find its endpoint, POST `source` and `target` to it
 * (form-encoded). No endpoint means nothing to send: done, and the log says so.
 */
export const webmentionDelivery: DeliveryHandler = {
  async send(row) {
    const { source, target } = JSON.parse(row.payload) as Mention;
    let page: Awaited<ReturnType<typeof outboundRequest>>;
    try {
      page = await outboundRequest({
        url: target,
        headers: { Accept: "text/html, application/xhtml+xml;q=0.9, */*;q=0.1" },
        maxBytes: DISCOVERY_MAX_BYTES,
      });
    } catch (error) {
      return failure(error);
    }
    if (page.status === 429 || page.status >= 500) {
      return { ...answerResult(page.status, page.headers, page.body), error: "target unavailable" };
    }
    const endpoint = page.status < 300 ? endpointOf(page) : null;
    if (!endpoint) {
      return {
        ok: true,
        status: page.status,
        excerpt:
          page.status < 300
            ? "No Webmention endpoint advertised: nothing sent."
            : `The target answered ${page.status}: nothing sent.`,
      };
    }
    try {
      const answer = await outboundRequest({
        url: endpoint,
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "*/*" },
        body: new URLSearchParams({ source, target }).toString(),
        followRedirects: false,
      });
      return answerResult(answer.status, answer.headers, answer.body);
    } catch (error) {
      return failure(error);
    }
  },
};
