/**
 * Which constraint refused a write: drizzle wraps the driver's error ("Failed query: …", its cause the SQLITE_…
 * message), so a caller asks the whole chain. The one home of that walk: a unique key lost in a race, a CHECK or a
 * NOT NULL a guard in a batch trips on purpose (a rate limit, a code's last use, a ledger row's guard).
 */
export function failedWith(err: unknown, pattern: RegExp): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (pattern.test(e.message)) return true;
  return false;
}
