-- Issue 36: money in on a statement of an account that is not the company's waits for review with its own reason,
-- `foreign_account` (worker/domain/bank/company-accounts.ts). SQLite cannot change a CHECK, so `bank_transactions`
-- is rebuilt (the migrator runs this with foreign keys off): the same columns, foreign keys, indexes and trigger
-- (0022), and the one new reason. One upload of a file with several accounts' statements makes one
-- `bank_statements` row per account, so that table keeps its shape.
CREATE TABLE `bank_transactions_new` (
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
	`review_reason` text CHECK(`review_reason` IS NULL OR `review_reason` IN ('no_reference', 'invalid_reference', 'unknown_reference', 'several_bookings', 'cancelled_booking', 'currency', 'foreign_account')),
	`named_booking_id` integer REFERENCES `bookings`(`id`) ON DELETE SET NULL,
	`resolution_note` text,
	`resolved_by` text REFERENCES `users`(`id`) ON DELETE SET NULL,
	`resolved_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `bank_transactions_new` SELECT `id`, `statement_id`, `key`, `line`, `booked_on`, `direction`, `amount_cents`, `currency`,
	`counterparty_name`, `counterparty_account`, `counterparty_id_code`, `reference`, `text`, `end_to_end_id`, `archive_id`, `outcome`,
	`review_reason`, `named_booking_id`, `resolution_note`, `resolved_by`, `resolved_at`, `created_at`
FROM `bank_transactions`;
--> statement-breakpoint
DROP TABLE `bank_transactions`;
--> statement-breakpoint
ALTER TABLE `bank_transactions_new` RENAME TO `bank_transactions`;
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_transactions_key_unique` ON `bank_transactions` (`key`);
--> statement-breakpoint
CREATE INDEX `bank_transactions_statement_idx` ON `bank_transactions` (`statement_id`, `line`);
--> statement-breakpoint
CREATE INDEX `bank_transactions_review_idx` ON `bank_transactions` (`booked_on`, `id`) WHERE `outcome` = 'review';
--> statement-breakpoint
CREATE TRIGGER `bank_transactions_kept` BEFORE DELETE ON `bank_transactions`
BEGIN
  SELECT RAISE(ABORT, 'imported bank transactions are kept');
END;
