-- Static pages served at /{slug} (docs/behaviour.md §pages).
CREATE TABLE `pages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`nav` text DEFAULT 'none' NOT NULL,
	`nav_order` integer DEFAULT 0 NOT NULL,
	`author_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "pages_status_valid" CHECK("pages"."status" in ('draft', 'published', 'trash')),
	CONSTRAINT "pages_nav_valid" CHECK("pages"."nav" in ('none', 'header', 'footer'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pages_uid_idx` ON `pages` (`uid`);
--> statement-breakpoint
CREATE UNIQUE INDEX `pages_slug_idx` ON `pages` (`slug`);
--> statement-breakpoint
CREATE TRIGGER `page_cache_pages_insert` AFTER INSERT ON `pages` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_pages_update` AFTER UPDATE ON `pages` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_pages_delete` AFTER DELETE ON `pages` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
