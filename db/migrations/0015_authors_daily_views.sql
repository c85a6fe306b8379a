ALTER TABLE `users` ADD `slug` text;
--> statement-breakpoint
ALTER TABLE `users` ADD `bio` text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `users_slug_idx` ON `users` (`slug`);
--> statement-breakpoint
CREATE TRIGGER `page_cache_users_author_update` AFTER UPDATE OF `slug`, `bio` ON `users` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TABLE `daily_views` (
	`day` text PRIMARY KEY NOT NULL,
	`views` integer DEFAULT 0 NOT NULL
);
