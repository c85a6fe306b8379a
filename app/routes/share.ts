/**
 * `GET /share/:id/:network`: the share links' no-JavaScript path. Counts one
 * share (like `POST /posts/share/:id`) and redirects to the network. With
 * JavaScript the page links to the network directly and sends the beacon.
 * Crawlers are kept out by robots.txt and rel="nofollow"; HEAD requests and
 * prefetches are not counted.
 */
import { data, redirect } from "react-router";
import { isDomainError } from "~/domain/errors.server";
import { requirePostId, sharePost } from "~/domain/posts/engagement.server";
import { getPublishedPost } from "~/domain/posts/reading.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { absoluteUrl, socialImagePath } from "~/utils/seo";
import { isShareNetwork, shareUrl } from "~/utils/share";
import { isCountableRequest } from "~/web/visits.server";
import type { Route } from "./+types/share";

export function loader({ params, request }: Route.LoaderArgs) {
  const { network } = params;
  if (!isShareNetwork(network)) throw data("Unknown network", { status: 404 });
  try {
    const db = getDb();
    // A HEAD probe or a prefetch is answered but not counted.
    const id = isCountableRequest(request) ? sharePost(db, params.id).id : requirePostId(params.id);
    const post = getPublishedPost(db, id);
    if (!post) throw data("Post not found", { status: 404 });
    const publicUrl = readEnv().publicUrl;
    return redirect(
      shareUrl(network, {
        absoluteUrl: absoluteUrl(publicUrl, post.url),
        title: post.title,
        photo: post.photo ? absoluteUrl(publicUrl, socialImagePath(post.photo)) : null,
      }),
      { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } },
    );
  } catch (error) {
    if (isDomainError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}
