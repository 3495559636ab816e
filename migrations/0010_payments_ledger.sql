-- The payments ledger (issue "Back office II"): one row per money movement on a booking, append-only.
CREATE TABLE `payments` (
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
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reverses_payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payments_amount_cents_valid" CHECK(typeof("amount_cents") = 'integer' AND "amount_cents" <> 0),
	CONSTRAINT "payments_method_valid" CHECK("method" IN ('bank_transfer', 'card', 'cash', 'other'))
);
--> statement-breakpoint
CREATE INDEX `payments_booking_id_idx` ON `payments` (`booking_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_reverses_payment_id_unique` ON `payments` (`reverses_payment_id`);--> statement-breakpoint
-- Append-only, whoever writes: a row's money, method, day, reference, note and reversal never change, and no row is
-- deleted. The only change allowed is the one a deleted booking or user makes (booking_id, recorded_by to NULL).
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
