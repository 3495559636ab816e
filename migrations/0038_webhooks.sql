-- Issue 41: webhooks. The organiser's endpoints (a URL, the events it takes, the secret its deliveries are signed
-- with); the events, each written by a trigger in the very statement that makes the change it reports (every door:
-- the forms, the back office, the bank statements, the online payments, the jobs), and only while some enabled
-- endpoint takes it; and one delivery per event and endpoint (a trigger fans each event out), sent, retried and
-- logged by worker/domain/webhooks/deliveries.ts. Events and deliveries are kept 30 days. A booking's state in these
-- triggers is worker/domain/bookings/states.ts's STATE_CASE, word for word (tests/unit/webhook-triggers.test.ts).
CREATE TABLE `webhook_endpoints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`url` text NOT NULL CHECK (length(`url`) BETWEEN 1 AND 2000),
	`events` text NOT NULL CHECK (json_valid(`events`) AND json_type(`events`) = 'array' AND json_array_length(`events`) > 0),
	`secret` text NOT NULL CHECK (`secret` GLOB 'whsec_*'),
	`description` text,
	`enabled` integer DEFAULT 1 NOT NULL CHECK (`enabled` IN (0, 1)),
	`disabled_reason` text CHECK (`disabled_reason` IS NULL OR `disabled_reason` IN ('gone', 'admin')),
	`disabled_at` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` text DEFAULT ('msg_' || lower(hex(randomblob(16)))) NOT NULL,
	`type` text NOT NULL,
	`data` text NOT NULL CHECK (json_valid(`data`)),
	`occurred_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_events_message_id_unique` ON `webhook_events` (`message_id`);
