-- Comment notices and site pages (docs/behaviour.md §comments, §pages).
-- 1. A comment's author notice is sent once (docs/decisions/132-comment-author-notice.md):
--    comments stored before this migration count as notified.
ALTER TABLE `comments` ADD `author_notified_at` integer;
--> statement-breakpoint
UPDATE `comments` SET `author_notified_at` = `created_at`;
--> statement-breakpoint
-- 2. Reach Out and the two policies become pages the Administrator edits, seeded with the text
--    the site showed until now (docs/decisions/133-site-pages.md). Their addresses stay fixed.
INSERT OR IGNORE INTO `pages` (`uid`, `status`, `title`, `slug`, `summary`, `content`, `nav`, `nav_order`) VALUES
(lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
 'published', 'Reach Out', 'reach-out', 'How to reach our editorial and business teams.',
 '<p>We read everything our readers send us. Tips, corrections and story ideas go straight to the newsroom; partnership and advertising questions go to the business team.</p>',
 'none', 0),
(lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
 'published', 'Privacy Policy', 'privacy-policy', 'What we collect, why, and how to have it removed.',
 '<p>We collect as little as we can. This page explains what is stored when you read, like, share or subscribe, and how to have it removed.</p><h2>Reading</h2><p>We count page views, shares and the time spent on a page to learn which stories are useful. These figures are kept per article, never per reader, and no third-party trackers run on this site.</p><h2>Cookies</h2><ul><li><strong>Theme</strong>: remembers whether you chose the light or dark theme.</li><li><strong>Likes</strong>: remembers which posts you liked, so the heart stays red.</li><li><strong>Staff sessions</strong>: keeps staff signed in to the back office.</li></ul><h2>Newsletter</h2><p>When you subscribe we store your name, e-mail address and the newsletters you chose. Every newsletter carries an unsubscribe link; after you use it you receive nothing more.</p>',
 'none', 0),
(lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
 'published', 'Media Policy', 'media-policy', 'How to use our articles and images, and who to ask.',
 '<p>You are welcome to quote short passages of our reporting with a link to the original article. Republishing whole articles, illustrations or photographs needs written permission.</p><h2>Images</h2><p>Illustrations on this site are produced by our newsroom unless a caption says otherwise. Sponsored posts are always labelled as such and are kept apart from our reporting.</p>',
 'none', 0);
--> statement-breakpoint
-- 3. The page cache removes only what a change affects (docs/decisions/134-page-cache-scopes.md):
--    `scope` 'comments' with a post id: that post's page and the listings (their cards count
--    comments); `scope` 'page' with a slug: that page's address and the sitemaps.
--    Rows with neither keep their meaning: post_id NULL everything, a post id its counters.
ALTER TABLE `page_cache_changes` ADD `scope` text;
--> statement-breakpoint
ALTER TABLE `page_cache_changes` ADD `slug` text;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `page_cache_comments_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `page_cache_comments_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `page_cache_comments_delete`;
--> statement-breakpoint
-- Only approved comments are public (a commenter's own waiting comment bypasses the cache).
CREATE TRIGGER `page_cache_comments_insert` AFTER INSERT ON `comments` WHEN NEW.`status` = 'approved' BEGIN INSERT INTO `page_cache_changes` (`post_id`, `scope`) VALUES (NEW.`post_id`, 'comments'); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_comments_update` AFTER UPDATE OF `status`, `name`, `body`, `parent_id`, `post_id`, `created_at` ON `comments` WHEN OLD.`status` = 'approved' OR NEW.`status` = 'approved' BEGIN INSERT INTO `page_cache_changes` (`post_id`, `scope`) VALUES (OLD.`post_id`, 'comments'); INSERT INTO `page_cache_changes` (`post_id`, `scope`) SELECT NEW.`post_id`, 'comments' WHERE NEW.`post_id` IS NOT OLD.`post_id`; END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_comments_delete` AFTER DELETE ON `comments` WHEN OLD.`status` = 'approved' BEGIN INSERT INTO `page_cache_changes` (`post_id`, `scope`) VALUES (OLD.`post_id`, 'comments'); END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `page_cache_pages_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `page_cache_pages_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `page_cache_pages_delete`;
--> statement-breakpoint
-- A published page linked in the header or footer is on every page: a change to its link
-- (added, removed, retitled, moved, reordered) purges everything.
CREATE TRIGGER `page_cache_pages_insert` AFTER INSERT ON `pages` WHEN NEW.`status` = 'published' BEGIN INSERT INTO `page_cache_changes` (`post_id`, `scope`, `slug`) SELECT NULL, NULL, NULL WHERE NEW.`nav` <> 'none'; INSERT INTO `page_cache_changes` (`post_id`, `scope`, `slug`) VALUES (NULL, 'page', NEW.`slug`); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_pages_nav` AFTER UPDATE ON `pages` WHEN ((OLD.`status` = 'published' AND OLD.`nav` <> 'none') OR (NEW.`status` = 'published' AND NEW.`nav` <> 'none')) AND (OLD.`status` IS NOT NEW.`status` OR OLD.`nav` IS NOT NEW.`nav` OR OLD.`nav_order` IS NOT NEW.`nav_order` OR OLD.`title` IS NOT NEW.`title` OR OLD.`slug` IS NOT NEW.`slug`) BEGIN INSERT INTO `page_cache_changes` (`post_id`) VALUES (NULL); END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_pages_update` AFTER UPDATE ON `pages` WHEN OLD.`status` = 'published' OR NEW.`status` = 'published' BEGIN INSERT INTO `page_cache_changes` (`post_id`, `scope`, `slug`) VALUES (NULL, 'page', OLD.`slug`); INSERT INTO `page_cache_changes` (`post_id`, `scope`, `slug`) SELECT NULL, 'page', NEW.`slug` WHERE NEW.`slug` IS NOT OLD.`slug`; END;
--> statement-breakpoint
CREATE TRIGGER `page_cache_pages_delete` AFTER DELETE ON `pages` WHEN OLD.`status` = 'published' BEGIN INSERT INTO `page_cache_changes` (`post_id`, `scope`, `slug`) SELECT NULL, NULL, NULL WHERE OLD.`nav` <> 'none'; INSERT INTO `page_cache_changes` (`post_id`, `scope`, `slug`) VALUES (NULL, 'page', OLD.`slug`); END;
