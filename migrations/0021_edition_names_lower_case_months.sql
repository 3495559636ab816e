-- Issue 21: month names stand in lower case inside a text. The three editions migration 0017 made were named
-- "Uus algus retriit Balis – Jaanuar 2026"; an admin who has renamed one keeps their name.
UPDATE retreats SET name = 'Uus algus retriit Balis – november 2025' WHERE edition = 'nov-2025' AND name = 'Uus algus retriit Balis – November 2025';
--> statement-breakpoint
UPDATE retreats SET name = 'Uus algus retriit Balis – jaanuar 2026' WHERE edition = 'jan-2026' AND name = 'Uus algus retriit Balis – Jaanuar 2026';
--> statement-breakpoint
UPDATE retreats SET name = 'Uus algus retriit Balis – märts 2026' WHERE edition = 'mar-2026' AND name = 'Uus algus retriit Balis – Märts 2026';
