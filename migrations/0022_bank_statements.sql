-- Issue "Collect": bank statements imported and matched by reference number. A statement is the uploaded file; each
-- of its transactions is kept once, known by its key (the bank's archive id, else a checksum: docs/decisions/020), so
-- that the same or an overlapping file adds nothing. A payment made from a transaction points back at it; one
-- transfer that paid several bookings exactly has one payment per booking.
CREATE TABLE `bank_statements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file_name` text,
	`format` text NOT NULL,
	`account_iban` text,
	`transactions` integer NOT NULL CHECK(typeof(`transactions`) = 'integer' AND `transactions` >= 0),
	`duplicates` integer NOT NULL CHECK(typeof(`duplicates`) = 'integer' AND `duplicates` >= 0),
	`imported_by` text REFERENCES `users`(`id`) ON DELETE SET NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `bank_transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`statement_id` integer NOT NULL REFERENCES `bank_statements`(`id`),
	`key` text NOT NULL,
	`line` integer NOT NULL,
	`booked_on` text NOT NULL,
	`direction` text NOT NULL CHECK(`direction` IN ('credit', 'debit')),
	`amount_cents` integer NOT NULL CHECK(typeof(`amount_cents`) = 'integer' AND `amount_cents` > 0),
	`currency` text NOT NULL,
	`counterparty_name` text,
	`counterparty_account` text,
	`counterparty_id_code` text,
	`reference` text,
	`text` text NOT NULL,
	`end_to_end_id` text,
	`archive_id` text,
	`outcome` text NOT NULL CHECK(`outcome` IN ('matched', 'partial', 'overpaid', 'review', 'assigned', 'dismissed', 'debit')),
	`review_reason` text CHECK(`review_reason` IS NULL OR `review_reason` IN ('no_reference', 'invalid_reference', 'unknown_reference', 'several_bookings', 'cancelled_booking', 'currency')),
	`named_booking_id` integer REFERENCES `bookings`(`id`) ON DELETE SET NULL,
	`resolution_note` text,
	`resolved_by` text REFERENCES `users`(`id`) ON DELETE SET NULL,
	`resolved_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_transactions_key_unique` ON `bank_transactions` (`key`);
--> statement-breakpoint
CREATE INDEX `bank_transactions_statement_idx` ON `bank_transactions` (`statement_id`, `line`);
--> statement-breakpoint
-- The review list: what waits, oldest first.
CREATE INDEX `bank_transactions_review_idx` ON `bank_transactions` (`booked_on`, `id`) WHERE `outcome` = 'review';
--> statement-breakpoint
ALTER TABLE `payments` ADD `bank_transaction_id` integer REFERENCES `bank_transactions`(`id`);
--> statement-breakpoint
CREATE INDEX `payments_bank_transaction_idx` ON `payments` (`bank_transaction_id`);
--> statement-breakpoint
-- Nothing that has been paid is hard-deleted: a transaction that made a payment stays.
CREATE TRIGGER `bank_transactions_kept` BEFORE DELETE ON `bank_transactions`
BEGIN
  SELECT RAISE(ABORT, 'imported bank transactions are kept');
END;
