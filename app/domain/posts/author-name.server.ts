import { sql } from "drizzle-orm";
import { posts, users } from "#db/schema";

/**
 * A post's author as pages show them: the account's name, or the name kept
 * when the account was deleted (docs/behaviour.md §users).
 */
export const authorNameColumn = sql<
  string | null
>`coalesce(${users.name}, ${posts.keptAuthorName})`;
