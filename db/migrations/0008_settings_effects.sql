-- Settings that do what they say (docs/behaviour.md §site): CAPTCHA answers used once,
-- e-mailed subscription confirmations, and the settings they need.
CREATE TABLE `captcha_used` (
	`id` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `captcha_used_expires_idx` ON `captcha_used` (`expires_at`);
--> statement-breakpoint
CREATE TABLE `subscriber_confirmations` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`subscriber_id` integer NOT NULL,
	`audience` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscriber_confirmations_subscriber_idx` ON `subscriber_confirmations` (`subscriber_id`,`created_at`);
--> statement-breakpoint
ALTER TABLE `settings` ADD `confirm_subscribers` integer DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `send_welcome_email` integer DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `welcome_subject` text DEFAULT 'Welcome to our newsletter' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `welcome_content` text DEFAULT 'Thank you for confirming your subscription. Look out for our next newsletter.' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `cdn_url` text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE `settings` SET `enable_csrf_protection` = true;
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`message` text NOT NULL,
	`link` text NOT NULL,
	`listed` integer DEFAULT false NOT NULL,
	`mail_state` text DEFAULT 'none' NOT NULL,
	`created_at` integer NOT NULL,
	`read_at` integer
);
--> statement-breakpoint
CREATE INDEX `notifications_listed_idx` ON `notifications` (`listed`,`read_at`,`id`);
--> statement-breakpoint
CREATE INDEX `notifications_mail_idx` ON `notifications` (`mail_state`,`created_at`);
--> statement-breakpoint
ALTER TABLE `settings` ADD `contact_editorial` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `contact_business` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `contact_media` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `postal_address` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `social_x` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `social_facebook` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `social_instagram` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `social_linkedin` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `social_youtube` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `social_mastodon` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `copyright_holder` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `time_zone` text DEFAULT 'UTC' NOT NULL;
--> statement-breakpoint
ALTER TABLE `posts` ADD `kept_author_name` text;
--> statement-breakpoint
ALTER TABLE `settings` ADD `home_fresh_category_id` integer;
--> statement-breakpoint
ALTER TABLE `settings` ADD `home_sponsored_category_id` integer;
--> statement-breakpoint
ALTER TABLE `settings` ADD `home_newsletters_category_id` integer;
--> statement-breakpoint
ALTER TABLE `settings` ADD `home_crypto_category_id` integer;
--> statement-breakpoint
ALTER TABLE `settings` ADD `home_fresh_count` integer DEFAULT 6 NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `home_sponsored_count` integer DEFAULT 8 NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `home_newsletters_count` integer DEFAULT 3 NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `home_crypto_count` integer DEFAULT 8 NOT NULL;
--> statement-breakpoint
UPDATE `settings` SET
	`home_fresh_category_id` = (SELECT `id` FROM `categories` WHERE `slug` = 'freshly-pressed'),
	`home_sponsored_category_id` = (SELECT `id` FROM `categories` WHERE `slug` = 'sponsored'),
	`home_newsletters_category_id` = (SELECT `id` FROM `categories` WHERE `slug` = 'newsletters'),
	`home_crypto_category_id` = (SELECT `id` FROM `categories` WHERE `slug` = 'crypto');
