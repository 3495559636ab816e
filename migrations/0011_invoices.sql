-- Invoices and credit notes (issue "Back office II", docs/decisions/013): one consecutive series, frozen documents.
-- The table 0000 made (numbers INV-{bookingId}-{timestamp}, deleted with their booking) never had a writer but the
-- demo seed: no screen or route issued invoices before this migration, so it is replaced, not converted.
DROP TABLE `invoices`;
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`series_number` integer NOT NULL,
	`number` text NOT NULL,
	`kind` text NOT NULL,
	`booking_id` integer,
	`credits_invoice_id` integer,
	`issued_on` text NOT NULL,
	`due_on` text,
	`total_cents` integer NOT NULL,
	`buyer_name` text NOT NULL,
	`buyer_email` text,
	`document` text NOT NULL,
	`issued_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`credits_invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`issued_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "invoices_kind_valid" CHECK("kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "invoices_credit_note_refers" CHECK(("kind" = 'credit_note') = ("credits_invoice_id" IS NOT NULL)),
	CONSTRAINT "invoices_total_sign" CHECK(typeof("total_cents") = 'integer' AND (("kind" = 'invoice' AND "total_cents" >= 0) OR ("kind" = 'credit_note' AND "total_cents" < 0)))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_series_number_unique` ON `invoices` (`series_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE INDEX `invoices_booking_id_idx` ON `invoices` (`booking_id`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_credits_invoice_id_idx` ON `invoices` (`credits_invoice_id`);--> statement-breakpoint
-- One series without gaps, whoever writes: each number is the one after the highest.
CREATE TRIGGER `invoices_consecutive` BEFORE INSERT ON `invoices`
WHEN new.`series_number` IS NOT (SELECT coalesce(max(`series_number`), 0) + 1 FROM `invoices`) BEGIN
  SELECT RAISE(ABORT, 'invoice numbers form one consecutive series');
END;
--> statement-breakpoint
-- An issued document never changes and is never deleted; a deleted booking or user only clears its link.
CREATE TRIGGER `invoices_frozen_update` BEFORE UPDATE OF `id`, `series_number`, `number`, `kind`, `credits_invoice_id`, `issued_on`, `due_on`, `total_cents`, `buyer_name`, `buyer_email`, `document`, `created_at` ON `invoices` BEGIN
  SELECT RAISE(ABORT, 'issued invoices are frozen: issue a credit note instead');
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_stay_on_their_booking` BEFORE UPDATE OF `booking_id` ON `invoices` WHEN new.`booking_id` IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'issued invoices are frozen: issue a credit note instead');
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_kept` BEFORE DELETE ON `invoices` BEGIN
  SELECT RAISE(ABORT, 'issued invoices are frozen: issue a credit note instead');
END;
--> statement-breakpoint
-- A message may carry attachments made when it is sent (an invoice's PDF), named here as JSON references.
ALTER TABLE `email_outbox` ADD `attachments` text;
