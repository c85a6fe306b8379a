-- What happened on the site, for the software that follows it (docs/integrations.md "Events"):
-- rows are written only by these triggers, so every path (the editor, the scheduler, imports, the
-- JSON API) is seen. A consumer (federation, Webmention, WebSub, webhooks) reads them in order from
-- its own cursor in `site_event_cursors` and queues its deliveries in the same transaction.
CREATE TABLE `site_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`topic` text NOT NULL,
	`subject_id` integer NOT NULL,
	`data` text,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `site_event_cursors` (
	`consumer` text PRIMARY KEY NOT NULL,
	`last_id` integer NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `site_events_post_insert` AFTER INSERT ON `posts` WHEN NEW.`status` = 'published' BEGIN INSERT INTO `site_events` (`topic`, `subject_id`) VALUES ('post.published', NEW.`id`); END;
--> statement-breakpoint
CREATE TRIGGER `site_events_post_live` AFTER UPDATE OF `status` ON `posts` WHEN NEW.`status` = 'published' AND OLD.`status` <> 'published' BEGIN INSERT INTO `site_events` (`topic`, `subject_id`) VALUES ('post.published', NEW.`id`); END;
--> statement-breakpoint
CREATE TRIGGER `site_events_post_edited` AFTER UPDATE OF `title`, `content`, `summary`, `photo`, `url`, `category_id`, `version` ON `posts` WHEN NEW.`status` = 'published' AND OLD.`status` = 'published' BEGIN INSERT INTO `site_events` (`topic`, `subject_id`) VALUES ('post.updated', NEW.`id`); END;
--> statement-breakpoint
CREATE TRIGGER `site_events_post_off` AFTER UPDATE OF `status` ON `posts` WHEN OLD.`status` = 'published' AND NEW.`status` <> 'published' BEGIN INSERT INTO `site_events` (`topic`, `subject_id`, `data`) VALUES (CASE WHEN NEW.`status` = 'trash' THEN 'post.deleted' ELSE 'post.unpublished' END, NEW.`id`, json_object('uid', OLD.`uid`, 'title', OLD.`title`, 'url', OLD.`url`)); END;
--> statement-breakpoint
CREATE TRIGGER `site_events_post_delete` AFTER DELETE ON `posts` WHEN OLD.`status` = 'published' BEGIN INSERT INTO `site_events` (`topic`, `subject_id`, `data`) VALUES ('post.deleted', OLD.`id`, json_object('uid', OLD.`uid`, 'title', OLD.`title`, 'url', OLD.`url`)); END;
--> statement-breakpoint
CREATE TRIGGER `site_events_subscriber_insert` AFTER INSERT ON `subscribers` WHEN NEW.`status` = 'Active' BEGIN INSERT INTO `site_events` (`topic`, `subject_id`) VALUES ('subscriber.added', NEW.`id`); END;
--> statement-breakpoint
CREATE TRIGGER `site_events_subscriber_active` AFTER UPDATE OF `status` ON `subscribers` WHEN NEW.`status` = 'Active' AND OLD.`status` = 'Pending' BEGIN INSERT INTO `site_events` (`topic`, `subject_id`) VALUES ('subscriber.added', NEW.`id`); END;
--> statement-breakpoint
CREATE TRIGGER `site_events_subscriber_left` AFTER UPDATE OF `status` ON `subscribers` WHEN NEW.`status` = 'Unsubscribed' AND OLD.`status` <> 'Unsubscribed' BEGIN INSERT INTO `site_events` (`topic`, `subject_id`, `data`) VALUES ('subscriber.unsubscribed', NEW.`id`, json_object('uid', NEW.`uid`, 'email', NEW.`email`, 'name', NEW.`name`)); END;
--> statement-breakpoint
CREATE TRIGGER `site_events_comment_insert` AFTER INSERT ON `comments` BEGIN INSERT INTO `site_events` (`topic`, `subject_id`) VALUES ('comment.added', NEW.`id`); END;
--> statement-breakpoint
CREATE TRIGGER `site_events_newsletter_sent` AFTER UPDATE OF `status` ON `newsletters` WHEN NEW.`status` IN ('sent', 'partly sent', 'failed') AND OLD.`status` NOT IN ('sent', 'partly sent', 'failed') BEGIN INSERT INTO `site_events` (`topic`, `subject_id`) VALUES ('newsletter.sent', NEW.`id`); END;
--> statement-breakpoint
-- Nothing written before this migration is news: every consumer starts after it.
INSERT INTO `site_event_cursors` (`consumer`, `last_id`) VALUES ('federation', 0), ('webmention', 0), ('websub', 0), ('webhooks', 0);
--> statement-breakpoint
-- Outgoing HTTP owed to other servers (docs/integrations.md "Deliveries"): ActivityPub activities,
-- Webmentions, WebSub content, webhooks, and the checks made of others (a Webmention's source, a
-- WebSub subscriber's intent). `key` makes a delivery unique: queueing it twice is one row. A row
-- is `pending` until a worker takes it (`sending`, with `lease_until`), then `done`, `dead` (gave
-- up after `give_up_at`) or `cancelled`.
CREATE TABLE `deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`owner_id` integer,
	`target` text NOT NULL,
	`payload` text NOT NULL,
	`meta` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`next_at` integer NOT NULL,
	`give_up_at` integer NOT NULL,
	`lease_until` integer,
	`done_at` integer,
	`last_status` integer,
	`last_error` text,
	CONSTRAINT "deliveries_status_valid" CHECK("deliveries"."status" in ('pending', 'sending', 'done', 'dead', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deliveries_key_idx` ON `deliveries` (`key`);
--> statement-breakpoint
CREATE INDEX `deliveries_due_idx` ON `deliveries` (`next_at`) WHERE `status` IN ('pending', 'sending');
--> statement-breakpoint
CREATE INDEX `deliveries_owner_idx` ON `deliveries` (`kind`, `owner_id`, `id`);
--> statement-breakpoint
CREATE INDEX `deliveries_target_idx` ON `deliveries` (`kind`, `target`, `status`);
--> statement-breakpoint
-- Every attempt of a delivery, for the screens that show a log (webhooks, followers' servers).
CREATE TABLE `delivery_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`delivery_id` integer NOT NULL,
	`at` integer NOT NULL,
	`status` integer,
	`duration_ms` integer NOT NULL,
	`error` text,
	`excerpt` text,
	FOREIGN KEY (`delivery_id`) REFERENCES `deliveries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `delivery_attempts_delivery_idx` ON `delivery_attempts` (`delivery_id`, `id`);
--> statement-breakpoint
-- ActivityPub (docs/federation.md): the site and each author are actors with their own keys.
-- `kind` 'site' (ref_id 0), 'user' (users.id) or 'guest' (guest_contributors.id).
CREATE TABLE `ap_actors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`ref_id` integer NOT NULL,
	`public_key` text NOT NULL,
	`private_key` text NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "ap_actors_kind_valid" CHECK("ap_actors"."kind" in ('site', 'user', 'guest'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ap_actors_ref_idx` ON `ap_actors` (`kind`, `ref_id`);
--> statement-breakpoint
-- Remote actors we have seen (followers, repliers, signers): their keys and inboxes, cached.
CREATE TABLE `ap_remote_actors` (
	`uri` text PRIMARY KEY NOT NULL,
	`key_id` text NOT NULL,
	`public_key` text NOT NULL,
	`inbox` text NOT NULL,
	`shared_inbox` text,
	`handle` text NOT NULL,
	`name` text NOT NULL,
	`icon` text,
	`url` text,
	`fetched_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ap_remote_actors_key_idx` ON `ap_remote_actors` (`key_id`);
--> statement-breakpoint
CREATE TABLE `ap_followers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer NOT NULL,
	`remote_uri` text NOT NULL,
	`handle` text NOT NULL,
	`server` text NOT NULL,
	`inbox` text NOT NULL,
	`shared_inbox` text,
	`follow_id` text NOT NULL,
	`status` text DEFAULT 'accepted' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `ap_actors`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ap_followers_status_valid" CHECK("ap_followers"."status" in ('accepted', 'pending'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ap_followers_actor_remote_idx` ON `ap_followers` (`actor_id`, `remote_uri`);
--> statement-breakpoint
CREATE INDEX `ap_followers_actor_status_idx` ON `ap_followers` (`actor_id`, `status`, `created_at`);
--> statement-breakpoint
CREATE INDEX `ap_followers_server_idx` ON `ap_followers` (`server`);
--> statement-breakpoint
-- Blocked servers ('domain', a host name) and accounts ('actor', an actor URI).
CREATE TABLE `ap_blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text,
	CONSTRAINT "ap_blocks_kind_valid" CHECK("ap_blocks"."kind" in ('domain', 'actor'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ap_blocks_value_idx` ON `ap_blocks` (`kind`, `value`);
--> statement-breakpoint
-- A post as federated: sent at least once; `deleted_at` once a Delete went out (a Tombstone is
-- served at its id afterwards). `post_id` is not a foreign key: the row outlives the post.
CREATE TABLE `ap_posts` (
	`post_id` integer PRIMARY KEY NOT NULL,
	`object_id` text NOT NULL,
	`url` text NOT NULL,
	`actor_ids` text DEFAULT '[]' NOT NULL,
	`published_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer
);
--> statement-breakpoint
-- Likes and boosts of a post from the fediverse; `Undo` removes the row.
CREATE TABLE `ap_reactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`kind` text NOT NULL,
	`actor_uri` text NOT NULL,
	`activity_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ap_reactions_kind_valid" CHECK("ap_reactions"."kind" in ('like', 'announce'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ap_reactions_unique_idx` ON `ap_reactions` (`post_id`, `kind`, `actor_uri`);
--> statement-breakpoint
CREATE INDEX `ap_reactions_activity_idx` ON `ap_reactions` (`activity_id`);
--> statement-breakpoint
-- Comments that came from elsewhere: `source` 'fediverse' (a reply Note) or 'webmention';
-- `remote_id` the Note's id or the mention's source URL; `body_html` its sanitised HTML.
ALTER TABLE `comments` ADD `source` text DEFAULT 'site' NOT NULL;
--> statement-breakpoint
ALTER TABLE `comments` ADD `remote_id` text;
--> statement-breakpoint
ALTER TABLE `comments` ADD `remote_url` text;
--> statement-breakpoint
ALTER TABLE `comments` ADD `handle` text;
--> statement-breakpoint
ALTER TABLE `comments` ADD `avatar_url` text;
--> statement-breakpoint
ALTER TABLE `comments` ADD `body_html` text;
--> statement-breakpoint
CREATE UNIQUE INDEX `comments_remote_idx` ON `comments` (`remote_id`) WHERE `remote_id` IS NOT NULL;
--> statement-breakpoint
-- Webmentions received: verified in the background before they reach moderation.
CREATE TABLE `webmentions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`target` text NOT NULL,
	`post_id` integer NOT NULL,
	`comment_id` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`received_at` integer NOT NULL,
	`verified_at` integer,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "webmentions_status_valid" CHECK("webmentions"."status" in ('pending', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webmentions_pair_idx` ON `webmentions` (`source`, `target`);
--> statement-breakpoint
CREATE INDEX `webmentions_post_idx` ON `webmentions` (`post_id`, `status`);
--> statement-breakpoint
-- WebSub (docs/integrations.md): who wants each feed pushed, until `expires_at`.
CREATE TABLE `websub_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`topic` text NOT NULL,
	`callback` text NOT NULL,
	`secret` text,
	`lease_seconds` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`verified_at` integer,
	`expires_at` integer,
	CONSTRAINT "websub_subscriptions_status_valid" CHECK("websub_subscriptions"."status" in ('pending', 'active'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `websub_subscriptions_pair_idx` ON `websub_subscriptions` (`topic`, `callback`);
--> statement-breakpoint
CREATE INDEX `websub_subscriptions_topic_idx` ON `websub_subscriptions` (`topic`, `status`, `expires_at`);
--> statement-breakpoint
-- Webhooks (docs/integrations.md): `events` space-separated; `failing_since` set at the first failed
-- delivery and cleared by a success; a webhook failing for 24 hours is disabled.
CREATE TABLE `webhooks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`target_url` text NOT NULL,
	`events` text NOT NULL,
	`secret` text DEFAULT '' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`disabled_reason` text,
	`failing_since` integer,
	`created_at` integer NOT NULL,
	`created_by` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhooks_uid_idx` ON `webhooks` (`uid`);
--> statement-breakpoint
-- Read-only Content API tokens: only the SHA-256 of the token is kept.
CREATE TABLE `content_api_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`origins` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text,
	`last_used_at` integer,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_api_tokens_uid_idx` ON `content_api_tokens` (`uid`);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_api_tokens_hash_idx` ON `content_api_tokens` (`token_hash`);
--> statement-breakpoint
ALTER TABLE `settings` ADD `fediverse_handle` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `fediverse_approve_follows` integer DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `send_webmentions` integer DEFAULT true NOT NULL;
