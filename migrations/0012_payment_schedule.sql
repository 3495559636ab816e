-- What a booking owes, kept by the database (issue "Back office II"): the balance rule's total + services +
-- companion prices, for the list's paid/outstanding columns, its "owes money" filter, the dashboard and the jobs.
-- Triggers keep it after every insert and every change of the three inputs, whoever writes.
ALTER TABLE `bookings` ADD `owed_cents` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `bookings` SET `owed_cents` = coalesce(`total_amount_cents`, 0)
  + coalesce((SELECT sum(json_extract(s.value, '$.price_cents')) FROM json_each(`additional_services`) AS s), 0)
  + coalesce((SELECT sum(json_extract(c.value, '$.custom_price_cents')) FROM json_each(`companions`) AS c), 0);
--> statement-breakpoint
CREATE TRIGGER `bookings_owed_on_insert` AFTER INSERT ON `bookings` BEGIN
  UPDATE `bookings` SET `owed_cents` = coalesce(new.`total_amount_cents`, 0)
    + coalesce((SELECT sum(json_extract(s.value, '$.price_cents')) FROM json_each(new.`additional_services`) AS s), 0)
    + coalesce((SELECT sum(json_extract(c.value, '$.custom_price_cents')) FROM json_each(new.`companions`) AS c), 0)
  WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_owed_on_update` AFTER UPDATE OF `total_amount_cents`, `additional_services`, `companions` ON `bookings` BEGIN
  UPDATE `bookings` SET `owed_cents` = coalesce(new.`total_amount_cents`, 0)
    + coalesce((SELECT sum(json_extract(s.value, '$.price_cents')) FROM json_each(new.`additional_services`) AS s), 0)
    + coalesce((SELECT sum(json_extract(c.value, '$.custom_price_cents')) FROM json_each(new.`companions`) AS c), 0)
  WHERE `id` = new.`id`;
END;
--> statement-breakpoint
-- The list's "owes money" filter, newest first: only bookings that are not cancelled and owe something.
CREATE INDEX `bookings_owing_created_idx` ON `bookings` (`created_at`, `id`) WHERE `status` <> 'cancelled' AND `owed_cents` > coalesce(`amount_paid_cents`, 0);
--> statement-breakpoint
-- Payment reminders (7 days before a due date, on it, 3 days after): on unless an admin turns them off.
ALTER TABLE `bookings` ADD `payment_reminders` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Each reminder once: the scheduled job inserts its row first and writes the e-mail only if that row was new.
CREATE TABLE `payment_reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`part` text NOT NULL,
	`due_on` text NOT NULL,
	`stage` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payment_reminders_part_valid" CHECK("part" IN ('advance', 'balance', 'full')),
	CONSTRAINT "payment_reminders_stage_valid" CHECK("stage" IN ('before', 'due', 'after'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_reminders_once` ON `payment_reminders` (`booking_id`, `part`, `due_on`, `stage`);
