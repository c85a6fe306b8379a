/** The home page's category sections (ARCHITECTURE §5), by category slug; also their Load More links. */
export const HOME_CATEGORY_SLUGS = {
  freshlyPressed: "freshly-pressed",
  sponsored: "sponsored",
  newsletters: "newsletters",
  crypto: "crypto",
} as const;
