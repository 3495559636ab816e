-- Travel details per person of a booking (issue "Guest portal"): position 0 is the main guest, 1..n the booking's
-- companions in their order (the companions list is fixed once a booking is made; admins only price them). Health
-- fields are a special category of personal data: erased by the scheduled job a set number of days after the retreat
-- (health_erased_at says when). `complete` is written by the API from the shared rule (src/lib/travel-details.ts),
-- so the admin list can filter bookings whose details are missing without parsing them.
CREATE TABLE `booking_travellers` (
	`booking_id` integer NOT NULL,
	`position` integer NOT NULL,
	`date_of_birth` text,
	`nationality` text,
	`passport_number` text,
	`passport_expiry` text,
	`emergency_name` text,
	`emergency_phone` text,
	`emergency_relationship` text,
	`dietary` text,
	`health_conditions` text,
	`health_medications` text,
	`health_allergies` text,
	`health_erased_at` text,
	`complete` integer DEFAULT false NOT NULL,
	`updated_by` text,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`booking_id`, `position`),
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "booking_travellers_position_valid" CHECK(typeof(`position`) = 'integer' AND `position` >= 0)
);
--> statement-breakpoint
-- The retention job: rows that still hold health data, found by their booking.
CREATE INDEX `booking_travellers_health_idx` ON `booking_travellers` (`booking_id`) WHERE `health_erased_at` IS NULL AND (`health_conditions` IS NOT NULL OR `health_medications` IS NOT NULL OR `health_allergies` IS NOT NULL);
--> statement-breakpoint
-- The travel-details reminder goes once per booking: when it was queued.
ALTER TABLE `bookings` ADD `travel_details_reminded_at` text;
--> statement-breakpoint
-- A guest's cancellation request from the portal: when, and the refund the terms gave that day. An admin confirms it
-- with "Tühista broneering"; nothing is refunded on the request itself.
ALTER TABLE `bookings` ADD `cancellation_requested_at` text;
--> statement-breakpoint
ALTER TABLE `bookings` ADD `cancellation_request_refund_cents` integer;
