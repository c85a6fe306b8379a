/**
 * The capability each collection of the generic data calls needs (`/crud/*`,
 * `/get/nextid`, `/upload/image`), looked up in the capability table of
 * `./capabilities`. `null`: any signed-in staff member; the domain function
 * then decides alone (a user record is one's own unless one manages the site,
 * only an Administrator deletes media, newsletters are never written here).
 * Browser-safe.
 */
import type { Capability } from "./capabilities";

/** Reading a collection at all; what is seen is scoped further (own posts, own user record). */
export const READ_COLLECTION = {
  posts: "writePosts",
  media: "useMedia",
  subscribers: "manageMail",
  newsletters: "manageMail",
  categories: null,
  tags: null,
  settings: null,
  users: null,
  comments: "manageSite",
} as const satisfies Record<string, Capability | null>;

/**
 * Changing or deleting a record, and reserving an id with `/get/nextid`. An
 * add goes straight to the area's own function, which checks the same
 * capability.
 */
export const WRITE_COLLECTION = {
  posts: "writePosts",
  categories: "manageTaxonomy",
  tags: "manageTaxonomy",
  subscribers: "manageMail",
  settings: "manageSite",
  media: null,
  users: null,
  newsletters: null,
  comments: "manageSite",
} as const satisfies Record<string, Capability | null>;

/** Uploading an image into a collection's folder; everyone may upload their own profile photo. */
export const UPLOAD_COLLECTION = {
  posts: "writePosts",
  media: "useMedia",
  newsletters: "manageMail",
  settings: "manageSite",
  users: null,
} as const satisfies Record<string, Capability | null>;
