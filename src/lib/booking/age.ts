/**
 * Whole years between a birthday and a day, both YYYY-MM-DD (calendar arithmetic, no time zones involved): the
 * booking form's minimum age and the run sheets' age at the start. A module of its own so that the sheets' PDF module
 * (loaded on demand) takes it without the booking schema and zod.
 */
export function ageOn(birthday: string, day: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [dy, dm, dd] = day.split('-').map(Number) as [number, number, number];
  return dy - by - (dm < bm || (dm === bm && dd < bd) ? 1 : 0);
}
