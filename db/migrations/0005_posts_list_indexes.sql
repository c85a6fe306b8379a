CREATE INDEX `posts_time_status_idx` ON `posts` (`timestamp`,`status`);--> statement-breakpoint
CREATE INDEX `posts_id_status_idx` ON `posts` (`id`,`status`);