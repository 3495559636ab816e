-- Issue 38: an edition's early-bird price and its last day (Europe/Tallinn), and discount codes. A code is counted
-- inside the booking's own batch: `uses` goes up by one there, and the CHECK below refuses the batch that would go
-- past `max_uses`, so a code with one use left is used exactly once under any concurrency. A code is never deleted
-- once used (a booking refers to it): it is ended.
ALTER TABLE `retreats` ADD `early_bird_price_cents` integer CHECK (`early_bird_price_cents` IS NULL OR (typeof(`early_bird_price_cents`) = 'integer' AND `early_bird_price_cents` >= 0));
--> statement-breakpoint
ALTER TABLE `retreats` ADD `early_bird_until` text CHECK (`early_bird_until` IS NULL OR `early_bird_until` GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');
--> statement-breakpoint
CREATE TABLE `discount_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`percent` integer,
	`amount_per_person_cents` integer,
	`retreat_ids` text,
	`valid_from` text,
	`valid_until` text,
	`max_uses` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`note` text,
	`ended_at` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "discount_codes_one_kind" CHECK(("percent" IS NULL) <> ("amount_per_person_cents" IS NULL)),
	CONSTRAINT "discount_codes_percent_valid" CHECK("percent" IS NULL OR (typeof("percent") = 'integer' AND "percent" BETWEEN 1 AND 100)),
	CONSTRAINT "discount_codes_amount_valid" CHECK("amount_per_person_cents" IS NULL OR (typeof("amount_per_person_cents") = 'integer' AND "amount_per_person_cents" > 0)),
	CONSTRAINT "discount_codes_uses_within_max" CHECK("max_uses" IS NULL OR "uses" <= "max_uses"),
	CONSTRAINT "discount_codes_code_upper" CHECK("code" = upper("code"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_codes_code_unique` ON `discount_codes` (`code`);
--> statement-breakpoint
CREATE INDEX `discount_codes_created_idx` ON `discount_codes` (`created_at`, `id`);
--> statement-breakpoint
CREATE TRIGGER `discount_codes_never_deleted_once_used` BEFORE DELETE ON `discount_codes` WHEN OLD.`uses` > 0
BEGIN SELECT RAISE(ABORT, 'discount_code_used: end it instead'); END;
--> statement-breakpoint
ALTER TABLE `bookings` ADD `discount_code_id` integer REFERENCES `discount_codes`(`id`) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE `bookings` ADD `code_discount_cents` integer CHECK (`code_discount_cents` IS NULL OR (typeof(`code_discount_cents`) = 'integer' AND `code_discount_cents` >= 0));
--> statement-breakpoint
CREATE INDEX `bookings_discount_code_idx` ON `bookings` (`discount_code_id`) WHERE `discount_code_id` IS NOT NULL;
