-- Reader comments on posts (docs/behaviour.md §comments): replies one level deep,
-- statuses pending/approved/spam/trash, the e-mail never public, the address kept only as a hash.
CREATE TABLE `comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`post_id` integer NOT NULL,
	`parent_id` integer,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`ip_hash` text DEFAULT '' NOT NULL,
	`spam_reason` text,
	`user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "comments_status_valid" CHECK("comments"."status" in ('pending', 'approved', 'spam', 'trash'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `comments_uid_idx` ON `comments` (`uid`);
--> statement-breakpoint
CREATE INDEX `comments_post_status_idx` ON `comments` (`post_id`, `status`, `id`);
--> statement-breakpoint
CREATE INDEX `comments_status_idx` ON `comments` (`status`, `id`);
--> statement-breakpoint
CREATE INDEX `comments_email_status_idx` ON `comments` (`email`, `status`);
--> statement-breakpoint
CREATE INDEX `comments_ip_time_idx` ON `comments` (`ip_hash`, `created_at`);
--> statement-breakpoint
ALTER TABLE `posts` ADD `comments_closed` integer DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `comment_disallowed_words` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `comments_close_after_days` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Public pages show approved comments and their counts: any comment write purges (docs/decisions/050-page-cache.md).
CREATE TRIGGER `page_cache_comments_insert` AFTER INSERT ON `comments` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_comments_update` AFTER UPDATE ON `comments` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_comments_delete` AFTER DELETE ON `comments` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_posts_comments_closed` AFTER UPDATE OF `comments_closed` ON `posts` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
