-- Run sheets per edition (issue 24, docs/decisions/026-run-sheets.md). Each person's flights and whether they need a
-- pick-up at the airport join their travel details (optional: not part of "complete"); times are Bali time
-- (Asia/Makassar, UTC+8) as the guest types them, "YYYY-MM-DDTHH:MM". pickup_needed is 'yes', 'no' or NULL (not said).
ALTER TABLE `booking_travellers` ADD `arrival_flight` text;
--> statement-breakpoint
ALTER TABLE `booking_travellers` ADD `arrival_at` text;
--> statement-breakpoint
ALTER TABLE `booking_travellers` ADD `departure_flight` text;
--> statement-breakpoint
ALTER TABLE `booking_travellers` ADD `departure_at` text;
--> statement-breakpoint
ALTER TABLE `booking_travellers` ADD `pickup_needed` text;
--> statement-breakpoint
-- The organiser's rooming: a room label per person of a booking (position 0 the main guest, 1..n the companions, as
-- booking_travellers). People with the same label on one edition share the room. Apart from booking_travellers, whose
-- rows are the guest's own details and count towards "complete".
CREATE TABLE `room_assignments` (
	`booking_id` integer NOT NULL,
	`position` integer NOT NULL,
	`room` text NOT NULL,
	`updated_by` text,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`booking_id`, `position`),
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "room_assignments_position_valid" CHECK(typeof(`position`) = 'integer' AND `position` >= 0),
	CONSTRAINT "room_assignments_room_valid" CHECK(length(`room`) BETWEEN 1 AND 40)
);
