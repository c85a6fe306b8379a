-- No edit lost (docs/behaviour.md §workflow): categories, tags, settings and users carry a version
-- that every back-office or API write adds one to, and who wrote it last; a save that read an
-- older version is refused with "Saved by NAME at HH:MM".
ALTER TABLE `categories` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `categories` ADD `updated_at` integer;--> statement-breakpoint
ALTER TABLE `categories` ADD `updated_by` text;--> statement-breakpoint
ALTER TABLE `tags` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `tags` ADD `updated_at` integer;--> statement-breakpoint
ALTER TABLE `tags` ADD `updated_by` text;--> statement-breakpoint
ALTER TABLE `settings` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `updated_by` text;--> statement-breakpoint
ALTER TABLE `users` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `updated_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `updated_by` text;--> statement-breakpoint
-- Send later (docs/behaviour.md §newsletters): a `scheduled` newsletter waits for `send_at`, then
-- is queued as the one who scheduled it (`scheduled_by`); the timer reads the next `send_at`.
ALTER TABLE `newsletters` ADD `send_at` integer;--> statement-breakpoint
ALTER TABLE `newsletters` ADD `scheduled_by` integer REFERENCES `users`(`id`) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `newsletters_status_send_at_idx` ON `newsletters` (`status`,`send_at`);
