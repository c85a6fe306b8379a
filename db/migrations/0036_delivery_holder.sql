-- The process that took a delivery row: a new jobs holder gives back at once the rows of one
-- that no longer runs, instead of waiting for their lease to pass.
ALTER TABLE `deliveries` ADD `leased_by` text;
