-- Bylines, editorial notes and embeds (docs/behaviour.md §bylines, §editorial-notes, §embeds).
CREATE TABLE `guest_contributors` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `name` text NOT NULL,
  `slug` text NOT NULL,
  `bio` text DEFAULT '' NOT NULL,
  `photo` text,
  `url` text DEFAULT '' NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer,
  `updated_by` text,
  `version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guest_contributors_slug_idx` ON `guest_contributors` (`slug`);
--> statement-breakpoint
CREATE INDEX `guest_contributors_name_idx` ON `guest_contributors` (`name`);
--> statement-breakpoint
CREATE TABLE `post_contributors` (
  `post_id` integer NOT NULL REFERENCES `posts`(`id`) ON DELETE cascade,
  `position` integer NOT NULL,
  `user_id` integer REFERENCES `users`(`id`) ON DELETE set null,
  `guest_id` integer REFERENCES `guest_contributors`(`id`) ON DELETE set null,
  `role` text DEFAULT 'Author' NOT NULL,
  `kept_name` text,
  PRIMARY KEY(`post_id`, `position`)
);
--> statement-breakpoint
CREATE INDEX `post_contributors_user_idx` ON `post_contributors` (`user_id`, `post_id`);
--> statement-breakpoint
CREATE INDEX `post_contributors_guest_idx` ON `post_contributors` (`guest_id`, `post_id`);
--> statement-breakpoint
-- Every post's byline so far is its author (or the name kept when their account was deleted).
INSERT INTO `post_contributors` (`post_id`, `position`, `user_id`, `role`, `kept_name`)
  SELECT `id`, 0, `author_id`, 'Author', CASE WHEN `author_id` IS NULL THEN `kept_author_name` END
  FROM `posts` WHERE `author_id` IS NOT NULL OR `kept_author_name` IS NOT NULL;
--> statement-breakpoint
-- A new post's byline starts as its author; the writer or an import may then change it.
CREATE TRIGGER `post_contributors_first_author` AFTER INSERT ON `posts` WHEN NEW.`author_id` IS NOT NULL BEGIN INSERT OR IGNORE INTO `post_contributors` (`post_id`, `position`, `user_id`, `role`) VALUES (NEW.`id`, 0, NEW.`author_id`, 'Author'); END;
--> statement-breakpoint
-- Deleting a user or a guest keeps their name on the bylines they were in.
CREATE TRIGGER `post_contributors_keep_user_name` BEFORE DELETE ON `users` BEGIN UPDATE `post_contributors` SET `kept_name` = OLD.`name` WHERE `user_id` = OLD.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `post_contributors_keep_guest_name` BEFORE DELETE ON `guest_contributors` BEGIN UPDATE `post_contributors` SET `kept_name` = OLD.`name` WHERE `guest_id` = OLD.`id`; END;
--> statement-breakpoint
CREATE TABLE `editorial_notes` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `post_id` integer NOT NULL REFERENCES `posts`(`id`) ON DELETE cascade,
  `thread_id` integer,
  `quote` text DEFAULT '' NOT NULL,
  `body` text NOT NULL,
  `author_id` integer REFERENCES `users`(`id`) ON DELETE set null,
  `author_name` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `resolved_at` integer,
  `resolved_by` text
);
--> statement-breakpoint
CREATE INDEX `editorial_notes_post_idx` ON `editorial_notes` (`post_id`, `thread_id`, `resolved_at`);
--> statement-breakpoint
CREATE INDEX `editorial_notes_thread_idx` ON `editorial_notes` (`thread_id`, `id`);
--> statement-breakpoint
CREATE TABLE `embeds` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `url` text NOT NULL,
  `provider` text NOT NULL,
  `type` text DEFAULT 'rich' NOT NULL,
  `title` text DEFAULT '' NOT NULL,
  `author_name` text DEFAULT '' NOT NULL,
  `author_url` text DEFAULT '' NOT NULL,
  `thumbnail` text,
  `html` text DEFAULT '' NOT NULL,
  `width` integer,
  `height` integer,
  `fetched_at` integer,
  `error` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `embeds_url_idx` ON `embeds` (`url`);
