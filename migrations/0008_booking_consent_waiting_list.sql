-- Consent: when a booking request accepted the terms of use and which version (issue "Back office III").
-- Waiting list: a request made for an edition with no places left (GET /api/availability) is stored as such.
ALTER TABLE `bookings` ADD `terms_accepted_at` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `terms_version` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `waiting_list` integer DEFAULT 0 NOT NULL;
