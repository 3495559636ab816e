-- The admin clients list at 50,000 clients (bench:admin). Newest first with the id as tie-breaker from one covering
-- index (the old created_at-only index left the tie-break to a temporary B-tree over every row an OFFSET skips).
DROP INDEX `customers_created_at_idx`;--> statement-breakpoint
CREATE INDEX `customers_created_at_id_idx` ON `customers` (`created_at`,`id`);--> statement-breakpoint
-- The admin clients search (first name, last name, e-mail, phone) as a trigram full-text index, like guests_search
-- (0003): a substring search reads the index instead of LIKE-scanning every client (50,000 in bench:admin). Kept in
-- step with `customers` by triggers, so every writer (the booking flow's upsert, the admin, sync, seeds) is covered.
-- Phone numbers are stored without formatting (+37251234567); the service strips formatting from a typed number.
CREATE VIRTUAL TABLE `customers_search` USING fts5(`customer_id`, `text`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `customers_search` (`customer_id`, `text`)
  SELECT `id`, `first_name` || ' ' || `last_name` || ' ' || `email` || ' ' || coalesce(`phone_number`, '') FROM `customers`;
--> statement-breakpoint
CREATE TRIGGER `customers_search_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO `customers_search` (`customer_id`, `text`) VALUES (new.`id`, new.`first_name` || ' ' || new.`last_name` || ' ' || new.`email` || ' ' || coalesce(new.`phone_number`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `customers_search_update` AFTER UPDATE OF `first_name`, `last_name`, `email`, `phone_number` ON `customers` BEGIN
  DELETE FROM `customers_search` WHERE `customers_search` MATCH 'customer_id : "' || old.`id` || '"';
  INSERT INTO `customers_search` (`customer_id`, `text`) VALUES (new.`id`, new.`first_name` || ' ' || new.`last_name` || ' ' || new.`email` || ' ' || coalesce(new.`phone_number`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `customers_search_delete` AFTER DELETE ON `customers` BEGIN
  DELETE FROM `customers_search` WHERE `customers_search` MATCH 'customer_id : "' || old.`id` || '"';
END;
