-- The admin users screen's search (e-mail, first name, last name, "first last") as a trigram full-text index, like
-- guests_search (0003): a substring search reads the index instead of LIKE-scanning every account (bench:admin:
-- 50,000 users). Kept in step with `users` by triggers; user_id is indexed so the triggers find a user's row by MATCH.
CREATE VIRTUAL TABLE `users_search` USING fts5(`user_id`, `text`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `users_search` (`user_id`, `text`)
  SELECT `id`, `email` || ' ' || coalesce(`first_name`, '') || ' ' || coalesce(`last_name`, '') FROM `users`;
--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_search` (`user_id`, `text`) VALUES (new.`id`, new.`email` || ' ' || coalesce(new.`first_name`, '') || ' ' || coalesce(new.`last_name`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF `email`, `first_name`, `last_name` ON `users` BEGIN
  DELETE FROM `users_search` WHERE `users_search` MATCH 'user_id : "' || old.`id` || '"';
  INSERT INTO `users_search` (`user_id`, `text`) VALUES (new.`id`, new.`email` || ' ' || coalesce(new.`first_name`, '') || ' ' || coalesce(new.`last_name`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` BEGIN
  DELETE FROM `users_search` WHERE `users_search` MATCH 'user_id : "' || old.`id` || '"';
END;
