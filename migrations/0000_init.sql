CREATE TABLE `audit_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`action` text NOT NULL,
	`resource_type` text,
	`resource_id` text,
	`severity` text DEFAULT 'low' NOT NULL,
	`metadata` text,
	`ip` text,
	`user_agent` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "audit_logs_severity_valid" CHECK("severity" IN ('low', 'medium', 'high', 'critical'))
);
--> statement-breakpoint
CREATE INDEX `audit_logs_user_action_created_idx` ON `audit_logs` (`user_id`,`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_action_created_idx` ON `audit_logs` (`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_created_at_idx` ON `audit_logs` (`created_at`);--> statement-breakpoint
CREATE TABLE `auth_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`success` integer DEFAULT false NOT NULL,
	`ip` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_attempts_kind_key_created_idx` ON `auth_attempts` (`kind`,`key`,`created_at`);--> statement-breakpoint
CREATE INDEX `auth_attempts_created_at_idx` ON `auth_attempts` (`created_at`);--> statement-breakpoint
CREATE TABLE `auth_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "auth_tokens_purpose_valid" CHECK("purpose" IN ('email_confirmation', 'password_reset'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auth_tokens_token_hash_unique` ON `auth_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `auth_tokens_user_purpose_idx` ON `auth_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guest_id` text NOT NULL,
	`customer_id` text,
	`retreat_id` integer,
	`user_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`room_type` text,
	`room_sharing_preference` text,
	`bed_type_preference` text,
	`total_amount_cents` integer,
	`amount_paid_cents` integer,
	`deposit_amount_cents` integer,
	`deposit_paid` integer DEFAULT false NOT NULL,
	`balance_paid` integer DEFAULT false NOT NULL,
	`special_requests` text,
	`comment` text,
	`comments` text,
	`extra_food` text,
	`additional_services` text,
	`companions` text,
	`booking_date` text,
	`check_in_date` text,
	`check_out_date` text,
	`arrival_date` text,
	`departure_date` text,
	`arrival_time` text,
	`departure_time` text,
	`retreat_edition` text,
	`experience` text,
	`travel_with` text,
	`source` text DEFAULT 'public_form' NOT NULL,
	`idempotency_key` text,
	`idempotency_request_hash` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`retreat_id`) REFERENCES `retreats`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "bookings_status_valid" CHECK("status" IN ('pending', 'confirmed', 'cancelled')),
	CONSTRAINT "bookings_payment_status_valid" CHECK("payment_status" IN ('pending', 'partial', 'paid', 'overdue', 'failed')),
	CONSTRAINT "bookings_room_type_valid" CHECK("room_type" IS NULL OR "room_type" IN ('single', 'shared', 'double', 'private')),
	CONSTRAINT "bookings_room_sharing_valid" CHECK("room_sharing_preference" IS NULL OR "room_sharing_preference" IN ('shared', 'private')),
	CONSTRAINT "bookings_bed_type_valid" CHECK("bed_type_preference" IS NULL OR "bed_type_preference" IN ('single_bed', 'double_bed')),
	CONSTRAINT "bookings_experience_valid" CHECK("experience" IS NULL OR "experience" IN ('beginner', 'intermediate', 'advanced')),
	CONSTRAINT "bookings_travel_with_valid" CHECK("travel_with" IS NULL OR "travel_with" IN ('alone', 'with-companions')),
	CONSTRAINT "bookings_source_valid" CHECK("source" IN ('public_form', 'admin')),
	CONSTRAINT "bookings_total_amount_cents_valid" CHECK("total_amount_cents" IS NULL OR (typeof("total_amount_cents") = 'integer' AND "total_amount_cents" >= 0)),
	CONSTRAINT "bookings_amount_paid_cents_valid" CHECK("amount_paid_cents" IS NULL OR (typeof("amount_paid_cents") = 'integer' AND "amount_paid_cents" >= 0)),
	CONSTRAINT "bookings_deposit_amount_cents_valid" CHECK("deposit_amount_cents" IS NULL OR (typeof("deposit_amount_cents") = 'integer' AND "deposit_amount_cents" >= 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_idempotency_key_unique` ON `bookings` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `bookings_created_at_idx` ON `bookings` (`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_status_idx` ON `bookings` (`status`);--> statement-breakpoint
CREATE INDEX `bookings_payment_status_idx` ON `bookings` (`payment_status`);--> statement-breakpoint
CREATE INDEX `bookings_balance_paid_idx` ON `bookings` (`balance_paid`);--> statement-breakpoint
CREATE INDEX `bookings_guest_id_idx` ON `bookings` (`guest_id`);--> statement-breakpoint
CREATE INDEX `bookings_customer_id_idx` ON `bookings` (`customer_id`);--> statement-breakpoint
CREATE INDEX `bookings_retreat_status_idx` ON `bookings` (`retreat_id`,`status`);--> statement-breakpoint
CREATE INDEX `bookings_user_id_idx` ON `bookings` (`user_id`);--> statement-breakpoint
CREATE INDEX `bookings_retreat_edition_idx` ON `bookings` (`retreat_edition`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text,
	`message` text NOT NULL,
	`ip` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_at_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `customers` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone_number` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "customers_email_lowercase" CHECK("email" IS NULL OR "email" = lower("email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_email_unique` ON `customers` (`email`);--> statement-breakpoint
CREATE INDEX `customers_created_at_idx` ON `customers` (`created_at`);--> statement-breakpoint
CREATE INDEX `customers_name_idx` ON `customers` (`last_name`,`first_name`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`html` text,
	`text` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_error` text,
	`sent_at` text,
	`booking_id` integer,
	`contact_message_id` integer,
	`user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`contact_message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "email_outbox_status_valid" CHECK("status" IN ('pending', 'sent', 'logged', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `email_outbox_status_next_attempt_idx` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_booking_id_idx` ON `email_outbox` (`booking_id`);--> statement-breakpoint
CREATE INDEX `email_outbox_contact_message_id_idx` ON `email_outbox` (`contact_message_id`);--> statement-breakpoint
CREATE INDEX `email_outbox_user_id_idx` ON `email_outbox` (`user_id`);--> statement-breakpoint
CREATE TABLE `guests` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text,
	`phone` text,
	`date_of_birth` text,
	`nationality` text,
	`passport_number` text,
	`dietary_preferences` text,
	`marketing_consent` integer DEFAULT false NOT NULL,
	`is_companion` integer DEFAULT false NOT NULL,
	`companion_of_guest_id` text,
	`emergency_contact` text,
	`health_info` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`companion_of_guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "guests_email_lowercase" CHECK("email" IS NULL OR "email" = lower("email")),
	CONSTRAINT "guests_companion_consistent" CHECK(("is_companion" = 0 AND "companion_of_guest_id" IS NULL) OR ("is_companion" = 1 AND "companion_of_guest_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `guests_email_idx` ON `guests` (`email`);--> statement-breakpoint
CREATE INDEX `guests_name_idx` ON `guests` (`last_name`,`first_name`);--> statement-breakpoint
CREATE INDEX `guests_first_name_idx` ON `guests` (`first_name`);--> statement-breakpoint
CREATE INDEX `guests_companion_of_idx` ON `guests` (`companion_of_guest_id`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`number` text NOT NULL,
	`issued_at` text NOT NULL,
	`due_at` text NOT NULL,
	`total_cents` integer NOT NULL,
	`sent_to` text,
	`sent_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "invoices_total_cents_valid" CHECK("total_cents" IS NULL OR (typeof("total_cents") = 'integer' AND "total_cents" >= 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE INDEX `invoices_booking_id_idx` ON `invoices` (`booking_id`);--> statement-breakpoint
CREATE TABLE `retreats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`edition` text,
	`name` text NOT NULL,
	`description` text,
	`location` text,
	`start_date` text,
	`end_date` text,
	`arrival_date` text,
	`departure_date` text,
	`base_price_cents` integer,
	`price_cents` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "retreats_base_price_cents_valid" CHECK("base_price_cents" IS NULL OR (typeof("base_price_cents") = 'integer' AND "base_price_cents" >= 0)),
	CONSTRAINT "retreats_price_cents_valid" CHECK("price_cents" IS NULL OR (typeof("price_cents") = 'integer' AND "price_cents" >= 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `retreats_edition_unique` ON `retreats` (`edition`);--> statement-breakpoint
CREATE INDEX `retreats_start_date_idx` ON `retreats` (`start_date`);--> statement-breakpoint
CREATE INDEX `retreats_end_date_idx` ON `retreats` (`end_date`);--> statement-breakpoint
CREATE TABLE `session_refresh_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`family_id` text NOT NULL,
	`retired_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_refresh_tokens_session_id_idx` ON `session_refresh_tokens` (`session_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`family_id` text NOT NULL,
	`refresh_token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_seen_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`revoked_reason` text,
	`user_agent` text,
	`ip` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_refresh_token_hash_unique` ON `sessions` (`refresh_token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_family_id_idx` ON `sessions` (`family_id`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`user_id`, `role`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_roles_role_valid" CHECK("role" IN ('user', 'admin'))
);
--> statement-breakpoint
CREATE INDEX `user_roles_role_idx` ON `user_roles` (`role`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`phone` text,
	`email_confirmed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK("email" IS NULL OR "email" = lower("email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);