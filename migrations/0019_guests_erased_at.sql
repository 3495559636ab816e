-- Issue "Privacy and safety" (T6): a guest whose account was deleted keeps only what the Accounting Act needs (the
-- name and address the booking was made with, beside its payments and invoices). `erased_at` says so, and keeps the
-- clients' sync from making a client of that guest again (worker/admin/clients.ts).
ALTER TABLE `guests` ADD `erased_at` text;
--> statement-breakpoint
-- An issued document still never changes, with one exception the Accounting Act allows and the GDPR asks for: when
-- its buyer's account is deleted, the buyer's phone number (no required element of an invoice: RPS § 7, KMS § 37)
-- is erased from the frozen copy. The trigger lets exactly that change through and refuses every other.
DROP TRIGGER `invoices_frozen_update`;
--> statement-breakpoint
CREATE TRIGGER `invoices_frozen_update` BEFORE UPDATE OF `id`, `series_number`, `number`, `kind`, `credits_invoice_id`, `issued_on`, `due_on`, `total_cents`, `buyer_name`, `buyer_email`, `document`, `created_at` ON `invoices`
WHEN NOT (new.`id` IS old.`id` AND new.`series_number` IS old.`series_number` AND new.`number` IS old.`number` AND new.`kind` IS old.`kind`
  AND new.`credits_invoice_id` IS old.`credits_invoice_id` AND new.`issued_on` IS old.`issued_on` AND new.`due_on` IS old.`due_on`
  AND new.`total_cents` IS old.`total_cents` AND new.`buyer_name` IS old.`buyer_name` AND new.`buyer_email` IS old.`buyer_email`
  AND new.`created_at` IS old.`created_at`
  AND new.`document` IS json_set(old.`document`, '$.buyer.phone', NULL))
BEGIN
  SELECT RAISE(ABORT, 'issued invoices are frozen: issue a credit note instead');
END;
