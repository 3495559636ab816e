/**
 * Discount codes at the booking (issue 38): whether a guest's code holds for an edition on a day, and the statement
 * that counts its use inside the booking's own batch. The read before the batch gives the guest the reason a code is
 * refused; the count itself is the guard: `uses` goes up by one in the batch, and the table's CHECK (uses ≤ max_uses)
 * or the CASE below (ended, or past its last day, since the read) fails the whole batch, so a code with one use left
 * is used exactly once however many bookings ask at once, and a refused booking stores nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { DISCOUNT_REFUSALS, type DiscountRefusal } from '../../../src/lib/discount-code-text';
import type { CodeDiscountTerms } from '../../../src/lib/payment-plans';
import { discountCodes } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { failedWith } from '../../db/failures';

export interface UsableCode extends CodeDiscountTerms {
  id: number;
}

type CodeRow = typeof discountCodes.$inferSelect;

/** Why a stored code does not hold for an edition on a Tallinn day; null when it does. */
export function codeRefusal(c: Pick<CodeRow, 'endedAt' | 'validFrom' | 'validUntil' | 'maxUses' | 'uses' | 'retreatIds'>, retreatId: number, today: string): DiscountRefusal | null {
  if (c.endedAt !== null) return 'ended';
  if (c.validUntil !== null && today > c.validUntil) return 'ended';
  if (c.validFrom !== null && today < c.validFrom) return 'notYet';
  if (c.maxUses !== null && c.uses >= c.maxUses) return 'usedUp';
  if (c.retreatIds !== null && !c.retreatIds.includes(retreatId)) return 'notForEdition';
  return null;
}

/** The 422 for a refused code, its reason under `path` (the booking's `discountCode`, the check's `code`). */
export function codeRefused(reason: DiscountRefusal, path: string, validFrom: string | null = null): ApiError {
  const message = reason === 'notYet' ? DISCOUNT_REFUSALS.notYet(validFrom ?? '') : DISCOUNT_REFUSALS[reason];
  return new ApiError('validation_failed', { details: [{ path, message }] });
}

/** The code `code` (already in capitals) if it holds for the edition today; otherwise the 422 naming why, under `path`. */
export async function usableCode({ db }: Pick<AppDeps, 'db'>, code: string, retreatId: number, today: string, path: string): Promise<UsableCode> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code)).limit(1);
  if (!row) throw codeRefused('unknown', path);
  const refusal = codeRefusal(row, retreatId, today);
  if (refusal) throw codeRefused(refusal, path, row.validFrom);
  return { id: row.id, code: row.code, percent: row.percent, amountPerPersonCents: row.amountPerPersonCents };
}

/**
 * Counts one use of the code, for the booking's batch. An ended code, or one past its last day, sets `uses` to NULL,
 * which its NOT NULL refuses; one past its maximum breaks the CHECK. Either fails the batch (see `codeUseRefusal`).
 */
export function codeUseStatement({ db }: Pick<AppDeps, 'db'>, codeId: number, today: string, stamp: string) {
  return db
    .update(discountCodes)
    .set({
      uses: sql`CASE WHEN ${discountCodes.endedAt} IS NULL AND (${discountCodes.validUntil} IS NULL OR ${discountCodes.validUntil} >= ${today}) THEN ${discountCodes.uses} + 1 END`,
      updatedAt: stamp,
    })
    .where(eq(discountCodes.id, codeId));
}

/** The reason a batch with `codeUseStatement` failed on the code, or null when it failed for another reason. */
export function codeUseRefusal(err: unknown): DiscountRefusal | null {
  if (failedWith(err, /CHECK constraint failed: discount_codes_uses_within_max/)) return 'usedUp';
  if (failedWith(err, /NOT NULL constraint failed: discount_codes\.uses/)) return 'ended';
  return null;
}
