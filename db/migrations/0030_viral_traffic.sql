-- A like or a share no longer removes the post's kept pages: the cache fills the current counts
-- into the kept page when it answers (docs/decisions/250-counts-in-kept-pages.md).
DROP TRIGGER IF EXISTS `page_cache_posts_counters`;
--> statement-breakpoint
CREATE TRIGGER `page_cache_posts_counters` AFTER UPDATE OF `likes`, `shares` ON `posts` BEGIN INSERT INTO `page_cache_changes` (`post_id`, `scope`) VALUES (NEW.`id`, 'counters'); END;
--> statement-breakpoint
-- The background jobs run in exactly one process at a time: the holder of a lease row, renewed
-- every few seconds (docs/operations.md "More than one core").
CREATE TABLE `job_leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`acquired_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
-- Purges owed to the shared caches in front (CACHE_PURGE_URLS): one row per batch and cache,
-- retried until sent or given up (docs/operations.md "A shared cache in front (Varnish)").
CREATE TABLE `cache_purges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target` text NOT NULL,
	`keys` text NOT NULL,
	`created_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`sent_at` integer,
	`failed_at` integer,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `cache_purges_pending` ON `cache_purges` (`next_attempt_at`) WHERE `sent_at` IS NULL AND `failed_at` IS NULL;
--> statement-breakpoint
-- How far the purger has read the page cache's change log (one row).
CREATE TABLE `cache_purge_cursor` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`last_seq` integer NOT NULL
);
