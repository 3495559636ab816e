-- Issue "Pay online": orders made with an online payment provider (Montonio). An order is what the guest was sent
-- to pay (the next part of the schedule, or all that is open); the provider's order id is unique, and a paid order
-- makes exactly one ledger payment (payments.online_order_id, unique). A paid order on a booking that was cancelled
-- in the meantime is recorded and flagged for the organiser's refund decision (`refund_review`).
CREATE TABLE `online_payment_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL CHECK(`provider` IN ('montonio')),
	`provider_order_id` text NOT NULL,
	`merchant_reference` text NOT NULL,
	`booking_id` integer NOT NULL REFERENCES `bookings`(`id`),
	`amount_cents` integer NOT NULL CHECK(typeof(`amount_cents`) = 'integer' AND `amount_cents` > 0),
	`currency` text NOT NULL,
	`part` text NOT NULL CHECK(`part` IN ('next', 'rest')),
	`status` text NOT NULL CHECK(`status` IN ('created', 'pending', 'authorized', 'paid', 'abandoned', 'voided', 'partially_refunded', 'refunded')),
	`provider_method` text,
	`refund_review` integer NOT NULL DEFAULT 0 CHECK(`refund_review` IN (0, 1)),
	`created_by` text REFERENCES `users`(`id`) ON DELETE SET NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `online_payment_orders_provider_order_unique` ON `online_payment_orders` (`provider`, `provider_order_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `online_payment_orders_merchant_reference_unique` ON `online_payment_orders` (`merchant_reference`);
--> statement-breakpoint
CREATE INDEX `online_payment_orders_booking_idx` ON `online_payment_orders` (`booking_id`, `id`);
--> statement-breakpoint
ALTER TABLE `payments` ADD `online_order_id` integer REFERENCES `online_payment_orders`(`id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_online_order_unique` ON `payments` (`online_order_id`);
--> statement-breakpoint
-- An order that took money stays, like the payment it made.
CREATE TRIGGER `online_payment_orders_kept` BEFORE DELETE ON `online_payment_orders`
BEGIN
  SELECT RAISE(ABORT, 'online payment orders are kept');
END;
