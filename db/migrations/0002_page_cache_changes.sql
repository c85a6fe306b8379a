CREATE TABLE `page_cache_changes` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer
);
