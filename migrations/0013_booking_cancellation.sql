-- Cancellation with its refund and credit note in one batch (issue "Back office II"): when, and the batch's own
-- token, which the batch's later statements look for so they run only if its cancellation went in.
ALTER TABLE `bookings` ADD `cancelled_at` text;
--> statement-breakpoint
ALTER TABLE `bookings` ADD `cancellation_id` text;
