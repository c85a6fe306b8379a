-- The reader page cache (app/platform/page-cache.server.ts) removes entries by these rows:
-- post_id NULL: anything public pages show changed; a post id: only that post's likes or shares.
-- Views, time on page and bounce rate never purge (docs/decisions/050-page-cache.md).
CREATE TRIGGER `page_cache_posts_insert` AFTER INSERT ON `posts` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_posts_delete` AFTER DELETE ON `posts` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_posts_content` AFTER UPDATE OF `uid`, `status`, `title`, `slug`, `url`, `summary`, `content`, `category_id`, `photo`, `social_card`, `timestamp`, `author_id`, `updated_at` ON `posts` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_posts_counters` AFTER UPDATE OF `likes`, `shares` ON `posts` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NEW.`id`); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_categories_insert` AFTER INSERT ON `categories` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_categories_update` AFTER UPDATE ON `categories` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_categories_delete` AFTER DELETE ON `categories` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_tags_insert` AFTER INSERT ON `tags` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_tags_update` AFTER UPDATE ON `tags` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_tags_delete` AFTER DELETE ON `tags` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_post_tags_insert` AFTER INSERT ON `post_tags` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_post_tags_update` AFTER UPDATE ON `post_tags` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_post_tags_delete` AFTER DELETE ON `post_tags` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_settings_insert` AFTER INSERT ON `settings` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_settings_update` AFTER UPDATE ON `settings` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_settings_delete` AFTER DELETE ON `settings` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_users_insert` AFTER INSERT ON `users` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_users_delete` AFTER DELETE ON `users` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_users_update` AFTER UPDATE OF `uid`, `name`, `photo` ON `users` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_media_delete` AFTER DELETE ON `media` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_media_update` AFTER UPDATE OF `uid`, `url`, `path`, `name`, `width`, `height` ON `media` BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
