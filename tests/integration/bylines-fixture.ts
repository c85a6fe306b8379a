/**
 * A shared byline for the bylines tests (docs/behaviour.md §bylines): "Harbour at dawn" by Maya
 * Okafor (its owner), Lena Brandt and the guest Sam Ortiz, edited by Ed Keller; and the helpers
 * that read a post's byline back and run an import.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import { guestContributors, postContributors, users } from "#db/schema";
import { createImportJob, runImportJob } from "~/domain/importing/jobs.server";
import { ensureUserSlugs } from "~/domain/users/authors.server";
import { getDb } from "~/platform/db.server";
import { makeCategory, makePost, makeUser, setupNewsroom } from "./fixtures";

export const slugOf = (id: number) =>
  getDb().select({ slug: users.slug }).from(users).where(eq(users.id, id)).get()?.slug ?? "";

export function seedSharedByline() {
  const n = setupNewsroom();
  const db = getDb();
  const maya = makeUser("Author", { name: "Maya Okafor" });
  const lena = makeUser("Author", { name: "Lena Brandt" });
  const guestId = db
    .insert(guestContributors)
    .values({
      name: "Sam Ortiz",
      slug: "sam-ortiz",
      bio: "Photographer on the coast.",
      url: "https://sam.example.org/",
    })
    .returning({ id: guestContributors.id })
    .get().id;
  const category = makeCategory("Shared Desk");
  const post = makePost({
    title: "Harbour at dawn",
    category,
    author: maya,
    content: '<h2 id="tide">Tide</h2><p>The harbour at dawn.</p>',
  });
  // The trigger made Maya position 0; Lena co-writes, Sam is a guest co-author, Ed edits.
  const ed = makeUser("Editor", { name: "Ed Keller" });
  db.insert(postContributors)
    .values([
      { postId: post.id, position: 1, userId: lena.id, role: "Author" },
      { postId: post.id, position: 2, guestId, role: "Author" },
      { postId: post.id, position: 3, userId: ed.id, role: "Editing" },
    ])
    .run();
  // Author pages need slugs: accounts written without one get them.
  ensureUserSlugs(db);
  return { n, maya, lena, post, guestId };
}

/** Post `postId`'s byline rows in order: the name, role and a guest's address. */
export function bylineRows(postId: number) {
  return getDb()
    .select({
      user: users.name,
      guest: guestContributors.name,
      website: guestContributors.url,
      bio: guestContributors.bio,
      role: postContributors.role,
    })
    .from(postContributors)
    .leftJoin(users, eq(users.id, postContributors.userId))
    .leftJoin(guestContributors, eq(guestContributors.id, postContributors.guestId))
    .where(eq(postContributors.postId, postId))
    .orderBy(asc(postContributors.position))
    .all()
    .map((r) => ({ ...r, name: r.user ?? r.guest }));
}

/** Imports `text` as the file `name` (written to `dir`), as the Administrator `by`. */
export async function importText(dir: string, name: string, text: string, by: number) {
  const path = join(dir, name);
  writeFileSync(path, text);
  const job = await createImportJob(null, {
    fileName: name,
    filePath: path,
    mediaPath: null,
    createdBy: by,
  });
  return runImportJob(job);
}
