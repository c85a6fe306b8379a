/** The home page's category sections (docs/behaviour.md §reading), by category slug; also their Load More links. */
export const HOME_CATEGORY_SLUGS = {
  freshlyPressed: "freshly-pressed",
  sponsored: "sponsored",
  newsletters: "newsletters",
  crypto: "crypto",
} as const;
