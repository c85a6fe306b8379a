-- A commenter's web address, kept when comments are imported (WordPress's comment_author_url;
-- docs/behaviour.md §import). Empty for comments written here.
ALTER TABLE `comments` ADD `author_url` text DEFAULT '' NOT NULL;
