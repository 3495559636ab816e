-- Issue 38: the waiting list moves by itself. When places free, the first waiting party that fits whole gets an
-- offer, valid for a set time: its places are held for it meanwhile (the places rule counts an open offer), and the
-- guest confirms it by a signed link (its SHA-256 here, never the token) or in the portal. An offer not taken in time
-- lapses and passes to the next party that fits; from then (`offers_stopped_at`) the party is not offered places by
-- itself again, nor one the organiser put on the waiting list by hand: the organiser decides for those. A party that gets its places from the waiting
-- list starts its plan's schedule that day (`schedule_starts_at`; before, its creation day).
ALTER TABLE `bookings` ADD `schedule_starts_at` text;
--> statement-breakpoint
ALTER TABLE `bookings` ADD `offered_at` text;
--> statement-breakpoint
ALTER TABLE `bookings` ADD `offer_expires_at` text;
--> statement-breakpoint
ALTER TABLE `bookings` ADD `offer_token_hash` text;
--> statement-breakpoint
ALTER TABLE `bookings` ADD `offers_stopped_at` text;
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_offer_token_unique` ON `bookings` (`offer_token_hash`) WHERE `offer_token_hash` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `bookings_offer_expires_idx` ON `bookings` (`offer_expires_at`) WHERE `offer_expires_at` IS NOT NULL;
