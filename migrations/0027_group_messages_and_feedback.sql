-- Issue 24 "Talking to the group, and to visitors" (docs/decisions/028-group-messages-and-feedback.md).
-- Contact-form messages get a state: answered (when, by whom), and the replies sent from the back office.
ALTER TABLE `contact_messages` ADD `answered_at` text;
--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `answered_by` text REFERENCES `users`(`id`) ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX `contact_messages_answered_created_idx` ON `contact_messages` (`answered_at`, `created_at`);
--> statement-breakpoint
CREATE TABLE `contact_message_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contact_message_id` integer NOT NULL REFERENCES `contact_messages`(`id`) ON DELETE CASCADE,
	`user_id` text REFERENCES `users`(`id`) ON DELETE SET NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`outbox_id` integer REFERENCES `email_outbox`(`id`) ON DELETE SET NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_message_replies_message_idx` ON `contact_message_replies` (`contact_message_id`, `id`);
--> statement-breakpoint
-- A message to an edition's group: one row per send (its idempotency key unique, so a repeated send makes nothing),
-- one recipient row per address (unique within the send, so nobody gets the same send twice).
CREATE TABLE `group_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`retreat_id` integer NOT NULL REFERENCES `retreats`(`id`) ON DELETE CASCADE,
	`audience` text NOT NULL CHECK(`audience` IN ('all', 'unpaid', 'travel_details_missing')),
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`sent_by` text REFERENCES `users`(`id`) ON DELETE SET NULL,
	`recipient_count` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `group_messages_idempotency_key_unique` ON `group_messages` (`idempotency_key`);
--> statement-breakpoint
CREATE INDEX `group_messages_retreat_idx` ON `group_messages` (`retreat_id`, `id`);
--> statement-breakpoint
CREATE TABLE `group_message_recipients` (
	`group_message_id` integer NOT NULL REFERENCES `group_messages`(`id`) ON DELETE CASCADE,
	`to_address` text NOT NULL,
	`booking_id` integer REFERENCES `bookings`(`id`) ON DELETE SET NULL,
	`outbox_id` integer REFERENCES `email_outbox`(`id`) ON DELETE SET NULL,
	PRIMARY KEY(`group_message_id`, `to_address`)
);
--> statement-breakpoint
-- Feedback after an edition ends: one request per booking (the row is the "sent once" mark), one answer per booking.
CREATE TABLE `feedback_requests` (
	`booking_id` integer PRIMARY KEY NOT NULL REFERENCES `bookings`(`id`) ON DELETE CASCADE,
	`retreat_id` integer REFERENCES `retreats`(`id`) ON DELETE SET NULL,
	`requested_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `feedback_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL REFERENCES `bookings`(`id`) ON DELETE CASCADE,
	`retreat_id` integer REFERENCES `retreats`(`id`) ON DELETE SET NULL,
	`guest_name` text NOT NULL,
	`rating` integer NOT NULL CHECK(typeof(`rating`) = 'integer' AND `rating` BETWEEN 1 AND 5),
	`comment` text,
	`may_quote` integer NOT NULL DEFAULT 0 CHECK(`may_quote` IN (0, 1)),
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feedback_answers_booking_unique` ON `feedback_answers` (`booking_id`);
--> statement-breakpoint
CREATE INDEX `feedback_answers_retreat_idx` ON `feedback_answers` (`retreat_id`, `created_at`);
