-- The admin search over guests (first name, last name, "first last", e-mail) as a trigram full-text index, so a
-- substring search ("tamm", "example.org") reads the index instead of LIKE-scanning every guest (bench:admin: 50,000
-- bookings). SQLite FTS5 with the trigram tokenizer answers `text LIKE '%…%'` from the index for 3+ characters.
-- Kept in step with `guests` by triggers, so every writer (the booking form, the admin, seeds, manual fixes) is
-- covered. guest_id is indexed too, so the triggers find a guest's row by MATCH (a few ms) rather than by scanning
-- (an FTS rowid cannot follow guests' implicit rowid, which VACUUM may renumber). drizzle-kit does not model
-- virtual tables, hence a hand-written migration.
CREATE VIRTUAL TABLE `guests_search` USING fts5(`guest_id`, `text`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `guests_search` (`guest_id`, `text`)
  SELECT `id`, `first_name` || ' ' || `last_name` || ' ' || coalesce(`email`, '') FROM `guests`;
--> statement-breakpoint
CREATE TRIGGER `guests_search_insert` AFTER INSERT ON `guests` BEGIN
  INSERT INTO `guests_search` (`guest_id`, `text`) VALUES (new.`id`, new.`first_name` || ' ' || new.`last_name` || ' ' || coalesce(new.`email`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `guests_search_update` AFTER UPDATE OF `first_name`, `last_name`, `email` ON `guests` BEGIN
  DELETE FROM `guests_search` WHERE `guests_search` MATCH 'guest_id : "' || old.`id` || '"';
  INSERT INTO `guests_search` (`guest_id`, `text`) VALUES (new.`id`, new.`first_name` || ' ' || new.`last_name` || ' ' || coalesce(new.`email`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `guests_search_delete` AFTER DELETE ON `guests` BEGIN
  DELETE FROM `guests_search` WHERE `guests_search` MATCH 'guest_id : "' || old.`id` || '"';
END;
