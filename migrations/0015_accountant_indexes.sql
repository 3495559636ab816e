-- The invoices screen's and the accountant's period filter (issue "One money truth"): documents by issue day, in
-- series order; the ledger export by the day money came in.
CREATE INDEX `invoices_issued_on_idx` ON `invoices` (`issued_on`, `series_number`);
--> statement-breakpoint
CREATE INDEX `payments_received_on_idx` ON `payments` (`received_on`, `id`);
