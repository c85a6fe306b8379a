-- Flat cost as the archive grows (docs/performance.md, "Scale").
-- An author's published posts, newest first, on the index alone: the sitemap's authors (their
-- newest post's time, one seek each), the author page and its feed.
CREATE INDEX `posts_author_status_time_idx` ON `posts` (`author_id`,`status`,`timestamp`);
--> statement-breakpoint
-- The admin posts list's "All" tab orders by (timestamp, id) and leaves out the trash: with the id
-- in the index the order is the index's own, so a deep page skips index entries, never sorts.
DROP INDEX IF EXISTS `posts_time_status_idx`;
--> statement-breakpoint
CREATE INDEX `posts_time_id_status_idx` ON `posts` (`timestamp`,`id`,`status`);
--> statement-breakpoint
-- How many posts have each status, kept by triggers, so the admin list's tab counts cost one
-- read whatever the size of the archive (counting read one index entry a post).
CREATE TABLE `post_status_counts` (
	`status` text PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `post_status_counts` (`status`, `n`) SELECT `status`, count(*) FROM `posts` GROUP BY `status`;
--> statement-breakpoint
CREATE TRIGGER `post_status_counts_insert` AFTER INSERT ON `posts` BEGIN INSERT INTO `post_status_counts` (`status`, `n`) VALUES (NEW.`status`, 1) ON CONFLICT (`status`) DO UPDATE SET `n` = `n` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `post_status_counts_delete` AFTER DELETE ON `posts` BEGIN UPDATE `post_status_counts` SET `n` = `n` - 1 WHERE `status` = OLD.`status`; END;
--> statement-breakpoint
CREATE TRIGGER `post_status_counts_update` AFTER UPDATE OF `status` ON `posts` WHEN OLD.`status` IS NOT NEW.`status` BEGIN UPDATE `post_status_counts` SET `n` = `n` - 1 WHERE `status` = OLD.`status`; INSERT INTO `post_status_counts` (`status`, `n`) VALUES (NEW.`status`, 1) ON CONFLICT (`status`) DO UPDATE SET `n` = `n` + 1; END;
