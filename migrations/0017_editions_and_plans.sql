-- Issue "Sell": the retreats table is the one source of what is on sale. An edition is published (offered to
-- visitors) or not; it has a supplement per person for each room type, a minimum number of participants (the
-- terms' 8) and the number of days before its start on which registration closes (the content's 4).
ALTER TABLE `retreats` ADD `published` integer DEFAULT 0 NOT NULL CHECK(`published` IN (0, 1));
--> statement-breakpoint
ALTER TABLE `retreats` ADD `single_room_supplement_cents` integer DEFAULT 0 NOT NULL CHECK(typeof(`single_room_supplement_cents`) = 'integer' AND `single_room_supplement_cents` >= 0);
--> statement-breakpoint
ALTER TABLE `retreats` ADD `shared_room_supplement_cents` integer DEFAULT 0 NOT NULL CHECK(typeof(`shared_room_supplement_cents`) = 'integer' AND `shared_room_supplement_cents` >= 0);
--> statement-breakpoint
ALTER TABLE `retreats` ADD `min_participants` integer DEFAULT 8 NOT NULL CHECK(typeof(`min_participants`) = 'integer' AND `min_participants` BETWEEN 0 AND 1000);
--> statement-breakpoint
ALTER TABLE `retreats` ADD `registration_closes_days_before` integer DEFAULT 4 NOT NULL CHECK(typeof(`registration_closes_days_before`) = 'integer' AND `registration_closes_days_before` BETWEEN 0 AND 365);
--> statement-breakpoint
-- The editions content/settings/site.json held until now become rows once (the file keeps marketing copy only):
-- the ones the edition sync already made keep what admins set and are published; missing ones are made.
INSERT INTO `retreats` (`edition`, `name`, `location`, `start_date`, `end_date`, `arrival_date`, `departure_date`)
VALUES
	('nov-2025', 'Uus algus retriit Balis – November 2025', 'Uluwatu, Bali', '2025-11-14', '2025-11-24', '2025-11-14', '2025-11-24'),
	('jan-2026', 'Uus algus retriit Balis – Jaanuar 2026', 'Uluwatu, Bali', '2026-01-14', '2026-01-24', '2026-01-14', '2026-01-24'),
	('mar-2026', 'Uus algus retriit Balis – Märts 2026', 'Uluwatu, Bali', '2026-03-14', '2026-03-24', '2026-03-14', '2026-03-24')
ON CONFLICT (`edition`) DO NOTHING;
--> statement-breakpoint
UPDATE `retreats` SET `published` = 1, `price_cents` = coalesce(`price_cents`, 129900), `base_price_cents` = coalesce(`base_price_cents`, 159900)
WHERE `edition` IN ('nov-2025', 'jan-2026', 'mar-2026');
--> statement-breakpoint
-- A booking's price as it was made: the plan the guest chose, the advance that plan asks for, and the quote (JSON:
-- per-person price, room supplement, people, discount, total, parts) that later price changes never touch.
ALTER TABLE `bookings` ADD `payment_plan` text CHECK(`payment_plan` IS NULL OR `payment_plan` IN ('full', 'instalments', 'advance'));
--> statement-breakpoint
ALTER TABLE `bookings` ADD `advance_cents` integer CHECK(`advance_cents` IS NULL OR (typeof(`advance_cents`) = 'integer' AND `advance_cents` >= 0));
--> statement-breakpoint
ALTER TABLE `bookings` ADD `price_snapshot` text;
--> statement-breakpoint
-- Reminders for the instalments' parts: the part check is a table constraint, so the table is made again.
CREATE TABLE `payment_reminders_new` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`part` text NOT NULL,
	`due_on` text NOT NULL,
	`stage` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payment_reminders_part_valid" CHECK("part" IN ('advance', 'balance', 'full', 'instalment1', 'instalment2', 'instalment3')),
	CONSTRAINT "payment_reminders_stage_valid" CHECK("stage" IN ('before', 'due', 'after'))
);
--> statement-breakpoint
INSERT INTO `payment_reminders_new` (`id`, `booking_id`, `part`, `due_on`, `stage`, `created_at`)
SELECT `id`, `booking_id`, `part`, `due_on`, `stage`, `created_at` FROM `payment_reminders`;
--> statement-breakpoint
DROP TABLE `payment_reminders`;
--> statement-breakpoint
ALTER TABLE `payment_reminders_new` RENAME TO `payment_reminders`;
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_reminders_once` ON `payment_reminders` (`booking_id`, `part`, `due_on`, `stage`);
--> statement-breakpoint
-- The public availability: published editions by start day.
CREATE INDEX `retreats_published_start_idx` ON `retreats` (`published`, `start_date`);
