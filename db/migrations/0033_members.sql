-- Readers with accounts (docs/members.md): a member is a subscriber row that signed in at least once.
ALTER TABLE `subscribers` ADD `member_since` integer;
--> statement-breakpoint
ALTER TABLE `subscribers` ADD `last_sign_in_at` integer;
--> statement-breakpoint
CREATE INDEX `subscribers_member_idx` ON `subscribers` (`member_since`);
--> statement-breakpoint
-- Members' signed-in devices: the cookie holds a random token, only its SHA-256 is kept.
CREATE TABLE `member_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`subscriber_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`user_agent` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `member_sessions_token_idx` ON `member_sessions` (`token_hash`);
--> statement-breakpoint
CREATE INDEX `member_sessions_subscriber_idx` ON `member_sessions` (`subscriber_id`);
--> statement-breakpoint
-- Single-use links and codes mailed to members: sign in, confirm a new address, confirm deletion.
CREATE TABLE `member_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`purpose` text NOT NULL,
	`email` text NOT NULL,
	`subscriber_id` integer,
	`new_email` text,
	`token_hash` text NOT NULL,
	`code_hash` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "member_tokens_purpose_valid" CHECK("member_tokens"."purpose" in ('sign-in', 'email-change', 'delete'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `member_tokens_hash_idx` ON `member_tokens` (`token_hash`);
--> statement-breakpoint
CREATE INDEX `member_tokens_email_idx` ON `member_tokens` (`email`, `purpose`, `created_at`);
--> statement-breakpoint
CREATE TABLE `member_sign_ins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscriber_id` integer NOT NULL,
	`at` integer NOT NULL,
	`method` text NOT NULL,
	`user_agent` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_sign_ins_subscriber_idx` ON `member_sign_ins` (`subscriber_id`, `at`);
--> statement-breakpoint
-- Likes a member made while signed in (their data download lists them).
CREATE TABLE `member_likes` (
	`subscriber_id` integer NOT NULL,
	`post_id` integer NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`subscriber_id`, `post_id`),
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Who may read a post's body: everyone, or members only (docs/members.md "Members-only posts").
ALTER TABLE `posts` ADD `visibility` text DEFAULT 'public' NOT NULL;
--> statement-breakpoint
ALTER TABLE `comments` ADD `member_id` integer REFERENCES subscribers(id) ON DELETE set null;
--> statement-breakpoint
ALTER TABLE `comments` ADD `edited_at` integer;
--> statement-breakpoint
CREATE INDEX `comments_member_idx` ON `comments` (`member_id`, `id`);
--> statement-breakpoint
ALTER TABLE `settings` ADD `members_enabled` integer DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `members_signup` text DEFAULT 'anyone' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `member_comments_need_approval` integer DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `deleted_member_comments` text DEFAULT 'keep' NOT NULL;
--> statement-breakpoint
-- A change of who may read a published post is an update its followers hear of.
DROP TRIGGER IF EXISTS `site_events_post_edited`;
--> statement-breakpoint
CREATE TRIGGER `site_events_post_edited` AFTER UPDATE OF `title`, `content`, `summary`, `photo`, `url`, `category_id`, `version`, `visibility` ON `posts` WHEN NEW.`status` = 'published' AND OLD.`status` = 'published' BEGIN INSERT INTO `site_events` (`topic`, `subject_id`) VALUES ('post.updated', NEW.`id`); END;
