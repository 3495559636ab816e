-- Issue 42: every traveller accepts the terms and the waiver, with evidence. One row per traveller, text and version:
-- who (the guest row of the booker or a companion), which text (kind, version and the SHA-256 of the text as shown),
-- the name typed, whether they signed for themself or a parent or guardian for a minor, how (the booking form, the
-- portal, an e-mailed link), when, and from which address and browser. Append-only: a new version needs a new row;
-- nothing is changed or deleted, but an erasure takes the address and the browser away (docs/decisions/037). The
-- booking and the traveller are kept as plain ids, without foreign keys, so the evidence outlives their records.
CREATE TABLE `agreement_acceptances` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`guest_id` text NOT NULL,
	`kind` text NOT NULL CHECK (`kind` IN ('terms', 'waiver')),
	`version` text NOT NULL,
	`text_sha256` text NOT NULL CHECK (length(`text_sha256`) = 64),
	`signed_name` text NOT NULL CHECK (length(trim(`signed_name`)) > 0),
	`signed_by` text NOT NULL CHECK (`signed_by` IN ('self', 'guardian')),
	`method` text NOT NULL CHECK (`method` IN ('booking_form', 'portal', 'link')),
	`ip` text,
	`user_agent` text,
	`signed_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agreement_acceptances_once` ON `agreement_acceptances` (`guest_id`, `kind`, `version`);
--> statement-breakpoint
CREATE INDEX `agreement_acceptances_booking_idx` ON `agreement_acceptances` (`booking_id`);
--> statement-breakpoint
CREATE TRIGGER `agreement_acceptances_never_deleted` BEFORE DELETE ON `agreement_acceptances`
BEGIN SELECT RAISE(ABORT, 'agreement acceptances are evidence: never deleted'); END;
--> statement-breakpoint
CREATE TRIGGER `agreement_acceptances_never_changed` BEFORE UPDATE ON `agreement_acceptances`
WHEN NOT (new.`ip` IS NULL AND new.`user_agent` IS NULL
  AND new.`id` = old.`id` AND new.`booking_id` = old.`booking_id` AND new.`guest_id` = old.`guest_id` AND new.`kind` = old.`kind`
  AND new.`version` = old.`version` AND new.`text_sha256` = old.`text_sha256` AND new.`signed_name` = old.`signed_name`
  AND new.`signed_by` = old.`signed_by` AND new.`method` = old.`method` AND new.`signed_at` = old.`signed_at`)
BEGIN SELECT RAISE(ABORT, 'agreement acceptances are evidence: never changed'); END;