--> statement-breakpoint
CREATE INDEX `webhook_events_occurred_idx` ON `webhook_events` (`occurred_at`);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL REFERENCES `webhook_events`(`id`) ON UPDATE no action ON DELETE cascade,
	`endpoint_id` integer NOT NULL REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade,
	`status` text DEFAULT 'pending' NOT NULL CHECK (`status` IN ('pending', 'delivered', 'failed')),
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`first_attempt_at` text,
	`last_attempt_at` text,
	`response_status` integer,
	`last_error` text,
	`delivered_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_once` ON `webhook_deliveries` (`event_id`, `endpoint_id`);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`next_attempt_at`, `id`) WHERE `status` = 'pending';
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint_idx` ON `webhook_deliveries` (`endpoint_id`, `id`);
--> statement-breakpoint
CREATE TRIGGER `webhook_events_fan_out` AFTER INSERT ON `webhook_events`
BEGIN
  INSERT INTO `webhook_deliveries` (`event_id`, `endpoint_id`)
  SELECT new.`id`, e.`id` FROM `webhook_endpoints` AS e
  WHERE e.`enabled` = 1 AND EXISTS (SELECT 1 FROM json_each(e.`events`) AS j WHERE j.value = new.`type`);
END;
--> statement-breakpoint
-- Which events some enabled endpoint takes: no endpoint, no event row (a site without webhooks writes nothing more).
CREATE VIEW `webhook_wanted` AS
SELECT DISTINCT j.value AS `type` FROM `webhook_endpoints` AS e, json_each(e.`events`) AS j WHERE e.`enabled` = 1;
--> statement-breakpoint
-- A booking as its events carry it: its state, edition, guest and price (not what was paid: the ledger's derived
-- figures are written after the change in the same batch; the payment events carry the money).
CREATE VIEW `webhook_booking_data` AS
SELECT b.`id` AS `booking_id`, json_object(
  'id', b.`id`,
  'state', (CASE WHEN b.status = 'cancelled' THEN 'cancelled' WHEN b.status = 'confirmed' THEN 'confirmed' WHEN b.waiting_list = 1 THEN 'waiting' ELSE 'request' END),
  'source', b.`source`,
  'retreat', json(CASE WHEN r.`id` IS NULL THEN NULL ELSE json_object('id', r.`id`, 'edition', r.`edition`, 'name', r.`name`, 'startDate', r.`start_date`, 'endDate', r.`end_date`) END),
  'guest', json_object('firstName', g.`first_name`, 'lastName', g.`last_name`, 'email', g.`email`, 'phone', g.`phone`),
  'people', 1 + coalesce(json_array_length(b.`companions`), 0),
  'roomType', b.`room_type`,
  'paymentPlan', b.`payment_plan`,
  'totalCents', b.`total_amount_cents`,
  'currency', 'EUR',
  'createdAt', b.`created_at`
) AS `data`
FROM `bookings` AS b JOIN `guests` AS g ON g.`id` = b.`guest_id` LEFT JOIN `retreats` AS r ON r.`id` = b.`retreat_id`;
--> statement-breakpoint
CREATE TRIGGER `webhook_booking_created` AFTER INSERT ON `bookings`
WHEN EXISTS (SELECT 1 FROM `webhook_wanted` WHERE `type` IN ('booking.created', 'booking.confirmed'))
BEGIN
  INSERT INTO `webhook_events` (`type`, `data`, `occurred_at`)
  SELECT 'booking.created', v.`data`, new.`created_at` FROM `webhook_booking_data` AS v
  WHERE v.`booking_id` = new.`id` AND EXISTS (SELECT 1 FROM `webhook_wanted` WHERE `type` = 'booking.created');
  INSERT INTO `webhook_events` (`type`, `data`, `occurred_at`)
  SELECT 'booking.confirmed', v.`data`, new.`created_at` FROM `webhook_booking_data` AS v
  WHERE v.`booking_id` = new.`id` AND (CASE WHEN new.status = 'cancelled' THEN 'cancelled' WHEN new.status = 'confirmed' THEN 'confirmed' WHEN new.waiting_list = 1 THEN 'waiting' ELSE 'request' END) = 'confirmed'
    AND EXISTS (SELECT 1 FROM `webhook_wanted` WHERE `type` = 'booking.confirmed');
END;
--> statement-breakpoint
CREATE TRIGGER `webhook_booking_state` AFTER UPDATE OF `status`, `waiting_list` ON `bookings`
WHEN (CASE WHEN new.status = 'cancelled' THEN 'cancelled' WHEN new.status = 'confirmed' THEN 'confirmed' WHEN new.waiting_list = 1 THEN 'waiting' ELSE 'request' END)
  IS NOT (CASE WHEN old.status = 'cancelled' THEN 'cancelled' WHEN old.status = 'confirmed' THEN 'confirmed' WHEN old.waiting_list = 1 THEN 'waiting' ELSE 'request' END)
BEGIN
  INSERT INTO `webhook_events` (`type`, `data`, `occurred_at`)
  SELECT w.`type`, json_set(v.`data`, '$.previousState', (CASE WHEN old.status = 'cancelled' THEN 'cancelled' WHEN old.status = 'confirmed' THEN 'confirmed' WHEN old.waiting_list = 1 THEN 'waiting' ELSE 'request' END)), new.`updated_at`
  FROM `webhook_booking_data` AS v, `webhook_wanted` AS w
  WHERE v.`booking_id` = new.`id` AND w.`type` = 'booking.' || (CASE WHEN new.status = 'cancelled' THEN 'cancelled' WHEN new.status = 'confirmed' THEN 'confirmed' WHEN new.waiting_list = 1 THEN 'waiting' ELSE 'request' END)
    AND w.`type` IN ('booking.confirmed', 'booking.cancelled');
END;
--> statement-breakpoint
CREATE TRIGGER `webhook_booking_moved` AFTER UPDATE OF `retreat_id` ON `bookings`
WHEN old.`retreat_id` IS NOT NULL AND new.`retreat_id` IS NOT NULL AND old.`retreat_id` <> new.`retreat_id`
BEGIN
  INSERT INTO `webhook_events` (`type`, `data`, `occurred_at`)
  SELECT 'booking.moved', json_set(v.`data`, '$.from', json_object('id', r.`id`, 'edition', r.`edition`, 'name', r.`name`, 'startDate', r.`start_date`, 'endDate', r.`end_date`)), new.`updated_at`
  FROM `webhook_booking_data` AS v, `retreats` AS r
  WHERE v.`booking_id` = new.`id` AND r.`id` = old.`retreat_id` AND EXISTS (SELECT 1 FROM `webhook_wanted` WHERE `type` = 'booking.moved');
END;
--> statement-breakpoint
-- Money in is payment.recorded, money out (a refund, or a reversal of a payment typed by mistake) payment.refunded.
CREATE TRIGGER `webhook_payment` AFTER INSERT ON `payments`
BEGIN
  INSERT INTO `webhook_events` (`type`, `data`, `occurred_at`)
  SELECT w.`type`, json_object(
    'id', new.`id`, 'amountCents', new.`amount_cents`, 'currency', 'EUR', 'method', new.`method`, 'receivedOn', new.`received_on`,
    'reference', new.`reference`, 'note', new.`note`, 'reversesPaymentId', new.`reverses_payment_id`, 'giftVoucherId', new.`gift_voucher_id`,
    'booking', json((SELECT v.`data` FROM `webhook_booking_data` AS v WHERE v.`booking_id` = new.`booking_id`))
  ), new.`created_at`
  FROM `webhook_wanted` AS w
  WHERE w.`type` = (CASE WHEN new.`amount_cents` > 0 THEN 'payment.recorded' ELSE 'payment.refunded' END);
END;
--> statement-breakpoint
-- An invoice or a credit note: its frozen document (what the PDF and the e-invoice print).
CREATE TRIGGER `webhook_invoice` AFTER INSERT ON `invoices`
BEGIN
  INSERT INTO `webhook_events` (`type`, `data`, `occurred_at`)
  SELECT w.`type`, json_object('id', new.`id`, 'number', new.`number`, 'kind', new.`kind`, 'bookingId', new.`booking_id`, 'creditsInvoiceId', new.`credits_invoice_id`,
    'issuedOn', new.`issued_on`, 'dueOn', new.`due_on`, 'totalCents', new.`total_cents`, 'currency', 'EUR', 'document', json(new.`document`)), new.`created_at`
  FROM `webhook_wanted` AS w
  WHERE w.`type` = (CASE WHEN new.`kind` = 'credit_note' THEN 'credit_note.issued' ELSE 'invoice.issued' END);
END;
--> statement-breakpoint
-- The go/no-go: the edition goes ahead, or is cancelled (its bookings' cancellations are their own events).
CREATE TRIGGER `webhook_retreat_decided` AFTER UPDATE OF `confirmed_at`, `cancelled_at` ON `retreats`
WHEN (old.`confirmed_at` IS NULL AND new.`confirmed_at` IS NOT NULL) OR (old.`cancelled_at` IS NULL AND new.`cancelled_at` IS NOT NULL)
BEGIN
  INSERT INTO `webhook_events` (`type`, `data`, `occurred_at`)
  SELECT w.`type`, json_object('id', new.`id`, 'edition', new.`edition`, 'name', new.`name`, 'startDate', new.`start_date`, 'endDate', new.`end_date`,
    'minParticipants', new.`min_participants`, 'confirmedAt', new.`confirmed_at`, 'cancelledAt', new.`cancelled_at`, 'cancellationReason', new.`cancellation_reason`),
    coalesce(new.`cancelled_at`, new.`confirmed_at`)
  FROM `webhook_wanted` AS w
  WHERE w.`type` = (CASE WHEN old.`cancelled_at` IS NULL AND new.`cancelled_at` IS NOT NULL THEN 'retreat.cancelled' ELSE 'retreat.confirmed' END);
END;
