import type { RunResult } from "better-sqlite3";
import { desc, eq } from "drizzle-orm";
import type { SelectedFields, SQLiteSelectBase } from "drizzle-orm/sqlite-core";
import { categories, posts, users } from "#db/schema";
import type { Db } from "~/platform/db.server";

/** The query `selectPostsJoined` starts: its rows have `T`, nullable where from the joins. */
type PostsJoined<T extends SelectedFields> = SQLiteSelectBase<
  "posts",
  "sync",
  RunResult,
  T,
  "partial",
  { posts: "not-null"; categories: "nullable"; users: "nullable" }
>;

/**
 * `fields` of posts with their category and author, either of which may be
 * missing (left joins), so a list is one query, never a query per card.
 */
export function selectPostsJoined<T extends SelectedFields>(db: Db, fields: T): PostsJoined<T> {
  // The cast only names the type: drizzle cannot follow a generic selection through its joins.
  return db
    .select(fields as SelectedFields)
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .leftJoin(users, eq(users.id, posts.authorId)) as unknown as PostsJoined<T>;
}

/** Newest first; the id breaks ties between posts of the same moment. */
export const NEWEST_FIRST = [desc(posts.timestamp), desc(posts.id)] as const;
