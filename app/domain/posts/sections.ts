/** The home page's category sections (docs/behaviour.md §reading): their seeded categories, by slug. */
export const HOME_CATEGORY_SLUGS = {
  freshlyPressed: "freshly-pressed",
  sponsored: "sponsored",
  newsletters: "newsletters",
  crypto: "crypto",
} as const;

export type HomeSectionKey = keyof typeof HOME_CATEGORY_SLUGS;

/** Each section's title and the Settings fields that choose its category and size. */
export const HOME_SECTIONS: {
  key: HomeSectionKey;
  title: string;
  categoryField:
    | "homeFreshCategoryId"
    | "homeSponsoredCategoryId"
    | "homeNewslettersCategoryId"
    | "homeCryptoCategoryId";
  countField: "homeFreshCount" | "homeSponsoredCount" | "homeNewslettersCount" | "homeCryptoCount";
}[] = [
  {
    key: "freshlyPressed",
    title: "Freshly Pressed",
    categoryField: "homeFreshCategoryId",
    countField: "homeFreshCount",
  },
  {
    key: "sponsored",
    title: "Sponsored",
    categoryField: "homeSponsoredCategoryId",
    countField: "homeSponsoredCount",
  },
  {
    key: "newsletters",
    title: "Newsletters",
    categoryField: "homeNewslettersCategoryId",
    countField: "homeNewslettersCount",
  },
  {
    key: "crypto",
    title: "Crypto Updates",
    categoryField: "homeCryptoCategoryId",
    countField: "homeCryptoCount",
  },
];