--> statement-breakpoint
ALTER TABLE `settings` ADD `embed_providers` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `embeds_load_without_asking` integer DEFAULT false NOT NULL;
--> statement-breakpoint
-- A byline or a guest's name, address or photo is on the post's page, its cards and feeds.
CREATE TRIGGER `page_cache_post_contributors_insert` AFTER INSERT ON `post_contributors` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_post_contributors_update` AFTER UPDATE ON `post_contributors` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_post_contributors_delete` AFTER DELETE ON `post_contributors` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_guest_contributors_update` AFTER UPDATE ON `guest_contributors` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_guest_contributors_delete` AFTER DELETE ON `guest_contributors` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_embeds_update` AFTER UPDATE ON `embeds` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
-- Search finds a post by every contributor's name (the `author` column), in byline order.
DROP VIEW `posts_search_source`;
--> statement-breakpoint
CREATE VIEW `posts_search_source` AS
  SELECT p.`id` AS `id`, p.`title` AS `title`, p.`summary` AS `summary`,
    inkwell_text(p.`content`) AS `body`,
    coalesce(c.`name`, '') AS `category`,
    coalesce((SELECT group_concat(t.`name`, ' ') FROM `post_tags` pt JOIN `tags` t ON t.`id` = pt.`tag_id` WHERE pt.`post_id` = p.`id`), '') AS `tags`,
    coalesce((SELECT group_concat(coalesce(cu.`name`, cg.`name`, pc.`kept_name`, ''), ' ') FROM `post_contributors` pc LEFT JOIN `users` cu ON cu.`id` = pc.`user_id` LEFT JOIN `guest_contributors` cg ON cg.`id` = pc.`guest_id` WHERE pc.`post_id` = p.`id`), u.`name`, '') AS `author`,
    CASE WHEN p.`status` = 'published' THEN '' ELSE 'hidden' END AS `hidden`,
    trim(coalesce('c' || p.`category_id`, '') || ' ' || coalesce((SELECT group_concat('t' || pt.`tag_id`, ' ') FROM `post_tags` pt WHERE pt.`post_id` = p.`id`), '')) AS `facets`
  FROM `posts` p
  LEFT JOIN `categories` c ON c.`id` = p.`category_id`
  LEFT JOIN `users` u ON u.`id` = p.`author_id`;
--> statement-breakpoint
CREATE TRIGGER `posts_search_contributor_added` AFTER INSERT ON `post_contributors` BEGIN
  DELETE FROM `posts_search` WHERE rowid = new.`post_id`;
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author, hidden, facets) SELECT * FROM `posts_search_source` WHERE `id` = new.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_contributor_changed` AFTER UPDATE ON `post_contributors` BEGIN
  DELETE FROM `posts_search` WHERE rowid = new.`post_id`;
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author, hidden, facets) SELECT * FROM `posts_search_source` WHERE `id` = new.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_contributor_removed` AFTER DELETE ON `post_contributors` BEGIN
  DELETE FROM `posts_search` WHERE rowid = old.`post_id`;
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author, hidden, facets) SELECT * FROM `posts_search_source` WHERE `id` = old.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_guest_renamed` AFTER UPDATE OF `name` ON `guest_contributors` BEGIN
  DELETE FROM `posts_search` WHERE rowid IN (SELECT `post_id` FROM `post_contributors` WHERE `guest_id` = new.`id`);
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author, hidden, facets) SELECT * FROM `posts_search_source` WHERE `id` IN (SELECT `post_id` FROM `post_contributors` WHERE `guest_id` = new.`id`);
END;
--> statement-breakpoint
DROP TRIGGER `posts_search_author_renamed`;
--> statement-breakpoint
CREATE TRIGGER `posts_search_author_renamed` AFTER UPDATE OF `name` ON `users` BEGIN
  DELETE FROM `posts_search` WHERE rowid IN (SELECT `id` FROM `posts` WHERE `author_id` = new.`id` UNION SELECT `post_id` FROM `post_contributors` WHERE `user_id` = new.`id`);
  INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author, hidden, facets) SELECT * FROM `posts_search_source` WHERE `id` IN (SELECT `id` FROM `posts` WHERE `author_id` = new.`id` UNION SELECT `post_id` FROM `post_contributors` WHERE `user_id` = new.`id`);
END;
--> statement-breakpoint
DELETE FROM `posts_search`;
--> statement-breakpoint
INSERT INTO `posts_search`(rowid, title, summary, body, category, tags, author, hidden, facets) SELECT * FROM `posts_search_source`;
