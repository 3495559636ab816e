-- Issue 40: a write batch that checks its own precondition inside the database (the session of the person writing,
-- on the edge, where each read before it would be a round trip) refuses itself by inserting a NULL here, which the
-- column refuses, so the whole batch rolls back. A passing check inserts nothing: the table never holds a row.
CREATE TABLE `write_guards` (
	`session_live` integer NOT NULL
);
