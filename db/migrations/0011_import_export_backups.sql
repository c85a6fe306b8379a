-- Imports run as background jobs (app/domain/importing/jobs.server.ts): one row per upload or CLI run.
CREATE TABLE `import_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`format` text NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`file_name` text NOT NULL,
	`file_path` text NOT NULL,
	`media_path` text,
	`done` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`report` text,
	`error` text,
	`created_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `import_jobs_uid_idx` ON `import_jobs` (`uid`);
--> statement-breakpoint
CREATE INDEX `import_jobs_state_idx` ON `import_jobs` (`state`);
--> statement-breakpoint
-- What each imported record was in its source (its GUID): a second import of the same file finds it here.
CREATE TABLE `import_records` (
	`source` text NOT NULL,
	`kind` text NOT NULL,
	`source_id` text NOT NULL,
	`local_id` integer NOT NULL,
	`job_id` integer,
	PRIMARY KEY(`source`, `kind`, `source_id`)
);
--> statement-breakpoint
-- Old addresses of imported content (WordPress permalinks): looked up only when no route answers.
CREATE TABLE `redirects` (
	`from_path` text PRIMARY KEY NOT NULL,
	`post_id` integer REFERENCES `posts`(`id`) ON DELETE cascade,
	`to_path` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `page_cache_redirects_insert` AFTER INSERT ON `redirects` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_redirects_delete` AFTER DELETE ON `redirects` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
ALTER TABLE `settings` ADD `backup_schedule` text DEFAULT 'off' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `backup_keep` integer DEFAULT 7 NOT NULL;
