-- Issue 21: the back office's searches are case-insensitive for every Estonian letter and blind to their diacritics
-- ("õunapuu" finds "Õunapuu", "smidt" finds "Šmidt"). The three trigram indexes hold their text folded as
-- worker/db/search-fold.ts folds it (lower() for ASCII, then each of õ ä ö ü š ž in both cases to its base letter);
-- the app folds what the admin types the same way, and tests/api/search-fold.test.ts checks the two agree.
DROP TRIGGER `guests_search_insert`;
--> statement-breakpoint
DROP TRIGGER `guests_search_update`;
--> statement-breakpoint
CREATE TRIGGER `guests_search_insert` AFTER INSERT ON `guests` BEGIN
  INSERT INTO `guests_search` (`guest_id`, `text`) VALUES (new.`id`, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(new.`first_name` || ' ' || new.`last_name` || ' ' || coalesce(new.`email`, '')), 'õ', 'o'), 'Õ', 'o'), 'ä', 'a'), 'Ä', 'a'), 'ö', 'o'), 'Ö', 'o'), 'ü', 'u'), 'Ü', 'u'), 'š', 's'), 'Š', 's'), 'ž', 'z'), 'Ž', 'z'));
END;
--> statement-breakpoint
CREATE TRIGGER `guests_search_update` AFTER UPDATE OF `first_name`, `last_name`, `email` ON `guests` BEGIN
  DELETE FROM `guests_search` WHERE `guests_search` MATCH 'guest_id : "' || old.`id` || '"';
  INSERT INTO `guests_search` (`guest_id`, `text`) VALUES (new.`id`, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(new.`first_name` || ' ' || new.`last_name` || ' ' || coalesce(new.`email`, '')), 'õ', 'o'), 'Õ', 'o'), 'ä', 'a'), 'Ä', 'a'), 'ö', 'o'), 'Ö', 'o'), 'ü', 'u'), 'Ü', 'u'), 'š', 's'), 'Š', 's'), 'ž', 'z'), 'Ž', 'z'));
END;
--> statement-breakpoint
DELETE FROM `guests_search`;
--> statement-breakpoint
INSERT INTO `guests_search` (`guest_id`, `text`) SELECT `id`, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(`first_name` || ' ' || `last_name` || ' ' || coalesce(`email`, '')), 'õ', 'o'), 'Õ', 'o'), 'ä', 'a'), 'Ä', 'a'), 'ö', 'o'), 'Ö', 'o'), 'ü', 'u'), 'Ü', 'u'), 'š', 's'), 'Š', 's'), 'ž', 'z'), 'Ž', 'z') FROM `guests`;
--> statement-breakpoint
DROP TRIGGER `users_search_insert`;
--> statement-breakpoint
DROP TRIGGER `users_search_update`;
--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_search` (`user_id`, `text`) VALUES (new.`id`, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(new.`email` || ' ' || coalesce(new.`first_name`, '') || ' ' || coalesce(new.`last_name`, '')), 'õ', 'o'), 'Õ', 'o'), 'ä', 'a'), 'Ä', 'a'), 'ö', 'o'), 'Ö', 'o'), 'ü', 'u'), 'Ü', 'u'), 'š', 's'), 'Š', 's'), 'ž', 'z'), 'Ž', 'z'));
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF `email`, `first_name`, `last_name` ON `users` BEGIN
  DELETE FROM `users_search` WHERE `users_search` MATCH 'user_id : "' || old.`id` || '"';
  INSERT INTO `users_search` (`user_id`, `text`) VALUES (new.`id`, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(new.`email` || ' ' || coalesce(new.`first_name`, '') || ' ' || coalesce(new.`last_name`, '')), 'õ', 'o'), 'Õ', 'o'), 'ä', 'a'), 'Ä', 'a'), 'ö', 'o'), 'Ö', 'o'), 'ü', 'u'), 'Ü', 'u'), 'š', 's'), 'Š', 's'), 'ž', 'z'), 'Ž', 'z'));
END;
--> statement-breakpoint
DELETE FROM `users_search`;
--> statement-breakpoint
INSERT INTO `users_search` (`user_id`, `text`) SELECT `id`, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(`email` || ' ' || coalesce(`first_name`, '') || ' ' || coalesce(`last_name`, '')), 'õ', 'o'), 'Õ', 'o'), 'ä', 'a'), 'Ä', 'a'), 'ö', 'o'), 'Ö', 'o'), 'ü', 'u'), 'Ü', 'u'), 'š', 's'), 'Š', 's'), 'ž', 'z'), 'Ž', 'z') FROM `users`;
--> statement-breakpoint
DROP TRIGGER `customers_search_insert`;
--> statement-breakpoint
DROP TRIGGER `customers_search_update`;
--> statement-breakpoint
CREATE TRIGGER `customers_search_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO `customers_search` (`customer_id`, `text`) VALUES (new.`id`, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(new.`first_name` || ' ' || new.`last_name` || ' ' || new.`email` || ' ' || coalesce(new.`phone_number`, '')), 'õ', 'o'), 'Õ', 'o'), 'ä', 'a'), 'Ä', 'a'), 'ö', 'o'), 'Ö', 'o'), 'ü', 'u'), 'Ü', 'u'), 'š', 's'), 'Š', 's'), 'ž', 'z'), 'Ž', 'z'));
END;
--> statement-breakpoint
CREATE TRIGGER `customers_search_update` AFTER UPDATE OF `first_name`, `last_name`, `email`, `phone_number` ON `customers` BEGIN
  DELETE FROM `customers_search` WHERE `customers_search` MATCH 'customer_id : "' || old.`id` || '"';
  INSERT INTO `customers_search` (`customer_id`, `text`) VALUES (new.`id`, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(new.`first_name` || ' ' || new.`last_name` || ' ' || new.`email` || ' ' || coalesce(new.`phone_number`, '')), 'õ', 'o'), 'Õ', 'o'), 'ä', 'a'), 'Ä', 'a'), 'ö', 'o'), 'Ö', 'o'), 'ü', 'u'), 'Ü', 'u'), 'š', 's'), 'Š', 's'), 'ž', 'z'), 'Ž', 'z'));
