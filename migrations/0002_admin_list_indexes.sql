DROP INDEX `bookings_status_idx`;--> statement-breakpoint
DROP INDEX `bookings_payment_status_idx`;--> statement-breakpoint
DROP INDEX `bookings_balance_paid_idx`;--> statement-breakpoint
CREATE INDEX `bookings_status_payment_created_idx` ON `bookings` (`status`,`payment_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_payment_created_idx` ON `bookings` (`payment_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_retreat_created_idx` ON `bookings` (`retreat_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_status_balance_idx` ON `bookings` (`status`,`balance_paid`);