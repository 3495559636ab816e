-- Issue 38: gift vouchers. A voucher is a multi-purpose voucher: issuing it is no sale of the retreat (no invoice);
-- using it pays a booking, through the ledger like any payment, as method `gift_voucher` with the voucher's id. Its
-- balance is its amount less what the ledger holds on it (a reversal gives back), never below zero: the ledger's
-- INSERT checks it in the statement that writes. SQLite cannot change a CHECK, so `payments` is rebuilt as 0024 did
-- (the migrator runs this with foreign keys off): the same columns, keys, indexes and append-only triggers, the new
-- method, and the voucher column.
CREATE TABLE `gift_vouchers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`recipient_name` text NOT NULL,
	`buyer_name` text,
	`buyer_email` text,
	`valid_until` text NOT NULL,
	`note` text,
	`created_by` text REFERENCES `users`(`id`) ON DELETE set null,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "gift_vouchers_amount_valid" CHECK(typeof("amount_cents") = 'integer' AND "amount_cents" > 0),
	CONSTRAINT "gift_vouchers_valid_until_valid" CHECK("valid_until" GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gift_vouchers_code_unique` ON `gift_vouchers` (`code`);
--> statement-breakpoint
CREATE INDEX `gift_vouchers_created_idx` ON `gift_vouchers` (`created_at`, `id`);
--> statement-breakpoint
CREATE TRIGGER `gift_vouchers_never_deleted` BEFORE DELETE ON `gift_vouchers`
BEGIN SELECT RAISE(ABORT, 'gift vouchers are never deleted'); END;
--> statement-breakpoint
CREATE TRIGGER `gift_vouchers_amount_fixed` BEFORE UPDATE OF `amount_cents`, `code` ON `gift_vouchers`
BEGIN SELECT RAISE(ABORT, 'a gift voucher''s amount and code never change'); END;
--> statement-breakpoint
CREATE TABLE `payments_new` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer,
	`amount_cents` integer NOT NULL,
	`method` text NOT NULL,
	`received_on` text NOT NULL,
	`reference` text,
	`note` text,
	`reverses_payment_id` integer,
	`recorded_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`bank_transaction_id` integer REFERENCES `bank_transactions`(`id`),
	`online_order_id` integer REFERENCES `online_payment_orders`(`id`),
	`gift_voucher_id` integer REFERENCES `gift_vouchers`(`id`) ON DELETE restrict,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reverses_payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payments_amount_cents_valid" CHECK(typeof("amount_cents") = 'integer' AND "amount_cents" <> 0),
	CONSTRAINT "payments_method_valid" CHECK("method" IN ('bank_transfer', 'bank_link', 'card', 'cash', 'other', 'gift_voucher')),
	CONSTRAINT "payments_gift_voucher_method" CHECK(("method" = 'gift_voucher') = ("gift_voucher_id" IS NOT NULL))
);
--> statement-breakpoint
INSERT INTO `payments_new` (`id`, `booking_id`, `amount_cents`, `method`, `received_on`, `reference`, `note`, `reverses_payment_id`, `recorded_by`, `created_at`, `bank_transaction_id`, `online_order_id`)
SELECT `id`, `booking_id`, `amount_cents`, `method`, `received_on`, `reference`, `note`, `reverses_payment_id`, `recorded_by`, `created_at`, `bank_transaction_id`, `online_order_id`
FROM `payments`;
--> statement-breakpoint
DROP TABLE `payments`;
--> statement-breakpoint
ALTER TABLE `payments_new` RENAME TO `payments`;
--> statement-breakpoint
CREATE INDEX `payments_booking_id_idx` ON `payments` (`booking_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_reverses_payment_id_unique` ON `payments` (`reverses_payment_id`);
--> statement-breakpoint
CREATE INDEX `payments_received_on_idx` ON `payments` (`received_on`, `id`);
--> statement-breakpoint
CREATE INDEX `payments_bank_transaction_idx` ON `payments` (`bank_transaction_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_online_order_unique` ON `payments` (`online_order_id`);
--> statement-breakpoint
CREATE INDEX `payments_gift_voucher_idx` ON `payments` (`gift_voucher_id`) WHERE `gift_voucher_id` IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `payments_append_only_update` BEFORE UPDATE OF `amount_cents`, `method`, `received_on`, `reference`, `note`, `reverses_payment_id`, `created_at`, `id`, `gift_voucher_id` ON `payments` BEGIN
  SELECT RAISE(ABORT, 'payments are append-only: record a reversing entry instead');
END;
--> statement-breakpoint
CREATE TRIGGER `payments_stay_on_their_booking` BEFORE UPDATE OF `booking_id` ON `payments` WHEN new.`booking_id` IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'payments are append-only: record a reversing entry instead');
END;
--> statement-breakpoint
CREATE TRIGGER `payments_append_only_delete` BEFORE DELETE ON `payments` BEGIN
  SELECT RAISE(ABORT, 'payments are append-only: record a reversing entry instead');
END;
