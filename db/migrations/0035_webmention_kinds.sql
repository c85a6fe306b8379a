-- What a received mention's source does with the post (its h-entry's like-of, repost-of or
-- in-reply-to naming the post); anything else, and every mention before, is a plain mention.
ALTER TABLE `webmentions` ADD `kind` text DEFAULT 'mention' NOT NULL;
