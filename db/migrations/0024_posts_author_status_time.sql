-- An author's published posts, newest first, on the index alone: the sitemap's authors (their
-- newest post's time, one seek each), the author page and its feed (docs/performance.md, "Scale").
CREATE INDEX `posts_author_status_time_idx` ON `posts` (`author_id`,`status`,`timestamp`);
