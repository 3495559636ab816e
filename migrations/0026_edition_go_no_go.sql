-- Issue 24, the go/no-go: an edition's decision day (null: the balance due day, 60 days before the start, as
-- src/lib/payment-plans.ts computes it) and the decision itself: going ahead confirmed at, or cancelled at with the
-- reason the guests were told. `decision_id` is the token of the one request that made the decision: the e-mails
-- and refunds of that request are written only where it is, so a repeated request writes nothing.
ALTER TABLE `retreats` ADD `decision_on` text CHECK(`decision_on` IS NULL OR `decision_on` GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');
--> statement-breakpoint
ALTER TABLE `retreats` ADD `confirmed_at` text;
--> statement-breakpoint
ALTER TABLE `retreats` ADD `cancelled_at` text;
--> statement-breakpoint
ALTER TABLE `retreats` ADD `cancellation_reason` text;
--> statement-breakpoint
ALTER TABLE `retreats` ADD `decision_id` text;
