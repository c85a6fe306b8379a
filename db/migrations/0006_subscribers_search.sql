-- The Subscribers List's search: a trigram index of names and addresses, so a
-- substring search reads the index instead of every subscriber. External
-- content (the rows stay in `subscribers`); the triggers keep it in step.
CREATE VIRTUAL TABLE `subscribers_search` USING fts5(name, email, content='subscribers', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `subscribers_search`(`subscribers_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `subscribers_search_insert` AFTER INSERT ON `subscribers` BEGIN
  INSERT INTO `subscribers_search`(rowid, name, email) VALUES (new.id, new.name, new.email);
END;
--> statement-breakpoint
CREATE TRIGGER `subscribers_search_delete` AFTER DELETE ON `subscribers` BEGIN
  INSERT INTO `subscribers_search`(`subscribers_search`, rowid, name, email) VALUES ('delete', old.id, old.name, old.email);
END;
--> statement-breakpoint
CREATE TRIGGER `subscribers_search_update` AFTER UPDATE OF name, email ON `subscribers` BEGIN
  INSERT INTO `subscribers_search`(`subscribers_search`, rowid, name, email) VALUES ('delete', old.id, old.name, old.email);
  INSERT INTO `subscribers_search`(rowid, name, email) VALUES (new.id, new.name, new.email);
END;
