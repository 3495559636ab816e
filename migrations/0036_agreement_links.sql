-- Issue 42: a companion signs the terms and the waiver for themself through a personal link sent by e-mail (by the
-- organiser or the booker). Only the link's SHA-256 is kept, never the token; a link works until it expires, for
-- the one traveller it was made for, and may be used for both texts. A newer link for the traveller does not end an
-- older one: each is theirs.
CREATE TABLE `agreement_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL REFERENCES `bookings`(`id`) ON DELETE CASCADE,
	`guest_id` text NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_by` text REFERENCES `users`(`id`) ON DELETE SET NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agreement_links_token_unique` ON `agreement_links` (`token_hash`);
--> statement-breakpoint
CREATE INDEX `agreement_links_booking_idx` ON `agreement_links` (`booking_id`);
