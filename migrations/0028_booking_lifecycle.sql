-- One booking lifecycle (issue 35, worker/domain/bookings/states.ts and worker/domain/money/balance.ts). A booking on
-- the waiting list holds no place and is billed nothing until it is promoted; a cancelled booking is billed what
-- its cancellation kept. The columns and triggers below follow those rules; tests/api/money-rules.test.ts checks
-- the triggers against the TypeScript forms.
--
-- What a cancellation kept (the ledger's sum after its refund): a cancelled booking is billed this, and what its
-- ledger holds beyond it is a refund owed. Cancellations made before this column kept what their ledger holds.
ALTER TABLE `bookings` ADD `kept_cents` integer CHECK(`kept_cents` IS NULL OR (typeof(`kept_cents`) = 'integer' AND `kept_cents` >= 0));
--> statement-breakpoint
UPDATE `bookings` SET `kept_cents` = max(0, coalesce(`amount_paid_cents`, 0)) WHERE `status` = 'cancelled';
--> statement-breakpoint
-- A confirmed booking holds its places: the waiting-list flag of one confirmed before the flag was cleared on
-- confirmation says nothing more.
UPDATE `bookings` SET `waiting_list` = 0 WHERE `status` = 'confirmed' AND `waiting_list` = 1;
--> statement-breakpoint
-- A waiting-list party is never overdue (it is told not to pay before a place frees).
UPDATE `bookings` SET `payment_status` = CASE WHEN coalesce(`amount_paid_cents`, 0) > 0 THEN 'partial' ELSE 'pending' END
WHERE `status` = 'pending' AND `waiting_list` = 1 AND `payment_status` = 'overdue';
--> statement-breakpoint
-- "Owes money" (OWES_SQL) and "travel details missing" (of a participant), term for term, for the list's filters.
DROP INDEX `bookings_owing_created_idx`;
--> statement-breakpoint
CREATE INDEX `bookings_owing_created_idx` ON `bookings` (`created_at`, `id`)
WHERE (`status` = 'confirmed' OR (`status` = 'pending' AND `waiting_list` = 0)) AND `owed_cents` > coalesce(`amount_paid_cents`, 0);
--> statement-breakpoint
DROP INDEX `bookings_details_missing_created_idx`;
--> statement-breakpoint
CREATE INDEX `bookings_details_missing_created_idx` ON `bookings` (`created_at`, `id`)
WHERE (`status` = 'confirmed' OR (`status` = 'pending' AND `waiting_list` = 0)) AND `travellers_missing` > 0;
--> statement-breakpoint
-- "Refund owed" ("Tagastada"): few bookings, found without reading the others.
CREATE INDEX `bookings_paid_created_idx` ON `bookings` (`created_at`, `id`) WHERE coalesce(`amount_paid_cents`, 0) > 0;
--> statement-breakpoint
-- What is open on an invoice is at most what its booking owes, by the rule above: the triggers of migration 0015
-- again with it, and the waiting-list flag among the changes they follow.
DROP TRIGGER `invoices_open_on_insert`;
--> statement-breakpoint
CREATE TRIGGER `invoices_open_on_insert` AFTER INSERT ON `invoices` WHEN new.`kind` = 'invoice' BEGIN
  UPDATE `invoices` SET `open_cents` = CASE WHEN `total_cents` + `credited_cents` > 0
    THEN min(`total_cents` + `credited_cents`, coalesce((SELECT CASE WHEN b.`status` = 'confirmed' OR (b.`status` = 'pending' AND b.`waiting_list` = 0) THEN max(0, b.`owed_cents` - coalesce(b.`amount_paid_cents`, 0)) ELSE 0 END FROM `bookings` AS b WHERE b.`id` = `invoices`.`booking_id`), `total_cents` + `credited_cents`))
    ELSE 0 END
  WHERE `id` = new.`id`;
END;
--> statement-breakpoint
DROP TRIGGER `invoices_credited_on_insert`;
--> statement-breakpoint
CREATE TRIGGER `invoices_credited_on_insert` AFTER INSERT ON `invoices` WHEN new.`kind` = 'credit_note' AND new.`credits_invoice_id` IS NOT NULL BEGIN
  UPDATE `invoices` SET `credited_cents` = `credited_cents` + new.`total_cents` WHERE `id` = new.`credits_invoice_id`;
  UPDATE `invoices` SET `open_cents` = CASE WHEN `total_cents` + `credited_cents` > 0
    THEN min(`total_cents` + `credited_cents`, coalesce((SELECT CASE WHEN b.`status` = 'confirmed' OR (b.`status` = 'pending' AND b.`waiting_list` = 0) THEN max(0, b.`owed_cents` - coalesce(b.`amount_paid_cents`, 0)) ELSE 0 END FROM `bookings` AS b WHERE b.`id` = `invoices`.`booking_id`), `total_cents` + `credited_cents`))
    ELSE 0 END
  WHERE `id` = new.`credits_invoice_id`;
END;
--> statement-breakpoint
DROP TRIGGER `invoices_open_on_booking_money`;
--> statement-breakpoint
CREATE TRIGGER `invoices_open_on_booking_money` AFTER UPDATE OF `owed_cents`, `amount_paid_cents`, `status`, `waiting_list` ON `bookings` BEGIN
  UPDATE `invoices` SET `open_cents` = CASE WHEN `total_cents` + `credited_cents` > 0
    THEN min(`total_cents` + `credited_cents`, CASE WHEN new.`status` = 'confirmed' OR (new.`status` = 'pending' AND new.`waiting_list` = 0) THEN max(0, new.`owed_cents` - coalesce(new.`amount_paid_cents`, 0)) ELSE 0 END)
    ELSE 0 END
  WHERE `booking_id` = new.`id` AND `kind` = 'invoice';
END;
--> statement-breakpoint
UPDATE `invoices` SET `open_cents` = CASE WHEN `kind` = 'invoice' AND `total_cents` + `credited_cents` > 0
  THEN min(`total_cents` + `credited_cents`, coalesce((SELECT CASE WHEN b.`status` = 'confirmed' OR (b.`status` = 'pending' AND b.`waiting_list` = 0) THEN max(0, b.`owed_cents` - coalesce(b.`amount_paid_cents`, 0)) ELSE 0 END FROM `bookings` AS b WHERE b.`id` = `invoices`.`booking_id`), `total_cents` + `credited_cents`))
  ELSE 0 END;
