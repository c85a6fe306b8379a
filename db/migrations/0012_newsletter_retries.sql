ALTER TABLE `newsletter_deliveries` ADD `next_attempt_at` integer;
