ALTER TABLE `media` ADD `renditions` text;--> statement-breakpoint
CREATE TRIGGER `page_cache_media_renditions` AFTER UPDATE OF `renditions` ON `media` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
