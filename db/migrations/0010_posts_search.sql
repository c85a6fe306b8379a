-- Full-text search over posts (docs/decisions/100-search-index.md).
-- `posts_search_source` is what a post is found by: title, summary, the plain text of its body,
-- its category, its tags and its author's name; plus two columns queries filter on without
-- reading the posts: `hidden` (the word `hidden` for every post readers cannot see, empty for a
-- published one: few posts, so excluding them is cheap) and `facets` (`c<category id>` and
-- `t<tag id>` words).
-- `inkwell_text()` (HTML to plain text) is registered on every connection the app opens
-- (app/platform/db.server.ts).
-- `posts_search` is a contentless FTS5 index (the words only, no second copy of the text);
-- the triggers below keep it in step with every write, in the writer's own transaction.
CREATE VIEW `posts_search_source` AS
  SELECT p.`id` AS `id`, p.`title` AS `title`, p.`summary` AS `summary`,
    inkwell_text(p.`content`) AS `body`,
    coalesce(c.`name`, '') AS `category`,
    coalesce((SELECT group_concat(t.`name`, ' ') FROM `post_tags` pt JOIN `tags` t ON t.`id` = pt.`tag_id` WHERE pt.`post_id` = p.`id`), '') AS `tags`,
    coalesce(u.`name`, '') AS `author`,
    CASE WHEN p.`status` = 'published' THEN '' ELSE 'hidden' END AS `hidden`,
    trim(coalesce('c' || p.`category_id`, '') || ' ' || coalesce((SELECT group_concat('t' || pt.`tag_id`, ' ') FROM `post_tags` pt WHERE pt.`post_id` = p.`id`), '')) AS `facets`
  FROM `posts` p
  LEFT JOIN `categories` c ON c.`id` = p.`category_id`
  LEFT JOIN `users` u ON u.`id` = p.`author_id`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_search` USING fts5(title, summary, body, category, tags, author, hidden, facets, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3');
--> statement-breakpoint
INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author, hidden, facets) SELECT * FROM `posts_search_source`;
--> statement-breakpoint
INSERT INTO `posts_search`(`posts_search`, `rank`) VALUES ('rank', 'bm25(10.0, 4.0, 1.0, 2.0, 3.0, 2.0, 0.0, 0.0)');
--> statement-breakpoint
CREATE TRIGGER `posts_search_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author, hidden, facets) SELECT * FROM `posts_search_source` WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_delete` AFTER DELETE ON `posts` BEGIN
  DELETE FROM `posts_search` WHERE rowid = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_update` AFTER UPDATE OF `id`, `status`, `title`, `summary`, `content`, `category_id`, `author_id` ON `posts` BEGIN
  DELETE FROM `posts_search` WHERE rowid = old.`id`;
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author, hidden, facets) SELECT * FROM `posts_search_source` WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_tag_added` AFTER INSERT ON `post_tags` BEGIN
  DELETE FROM `posts_search` WHERE rowid = new.`post_id`;
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author, hidden, facets) SELECT * FROM `posts_search_source` WHERE `id` = new.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_tag_removed` AFTER DELETE ON `post_tags` BEGIN
  DELETE FROM `posts_search` WHERE rowid = old.`post_id`;
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author, hidden, facets) SELECT * FROM `posts_search_source` WHERE `id` = old.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_category_renamed` AFTER UPDATE OF `name` ON `categories` BEGIN
  DELETE FROM `posts_search` WHERE rowid IN (SELECT `id` FROM `posts` WHERE `category_id` = new.`id`);
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author, hidden, facets) SELECT * FROM `posts_search_source` WHERE `id` IN (SELECT `id` FROM `posts` WHERE `category_id` = new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_tag_renamed` AFTER UPDATE OF `name` ON `tags` BEGIN
  DELETE FROM `posts_search` WHERE rowid IN (SELECT `post_id` FROM `post_tags` WHERE `tag_id` = new.`id`);
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author, hidden, facets) SELECT * FROM `posts_search_source` WHERE `id` IN (SELECT `post_id` FROM `post_tags` WHERE `tag_id` = new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_author_renamed` AFTER UPDATE OF `name` ON `users` BEGIN
  DELETE FROM `posts_search` WHERE rowid IN (SELECT `id` FROM `posts` WHERE `author_id` = new.`id`);
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author, hidden, facets) SELECT * FROM `posts_search_source` WHERE `id` IN (SELECT `id` FROM `posts` WHERE `author_id` = new.`id`);
END;
