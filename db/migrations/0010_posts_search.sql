-- Full-text search over posts (docs/decisions/100-search-index.md).
-- `posts_search_source` is what a post is found by: title, summary, the plain text of its body,
-- its category, its tags and its author's name. `inkwell_text()` (HTML to plain text) is
-- registered on every connection the app opens (app/platform/db.server.ts).
-- `posts_search` is a contentless FTS5 index (the words only, no second copy of the text);
-- the triggers below keep it in step with every write, in the writer's own transaction.
CREATE VIEW `posts_search_source` AS
  SELECT p.`id` AS `id`, p.`title` AS `title`, p.`summary` AS `summary`,
    inkwell_text(p.`content`) AS `body`,
    coalesce(c.`name`, '') AS `category`,
    coalesce((SELECT group_concat(t.`name`, ' ') FROM `post_tags` pt JOIN `tags` t ON t.`id` = pt.`tag_id` WHERE pt.`post_id` = p.`id`), '') AS `tags`,
    coalesce(u.`name`, '') AS `author`
  FROM `posts` p
  LEFT JOIN `categories` c ON c.`id` = p.`category_id`
  LEFT JOIN `users` u ON u.`id` = p.`author_id`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_search` USING fts5(title, summary, body, category, tags, author, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3');
--> statement-breakpoint
INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author) SELECT * FROM `posts_search_source`;
--> statement-breakpoint
CREATE TRIGGER `posts_search_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author) SELECT * FROM `posts_search_source` WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_delete` AFTER DELETE ON `posts` BEGIN
  DELETE FROM `posts_search` WHERE rowid = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_update` AFTER UPDATE OF `id`, `title`, `summary`, `content`, `category_id`, `author_id` ON `posts` BEGIN
  DELETE FROM `posts_search` WHERE rowid = old.`id`;
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author) SELECT * FROM `posts_search_source` WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_tag_added` AFTER INSERT ON `post_tags` BEGIN
  DELETE FROM `posts_search` WHERE rowid = new.`post_id`;
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author) SELECT * FROM `posts_search_source` WHERE `id` = new.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_tag_removed` AFTER DELETE ON `post_tags` BEGIN
  DELETE FROM `posts_search` WHERE rowid = old.`post_id`;
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author) SELECT * FROM `posts_search_source` WHERE `id` = old.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_category_renamed` AFTER UPDATE OF `name` ON `categories` BEGIN
  DELETE FROM `posts_search` WHERE rowid IN (SELECT `id` FROM `posts` WHERE `category_id` = new.`id`);
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author) SELECT * FROM `posts_search_source` WHERE `id` IN (SELECT `id` FROM `posts` WHERE `category_id` = new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_tag_renamed` AFTER UPDATE OF `name` ON `tags` BEGIN
  DELETE FROM `posts_search` WHERE rowid IN (SELECT `post_id` FROM `post_tags` WHERE `tag_id` = new.`id`);
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author) SELECT * FROM `posts_search_source` WHERE `id` IN (SELECT `post_id` FROM `post_tags` WHERE `tag_id` = new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_author_renamed` AFTER UPDATE OF `name` ON `users` BEGIN
  DELETE FROM `posts_search` WHERE rowid IN (SELECT `id` FROM `posts` WHERE `author_id` = new.`id`);
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author) SELECT * FROM `posts_search_source` WHERE `id` IN (SELECT `id` FROM `posts` WHERE `author_id` = new.`id`);
END;
