/** Browser-safe words of bylines (docs/behaviour.md §bylines). */

/** A byline's role (docs/behaviour.md §bylines); the first Author leads the byline. */
export const CONTRIBUTOR_ROLES = [
  "Author",
  "Reporting",
  "Photos",
  "Illustration",
  "Translation",
  "Editing",
] as const;
export type ContributorRole = (typeof CONTRIBUTOR_ROLES)[number];
