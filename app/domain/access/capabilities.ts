/**
 * Who may do what (docs/behaviour.md §access). Pure, so the sidebar can show
 * each role its menu; the server checks the same table in every loader,
 * action and API route. Hiding a link is never the check.
 */
import type { Role } from "#db/schema";

export const CAPABILITIES = {
  /** Dashboard, analytics, settings, pages, comments, the users list and adding users. */
  manageSite: ["Administrator"],
  /** Reach the posts screens and write posts (Contributors' publishes become `reviewing`). */
  writePosts: ["Administrator", "Editor", "Author", "Contributor"],
  /** Publish without review. */
  publishPosts: ["Administrator", "Editor", "Author"],
  /** Delete posts permanently (Authors only their own). */
  deletePosts: ["Administrator", "Editor", "Author"],
  /** See and edit everybody's posts; others see only their own. */
  seeAllPosts: ["Administrator", "Editor"],
  /** Add, edit and delete categories and tags. */
  manageTaxonomy: ["Administrator", "Editor", "Author"],
  /** The media library and Add Media. */
  useMedia: ["Administrator", "Editor", "Author"],
  /** Delete media items. */
  deleteMedia: ["Administrator"],
  /** The Contributors screen: add, edit and delete guest contributors (docs/behaviour.md §bylines). */
  manageContributors: ["Administrator", "Editor"],
  /** Send newsletters and manage subscribers. */
  manageMail: ["Administrator", "Editor"],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

export function can(role: Role | null | undefined, capability: Capability): boolean {
  if (!role) return false;
  return (CAPABILITIES[capability] as readonly Role[]).includes(role);
}
