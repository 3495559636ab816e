-- Issue "Pay online": `bank_link` as a payment method, for a payment made through an Estonian bank link (Montonio's
-- paymentInitiation). SQLite cannot change a CHECK, so `payments` is rebuilt (the migrator runs this with foreign
-- keys off): the same columns, foreign keys, indexes (0010, 0015, 0022, 0023) and append-only triggers (0010), and
-- the one new method. Online payments recorded as 'other' before this (bank links; cards were already 'card') become
-- 'bank_link' in the copy: they are the only rows whose method is known better now.
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
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reverses_payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payments_amount_cents_valid" CHECK(typeof("amount_cents") = 'integer' AND "amount_cents" <> 0),
	CONSTRAINT "payments_method_valid" CHECK("method" IN ('bank_transfer', 'bank_link', 'card', 'cash', 'other'))
);
--> statement-breakpoint
INSERT INTO `payments_new` (`id`, `booking_id`, `amount_cents`, `method`, `received_on`, `reference`, `note`, `reverses_payment_id`, `recorded_by`, `created_at`, `bank_transaction_id`, `online_order_id`)
SELECT `id`, `booking_id`, `amount_cents`,
	CASE WHEN `online_order_id` IS NOT NULL AND `method` = 'other' THEN 'bank_link' ELSE `method` END,
	`received_on`, `reference`, `note`, `reverses_payment_id`, `recorded_by`, `created_at`, `bank_transaction_id`, `online_order_id`
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
CREATE TRIGGER `payments_append_only_update` BEFORE UPDATE OF `amount_cents`, `method`, `received_on`, `reference`, `note`, `reverses_payment_id`, `created_at`, `id` ON `payments` BEGIN
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
