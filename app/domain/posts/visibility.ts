/**
 * Who may read a post's body (docs/members.md "Members-only posts"), browser-safe: Edit Post's
 * select and the post input schema share it. The marker that ends a members-only post's teaser is
 * `<hr class="ik-members-only">` (docs/decisions/345-members-marker.md).
 */
export const POST_VISIBILITIES = ["public", "members"] as const;
export type PostVisibility = (typeof POST_VISIBILITIES)[number];

export const VISIBILITY_LABELS: Record<PostVisibility, string> = {
  public: "Public",
  members: "Members",
};

/** The class that makes a horizontal rule the "members-only from here" marker. */
export const MEMBERS_MARKER_CLASS = "ik-members-only";
export const MEMBERS_MARKER_HTML = `<hr class="${MEMBERS_MARKER_CLASS}">`;
