import { type FormEvent, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { FormMessage } from "~/components/form-message";
import { useFlash } from "~/hooks/use-flash";
import { useHydrated } from "~/hooks/use-hydrated";
import { SHARE_NETWORKS, type ShareNetwork, shareUrl } from "~/utils/share";

const LIKED_KEY = "likedPosts";

function readLikedMap(): Record<string, true> {
  try {
    const value = JSON.parse(window.localStorage.getItem(LIKED_KEY) ?? "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

/**
 * Like (docs/behaviour.md §engagement): without JavaScript a form post to the post page (a cookie
 * remembers the like); with it a fetcher calls `POST /posts/like/:id` and the
 * like is kept in localStorage `likedPosts`. Either way the heart stays red.
 */
export function LikeButton(props: { postId: number; likes: number | string; liked: boolean }) {
  const fetcher = useFetcher<{ type: string; message: string; likes?: number }>();
  const flash = useFlash("like");
  const [liked, setLiked] = useState(props.liked);
  // A page the cache kept carries its counts as text (app/platform/count-slots.server.ts).
  const [likes, setLikes] = useState(props.likes);

  useEffect(() => {
    if (readLikedMap()[props.postId]) setLiked(true);
  }, [props.postId]);
  useEffect(() => {
    if (fetcher.data?.type === "error") {
      setLiked(false);
      setLikes((n) => Number(n) - 1);
    } else if (typeof fetcher.data?.likes === "number") {
      setLikes(fetcher.data.likes);
    }
  }, [fetcher.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (liked) return;
    setLiked(true);
    setLikes((n) => Number(n) + 1);
    window.localStorage.setItem(
      LIKED_KEY,
      JSON.stringify({ ...readLikedMap(), [props.postId]: true }),
    );
    fetcher.submit(null, { method: "post", action: `/posts/like/${props.postId}` });
  }

  return (
    <form method="post" onSubmit={onSubmit} className="like-form" id="like">
      <input type="hidden" name="intent" value="like" />
      <button
        type="submit"
        className={`like-button${liked ? " is-liked" : ""}`}
        aria-pressed={liked}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M12 21s-7.5-4.6-10-9.3C.4 8.4 2.3 4.5 6 4.5c2.2 0 3.6 1.2 4.4 2.5h.2c.8-1.3 2.2-2.5 4.4-2.5 3.7 0 5.6 3.9 4 7.2C19.5 16.4 12 21 12 21z" />
        </svg>
        {/* The name includes the visible count ("Like this post 12"), as WCAG 2.5.3 asks. */}
        <span className="visually-hidden">{liked ? "Liked" : "Like this post"} </span>
        <span className="like-count" data-testid="like-count">
          {likes}
        </span>
      </button>
      {flash?.type === "error" ? <FormMessage message={flash} /> : null}
    </form>
  );
}

/**
 * Share links (docs/behaviour.md §engagement and docs/api.md): without JavaScript each goes through
 * `/share/:id/:network`, which counts the share and redirects; with it the
 * link goes straight to the network and a beacon posts `/posts/share/:id`.
 */
export function ShareLinks(props: {
  postId: number;
  /** A number, or its text in a page the cache kept (app/platform/count-slots.server.ts). */
  shares: number | string;
  /** "share" or "shares" for the count given, decided with it. */
  sharesNoun: string;
  absoluteUrl: string;
  title: string;
  photo: string | null;
}) {
  const hydrated = useHydrated();
  // Shares this reader made here, added to the count the page came with.
  const [added, setAdded] = useState(0);
  const shares = added === 0 ? props.shares : Number(props.shares) + added;
  const noun = added === 0 ? props.sharesNoun : shares === 1 ? "share" : "shares";
  function onClick() {
    navigator.sendBeacon(`/posts/share/${props.postId}`);
    setAdded((n) => n + 1);
  }
  return (
    <div className="share">
      <span className="muted">Share:</span>
      <ul className="share-links">
        {(Object.keys(SHARE_NETWORKS) as ShareNetwork[]).map((network) => (
          <li key={network}>
            <a
              href={hydrated ? shareUrl(network, props) : `/share/${props.postId}/${network}`}
              target="_blank"
              rel="noopener noreferrer nofollow"
              onClick={hydrated ? onClick : undefined}
              className="chip"
            >
              {SHARE_NETWORKS[network].label}
            </a>
          </li>
        ))}
      </ul>
      <span className="muted" data-testid="share-count">
        {shares} {noun}
      </span>
    </div>
  );
}

/**
 * Sends this visit's time on page with `navigator.sendBeacon` once, when the
 * reader leaves (page hide, or a client-side navigation away). Only the time
 * the page was visible counts: a tab left in the background is paused, not
 * ended, so a reader who glances at another tab is not recorded as a bounce.
 * The server decides what the time does to the bounce rate (docs/behaviour.md §engagement).
 */
export function useVisitBeacon(postId: number) {
  useEffect(() => {
    let visibleMs = 0;
    let visibleSince: number | null =
      document.visibilityState === "visible" ? performance.now() : null;
    let sent = false;
    const pause = () => {
      if (visibleSince !== null) visibleMs += performance.now() - visibleSince;
      visibleSince = null;
    };
    const send = () => {
      if (sent) return;
      sent = true;
      pause();
      const seconds = Math.round(visibleMs / 100) / 10;
      navigator.sendBeacon(`/posts/update/${postId}`, JSON.stringify({ avgTime: seconds }));
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") pause();
      else visibleSince ??= performance.now();
    };
    window.addEventListener("pagehide", send);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", send);
      document.removeEventListener("visibilitychange", onVisibility);
      send();
    };
  }, [postId]);
}
