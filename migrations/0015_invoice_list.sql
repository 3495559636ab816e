-- The invoices screen and the accountant's export (issue "One money truth"). What is still open on each invoice is
-- kept by the database, as `bookings.owed_cents` is (migration 0012): the screen's state filters and its sums over
-- every document then read two columns instead of working out each document's credits and booking. The rule is
-- worker/domain/invoices/open.ts's (open = the uncredited part, at most what the booking still owes; the money
-- module's outstanding is 0 for a cancelled booking); tests/api/money-rules.test.ts checks these triggers against it.
-- Neither column is part of the frozen document: the frozen-update trigger does not cover them, and the app never
-- writes them.
ALTER TABLE `invoices` ADD `credited_cents` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `invoices` ADD `open_cents` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `invoices` SET `credited_cents` = coalesce((SELECT sum(c.`total_cents`) FROM `invoices` AS c WHERE c.`credits_invoice_id` = `invoices`.`id`), 0)
WHERE `kind` = 'invoice';
--> statement-breakpoint
UPDATE `invoices` SET `open_cents` = CASE WHEN `kind` = 'invoice' AND `total_cents` + `credited_cents` > 0
  THEN min(`total_cents` + `credited_cents`, coalesce((SELECT CASE WHEN b.`status` = 'cancelled' THEN 0 ELSE max(0, b.`owed_cents` - coalesce(b.`amount_paid_cents`, 0)) END FROM `bookings` AS b WHERE b.`id` = `invoices`.`booking_id`), `total_cents` + `credited_cents`))
  ELSE 0 END;
--> statement-breakpoint
-- A new invoice: what is open on it now.
CREATE TRIGGER `invoices_open_on_insert` AFTER INSERT ON `invoices` WHEN new.`kind` = 'invoice' BEGIN
  UPDATE `invoices` SET `open_cents` = CASE WHEN `total_cents` + `credited_cents` > 0
    THEN min(`total_cents` + `credited_cents`, coalesce((SELECT CASE WHEN b.`status` = 'cancelled' THEN 0 ELSE max(0, b.`owed_cents` - coalesce(b.`amount_paid_cents`, 0)) END FROM `bookings` AS b WHERE b.`id` = `invoices`.`booking_id`), `total_cents` + `credited_cents`))
    ELSE 0 END
  WHERE `id` = new.`id`;
END;
--> statement-breakpoint
-- A credit note: its invoice is credited by it, and what is open on that invoice follows.
CREATE TRIGGER `invoices_credited_on_insert` AFTER INSERT ON `invoices` WHEN new.`kind` = 'credit_note' AND new.`credits_invoice_id` IS NOT NULL BEGIN
  UPDATE `invoices` SET `credited_cents` = `credited_cents` + new.`total_cents` WHERE `id` = new.`credits_invoice_id`;
  UPDATE `invoices` SET `open_cents` = CASE WHEN `total_cents` + `credited_cents` > 0
    THEN min(`total_cents` + `credited_cents`, coalesce((SELECT CASE WHEN b.`status` = 'cancelled' THEN 0 ELSE max(0, b.`owed_cents` - coalesce(b.`amount_paid_cents`, 0)) END FROM `bookings` AS b WHERE b.`id` = `invoices`.`booking_id`), `total_cents` + `credited_cents`))
    ELSE 0 END
  WHERE `id` = new.`credits_invoice_id`;
END;
--> statement-breakpoint
-- The booking's money or status changed (a payment, a refund, an edit, a cancellation): its invoices follow.
CREATE TRIGGER `invoices_open_on_booking_money` AFTER UPDATE OF `owed_cents`, `amount_paid_cents`, `status` ON `bookings` BEGIN
  UPDATE `invoices` SET `open_cents` = CASE WHEN `total_cents` + `credited_cents` > 0
    THEN min(`total_cents` + `credited_cents`, CASE WHEN new.`status` = 'cancelled' THEN 0 ELSE max(0, new.`owed_cents` - coalesce(new.`amount_paid_cents`, 0)) END)
    ELSE 0 END
  WHERE `booking_id` = new.`id` AND `kind` = 'invoice';
END;
--> statement-breakpoint
-- The booking is gone (below the API: the app refuses): the invoice keeps its uncredited part open.
CREATE TRIGGER `invoices_open_on_unlink` AFTER UPDATE OF `booking_id` ON `invoices` WHEN new.`booking_id` IS NULL AND new.`kind` = 'invoice' BEGIN
  UPDATE `invoices` SET `open_cents` = max(0, `total_cents` + `credited_cents`) WHERE `id` = new.`id`;
END;
--> statement-breakpoint
-- The invoices screen and the accountant's period filter, newest first; the state filters; the count and sums read
-- from indexes that hold every column they need (the document JSON makes the table's own pages many).
CREATE INDEX `invoices_issued_on_idx` ON `invoices` (`issued_on`, `series_number`, `kind`, `total_cents`, `credited_cents`, `open_cents`);
--> statement-breakpoint
CREATE INDEX `invoices_money_idx` ON `invoices` (`series_number`, `kind`, `total_cents`, `credited_cents`, `open_cents`);
--> statement-breakpoint
CREATE INDEX `invoices_open_idx` ON `invoices` (`series_number`) WHERE `open_cents` > 0;
--> statement-breakpoint
-- The accountant's ledger export for a period, in the order money came in.
CREATE INDEX `payments_received_on_idx` ON `payments` (`received_on`, `id`);
