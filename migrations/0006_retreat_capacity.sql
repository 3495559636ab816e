-- Places on a retreat (issue "Back office III": capacity). Written by hand: drizzle-kit's table rebuild would DROP
-- the retreats table, and with foreign keys on (they cannot be turned off inside the migration's transaction) that
-- sets every booking's retreat_id to NULL. ADD COLUMN keeps the rows and their links; its CHECK is the schema's.
ALTER TABLE `retreats` ADD `capacity` integer CONSTRAINT "retreats_capacity_valid" CHECK("capacity" IS NULL OR (typeof("capacity") = 'integer' AND "capacity" BETWEEN 0 AND 1000));
