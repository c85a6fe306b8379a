/** The post page's share links (docs/behaviour.md §engagement): a microblog, a pin board, a social network. */
export const SHARE_NETWORKS = {
  x: { label: "X" },
  pinterest: { label: "Pinterest" },
  facebook: { label: "Facebook" },
} as const;
export type ShareNetwork = keyof typeof SHARE_NETWORKS;

export function isShareNetwork(value: string): value is ShareNetwork {
  return Object.hasOwn(SHARE_NETWORKS, value);
}

/** The network's own share URL for a post's absolute URL. */
export function shareUrl(
  network: ShareNetwork,
  post: { absoluteUrl: string; title: string; photo?: string | null },
): string {
  const u = encodeURIComponent(post.absoluteUrl);
  const t = encodeURIComponent(post.title);
  switch (network) {
    case "x":
      return `https://x.com/intent/post?url=${u}&text=${t}`;
    case "pinterest":
      return `https://www.pinterest.com/pin/create/button/?url=${u}&description=${t}${post.photo ? `&media=${encodeURIComponent(post.photo)}` : ""}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
  }
}
