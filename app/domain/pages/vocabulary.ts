/** Pages' words (docs/behaviour.md §pages); browser-safe, shared by the schema and screens. */
export const PAGE_STATUSES = ["draft", "published", "trash"] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];
export const PAGE_NAVS = ["none", "header", "footer"] as const;
export type PageNav = (typeof PAGE_NAVS)[number];
