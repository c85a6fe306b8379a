-- Scheduled posts: the time a `scheduled` post goes live (epoch ms; NULL for every other status).
ALTER TABLE `posts` ADD `publish_at` integer;
--> statement-breakpoint
-- The post's version: every write adds one; Edit Post and the API send the version they read.
ALTER TABLE `posts` ADD `version` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- The scheduler's next due time, read from the index alone.
CREATE INDEX `posts_status_publish_at_idx` ON `posts` (`status`,`publish_at`);
--> statement-breakpoint
-- A post's history: every explicit save, status change, restore and scheduled publish,
-- plus one rolling autosave per user (kind 'autosave').
CREATE TABLE `post_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`kind` text DEFAULT 'save' NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`version` integer NOT NULL,
	`status` text NOT NULL,
	`title` text NOT NULL,
	`summary` text NOT NULL,
	`content` text NOT NULL,
	`category` text NOT NULL,
	`tags` text NOT NULL,
	`photo` text,
	`social_card` text,
	`publish_at` integer,
	`user_id` integer,
	`user_name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `post_revisions_post_idx` ON `post_revisions` (`post_id`,`id`);
--> statement-breakpoint
CREATE INDEX `post_revisions_autosave_idx` ON `post_revisions` (`post_id`,`kind`,`user_id`);
