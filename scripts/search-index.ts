/**
 * `npm run search:rebuild` rebuilds the posts' search index from the posts;
 * `npm run search:check` says whether it is in step with them (docs/decisions/100-search-index.md).
 * Both act on the database of DATA_DIR (default ./data) and are safe while the site runs:
 * the rebuild is one transaction, readers see the old index until it commits.
 */
import { checkSearchIndex, rebuildSearchIndex } from "~/domain/search/search.server";
import { closeDb, getDb } from "~/platform/db.server";

const command = process.argv[2];
const db = getDb();
try {
  if (command === "rebuild") {
    const started = performance.now();
    const { posts } = rebuildSearchIndex(db);
    console.log(
      `Search index rebuilt: ${posts} posts in ${Math.round(performance.now() - started)} ms.`,
    );
  } else if (command === "check") {
    const result = checkSearchIndex(db);
    const inStep = result.structureOk && result.extra === 0 && result.missing === 0;
    console.log(
      inStep
        ? `Search index in step with ${result.posts} posts.`
        : `Search index drifted: structure ${result.structureOk ? "ok" : "damaged"}, ${result.extra} word occurrences too many, ${result.missing} missing. Run npm run search:rebuild.`,
    );
    process.exitCode = inStep ? 0 : 1;
  } else {
    console.error("Usage: search-index.ts rebuild|check");
    process.exitCode = 2;
  }
} finally {
  closeDb();
}
