-- A fan-out pages an actor's accepted followers by id; the index ends in the rowid, so no sort.
CREATE INDEX `ap_followers_fanout_idx` ON `ap_followers` (`actor_id`,`status`);
