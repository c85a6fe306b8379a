// The rows `npm run bench:scale` measures against (scripts/bench-scale.mjs),
// inserted straight into a migrated Inkwell database in one transaction.
import Database from "better-sqlite3";

export const CATEGORIES = [
  "Freshly Pressed",
  "Sponsored",
  "Newsletters",
  "Crypto",
  "Business",
  "Technology",
  "Culture",
  "Science",
];
const TAG_COUNT = 12;
const TAGS_PER_POST = 3;
const WORDS =
  "the newsroom reports on markets policy culture science and the people who shape them every day ";
const CONTENT = `<p>${WORDS.repeat(25)}</p>`.repeat(2); // about 800 words (5 KB) a post

export const slugOf = (s) => s.toLowerCase().replace(/\s+/g, "-");

/** Seeds `postCount` published posts and `subscriberCount` subscribers into the app's database. */
export function seed(dbPath, postCount, subscriberCount) {
  const started = performance.now();
  const db = new Database(dbPath);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  // The search index's triggers read each post's plain text through this function; the app
  // registers its own (app/platform/db.server.ts). The bench's posts are plain paragraphs.
  db.function("inkwell_text", { deterministic: true }, (html) =>
    typeof html === "string" ? html.replace(/<[^>]*>/g, " ") : "",
  );
  const adminId = db.prepare("select id from users order by id limit 1").get()?.id ?? null;
  db.pragma("cache_size = -65536");
  db.transaction(() => {
    const cat = db.prepare(
      "insert into categories (id, uid, name, slug, key, description) values (?, ?, ?, ?, ?, '')",
    );
    CATEGORIES.forEach((name, i) => {
      const slug = slugOf(name);
      cat.run(1000 + i, `cat-${i}`, name, slug, slug.replace(/-/g, "_"));
    });
    const tag = db.prepare(
      "insert into tags (id, uid, name, slug, tag, description) values (?, ?, ?, ?, ?, '')",
    );
    for (let i = 0; i < TAG_COUNT; i++)
      tag.run(1000 + i, `tag-${i}`, `Topic ${i}`, `topic-${i}`, `topic_${i}`);
    // Post i: category i % 8, tags i % 12, (i + 5) % 12, (i + 7) % 12; one an hour, newest last.
    const now = Date.now();
    db.prepare(`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
      insert into posts (id, uid, status, title, slug, url, summary, content, category_id, timestamp, author_id, updated_at)
      select i, 'post-' || i, 'published', 'Story number ' || i, 'story-number-' || i,
        '/' || i || '/' || c.slug || '/story-number-' || i,
        'A summary of story number ' || i, ?, c.id, ? - (? - i) * 3600000, ?, ? - (? - i) * 3600000
      from n join categories c on c.id = 1000 + (i % ${CATEGORIES.length})`).run(
      postCount,
      CONTENT,
      now,
      postCount,
      adminId,
      now,
      postCount,
    );
    for (const shift of [0, 5, 7].slice(0, TAGS_PER_POST))
      db.prepare(
        `insert into post_tags (post_id, tag_id) select id, 1000 + ((id + ${shift}) % ${TAG_COUNT}) from posts where id <= ?`,
      ).run(postCount);
    db.prepare(`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
      insert into subscribers (id, uid, name, email, status)
      select i, 'sub-' || i, 'Reader ' || i, 'reader' || i || '@example.com',
        case when i % 10 = 0 then 'Inactive' else 'Active' end
      from n`).run(subscriberCount);
    db.prepare(
      "insert into subscriber_audiences (subscriber_id, audience) select id, 'News' from subscribers",
    ).run();
    const counter = db.prepare(
      "insert into counters (collection, next_id) values (?, ?) on conflict(collection) do update set next_id = excluded.next_id",
    );
    counter.run("posts", postCount + 1);
    counter.run("subscribers", subscriberCount + 1);
    counter.run("categories", 2000);
    counter.run("tags", 2000);
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.exec("analyze");
  db.close();
  return Math.round(performance.now() - started);
}
