-- Issue 42: the reminders job e-mails the travellers who have not signed the texts in force 30 and 14 days before
-- the start, once each: the day each reminder went, per booking (the guarded UPDATE that sets it decides).
ALTER TABLE `bookings` ADD `agreements_reminded_30_at` text;
--> statement-breakpoint
ALTER TABLE `bookings` ADD `agreements_reminded_14_at` text;
