/**
 * Imports the real export files in ../shared/import-samples (written by
 * others; read from there, never copied). The suite says it skipped when the
 * folder is absent, so a fresh checkout still passes. IMPORT_SAMPLES points
 * elsewhere.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, posts, redirects, tags, type users } from "#db/schema";
import { createImportJob, runImportJob } from "~/domain/importing/jobs.server";
import { getDb } from "~/platform/db.server";
import { setupNewsroom } from "./fixtures";

const SAMPLES = resolve(process.env.IMPORT_SAMPLES ?? "../shared/import-samples");
const present = existsSync(SAMPLES);

const n = (
  table: typeof posts | typeof categories | typeof tags | typeof users | typeof redirects,
) => getDb().select({ n: count() }).from(table).get()?.n ?? 0;

async function importFile(rel: string) {
  const filePath = resolve(SAMPLES, rel);
  const job = await createImportJob(null, { fileName: rel, filePath });
  return runImportJob(job);
}

describe.skipIf(!present)(`the sample exports in ${SAMPLES}`, () => {
  beforeAll(() => {
    setupNewsroom();
  });

  it("imports the WordPress theme unit test data", async () => {
    const before = { posts: n(posts), cats: n(categories), tags: n(tags) };
    const job = await importFile("wordpress/themeunittestdata.wordpress.xml");
    expect(job.state, job.error ?? "").toBe("done");
    console.log(JSON.stringify(job.report?.counts), job.report?.notes);
    console.log(
      n(posts) - before.posts,
      n(categories) - before.cats,
      n(tags) - before.tags,
      n(redirects),
    );
  });
});