END;
--> statement-breakpoint
DELETE FROM `customers_search`;
--> statement-breakpoint
INSERT INTO `customers_search` (`customer_id`, `text`) SELECT `id`, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(`first_name` || ' ' || `last_name` || ' ' || `email` || ' ' || coalesce(`phone_number`, '')), 'õ', 'o'), 'Õ', 'o'), 'ä', 'a'), 'Ä', 'a'), 'ö', 'o'), 'Ö', 'o'), 'ü', 'u'), 'Ü', 'u'), 'š', 's'), 'Š', 's'), 'ž', 'z'), 'Ž', 'z') FROM `customers`;
--> statement-breakpoint
-- Retreats and invoices get folded trigram indexes too: a folded LIKE over every row took 600 ms (retreats) and
-- 230 ms (invoices) at 50 000 rows (bench:admin). Their ids are INTEGER PRIMARY KEYs, stable under VACUUM, so the
-- index rows use them as rowids. Issued invoices never change (migration 0011's triggers): insert is all they need.
CREATE VIRTUAL TABLE `retreats_search` USING fts5(`text`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `retreats_search` (`rowid`, `text`) SELECT `id`, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(`name` || ' ' || coalesce(`location`, '') || ' ' || coalesce(`description`, '')), 'õ', 'o'), 'Õ', 'o'), 'ä', 'a'), 'Ä', 'a'), 'ö', 'o'), 'Ö', 'o'), 'ü', 'u'), 'Ü', 'u'), 'š', 's'), 'Š', 's'), 'ž', 'z'), 'Ž', 'z') FROM `retreats`;
--> statement-breakpoint
CREATE TRIGGER `retreats_search_insert` AFTER INSERT ON `retreats` BEGIN
  INSERT INTO `retreats_search` (`rowid`, `text`) VALUES (new.`id`, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(new.`name` || ' ' || coalesce(new.`location`, '') || ' ' || coalesce(new.`description`, '')), 'õ', 'o'), 'Õ', 'o'), 'ä', 'a'), 'Ä', 'a'), 'ö', 'o'), 'Ö', 'o'), 'ü', 'u'), 'Ü', 'u'), 'š', 's'), 'Š', 's'), 'ž', 'z'), 'Ž', 'z'));
END;
--> statement-breakpoint
CREATE TRIGGER `retreats_search_update` AFTER UPDATE OF `name`, `location`, `description` ON `retreats` BEGIN
  DELETE FROM `retreats_search` WHERE `rowid` = old.`id`;
  INSERT INTO `retreats_search` (`rowid`, `text`) VALUES (new.`id`, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(new.`name` || ' ' || coalesce(new.`location`, '') || ' ' || coalesce(new.`description`, '')), 'õ', 'o'), 'Õ', 'o'), 'ä', 'a'), 'Ä', 'a'), 'ö', 'o'), 'Ö', 'o'), 'ü', 'u'), 'Ü', 'u'), 'š', 's'), 'Š', 's'), 'ž', 'z'), 'Ž', 'z'));
END;
--> statement-breakpoint
CREATE TRIGGER `retreats_search_delete` AFTER DELETE ON `retreats` BEGIN
  DELETE FROM `retreats_search` WHERE `rowid` = old.`id`;
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `invoices_search` USING fts5(`text`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `invoices_search` (`rowid`, `text`) SELECT `id`, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(`number` || ' ' || coalesce(`buyer_name`, '')), 'õ', 'o'), 'Õ', 'o'), 'ä', 'a'), 'Ä', 'a'), 'ö', 'o'), 'Ö', 'o'), 'ü', 'u'), 'Ü', 'u'), 'š', 's'), 'Š', 's'), 'ž', 'z'), 'Ž', 'z') FROM `invoices`;
--> statement-breakpoint
CREATE TRIGGER `invoices_search_insert` AFTER INSERT ON `invoices` BEGIN
  INSERT INTO `invoices_search` (`rowid`, `text`) VALUES (new.`id`, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(new.`number` || ' ' || coalesce(new.`buyer_name`, '')), 'õ', 'o'), 'Õ', 'o'), 'ä', 'a'), 'Ä', 'a'), 'ö', 'o'), 'Ö', 'o'), 'ü', 'u'), 'Ü', 'u'), 'š', 's'), 'Š', 's'), 'ž', 'z'), 'Ž', 'z'));
END;
