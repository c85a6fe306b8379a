CREATE TABLE `categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`uid` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`key` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_uid_idx` ON `categories` (`uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_idx` ON `categories` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `categories_key_idx` ON `categories` (`key`);--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_idx` ON `categories` (`name`);--> statement-breakpoint
CREATE TABLE `counters` (
	`collection` text PRIMARY KEY NOT NULL,
	`next_id` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `media` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`url` text NOT NULL,
	`name` text NOT NULL,
	`path` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	`width` integer,
	`height` integer,
	`collection` text NOT NULL,
	`author_id` integer,
	`date` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_uid_idx` ON `media` (`uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `media_path_idx` ON `media` (`path`);--> statement-breakpoint
CREATE INDEX `media_date_idx` ON `media` (`date`);--> statement-breakpoint
CREATE INDEX `media_collection_date_idx` ON `media` (`collection`,`date`);--> statement-breakpoint
CREATE TABLE `newsletter_deliveries` (
	`newsletter_id` integer NOT NULL,
	`subscriber_id` integer NOT NULL,
	`email` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`updated_at` integer,
	PRIMARY KEY(`newsletter_id`, `subscriber_id`),
	FOREIGN KEY (`newsletter_id`) REFERENCES `newsletters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_status_idx` ON `newsletter_deliveries` (`newsletter_id`,`status`);--> statement-breakpoint
CREATE TABLE `newsletters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`subject` text NOT NULL,
	`audience` text NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`photo` text,
	`attachment` text,
	`attachment_name` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`recipient_count` integer DEFAULT 0 NOT NULL,
	`delivered_count` integer DEFAULT 0 NOT NULL,
	`failed_count` integer DEFAULT 0 NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`queued_at` integer,
	`sent_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletters_uid_idx` ON `newsletters` (`uid`);--> statement-breakpoint
CREATE INDEX `newsletters_status_idx` ON `newsletters` (`status`);--> statement-breakpoint
CREATE INDEX `newsletters_created_idx` ON `newsletters` (`created_at`);--> statement-breakpoint
CREATE TABLE `post_tags` (
	`post_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`post_id`, `tag_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_tags_tag_idx` ON `post_tags` (`tag_id`,`post_id`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` integer PRIMARY KEY NOT NULL,
	`uid` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`url` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`category_id` integer,
	`photo` text,
	`social_card` text,
	`views` integer DEFAULT 0 NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`shares` integer DEFAULT 0 NOT NULL,
	`avg_time_seconds` integer DEFAULT 0 NOT NULL,
	`bounce_rate` real DEFAULT 0 NOT NULL,
	`timestamp` integer NOT NULL,
	`author_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "posts_bounce_rate_range" CHECK("posts"."bounce_rate" >= 0 and "posts"."bounce_rate" <= 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `posts_uid_idx` ON `posts` (`uid`);--> statement-breakpoint
CREATE INDEX `posts_category_status_time_idx` ON `posts` (`category_id`,`status`,`timestamp`);--> statement-breakpoint
CREATE INDEX `posts_status_time_idx` ON `posts` (`status`,`timestamp`);--> statement-breakpoint
CREATE INDEX `posts_author_time_idx` ON `posts` (`author_id`,`timestamp`);--> statement-breakpoint
CREATE INDEX `posts_title_idx` ON `posts` (`title`);--> statement-breakpoint
CREATE TABLE `settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`uid` text NOT NULL,
	`site_name` text DEFAULT 'Inkwell' NOT NULL,
	`site_description` text DEFAULT '' NOT NULL,
	`logo` text,
	`favicon` text,
	`meta_tags` text DEFAULT '' NOT NULL,
	`enable_comment_moderation` integer DEFAULT true NOT NULL,
	`enable_spam_filters` integer DEFAULT true NOT NULL,
	`auto_approve_comments` integer DEFAULT false NOT NULL,
	`enable_admin_alerts` integer DEFAULT true NOT NULL,
	`enable_user_notifications` integer DEFAULT true NOT NULL,
	`enable_email_alerts` integer DEFAULT false NOT NULL,
	`default_category` text DEFAULT 'Freshly Pressed' NOT NULL,
	`max_image_size` integer DEFAULT 5 NOT NULL,
	`enable_lazy_loading` integer DEFAULT true NOT NULL,
	`use_cdn` integer DEFAULT false NOT NULL,
	`enable_rate_limiting` integer DEFAULT true NOT NULL,
	`enable_csrf_protection` integer DEFAULT true NOT NULL,
	`enable_captcha` integer DEFAULT false NOT NULL,
	`enable_2fa` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "settings_single_row" CHECK("settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `subscriber_audiences` (
	`subscriber_id` integer NOT NULL,
	`audience` text NOT NULL,
	PRIMARY KEY(`subscriber_id`, `audience`),
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscriber_audiences_audience_idx` ON `subscriber_audiences` (`audience`,`subscriber_id`);--> statement-breakpoint
CREATE TABLE `subscribers` (
	`id` integer PRIMARY KEY NOT NULL,
	`uid` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'Active' NOT NULL,
	`timestamp` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_uid_idx` ON `subscribers` (`uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_email_idx` ON `subscribers` (`email`);--> statement-breakpoint
CREATE INDEX `subscribers_time_idx` ON `subscribers` (`timestamp`);--> statement-breakpoint
CREATE INDEX `subscribers_status_idx` ON `subscribers` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `subscribers_name_idx` ON `subscribers` (`name`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY NOT NULL,
	`uid` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`tag` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_uid_idx` ON `tags` (`uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `tags_slug_idx` ON `tags` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `tags_tag_idx` ON `tags` (`tag`);--> statement-breakpoint
CREATE UNIQUE INDEX `tags_name_idx` ON `tags` (`name`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`role` text DEFAULT 'Subscriber' NOT NULL,
	`password_hash` text NOT NULL,
	`api_key` text NOT NULL,
	`photo` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`timestamp` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_uid_idx` ON `users` (`uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_idx` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_api_key_idx` ON `users` (`api_key`);--> statement-breakpoint
CREATE INDEX `users_role_created_idx` ON `users` (`role`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_name_idx` ON `users` (`name`);