/** How the "Soodustused" screen words a code's editions, days and uses (the list and the edit dialog). */
import type { DiscountCodeItem } from '../../../../lib/discount-codes';
import { formatDate } from '../../../../lib/format';

/** "Kõik retriidid", or the editions' names. */
export const editionsText = (c: Pick<DiscountCodeItem, 'retreats'>): string =>
  c.retreats === null ? 'Kõik retriidid' : c.retreats.map((r) => r.name).join(', ');

/** "01.03.2027 – 31.05.2027", "alates 01.03.2027", "kuni 31.05.2027" or "Tähtajatu". */
export function validityText({ validFrom, validUntil }: Pick<DiscountCodeItem, 'validFrom' | 'validUntil'>): string {
  if (validFrom && validUntil) return `${formatDate(validFrom)} – ${formatDate(validUntil)}`;
  if (validFrom) return `alates ${formatDate(validFrom)}`;
  if (validUntil) return `kuni ${formatDate(validUntil)}`;
  return 'Tähtajatu';
}

/** "3 / 10", or "3 / piiramatu" without a limit. */
export const usesText = (c: Pick<DiscountCodeItem, 'uses' | 'maxUses'>): string => `${c.uses} / ${c.maxUses === null ? 'piiramatu' : c.maxUses}`;
