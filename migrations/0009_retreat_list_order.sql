-- The admin retreats list at 50,000 retreats (bench:admin): its order (undated last, latest start first, id as
-- tie-break) as one index, so a page is read from it instead of sorting every retreat.
CREATE INDEX `retreats_list_order_idx` ON `retreats` (("start_date" IS NULL),"start_date" DESC,"id" DESC);
