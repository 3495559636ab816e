import { describe, expect, it } from 'vitest';
import { SALE_STATE_LABELS, saleState } from '../../src/lib/admin/retreats';

/** "Müügil" only while an edition is published, not cancelled and not begun (issue 37). */
describe('an edition’s sale as the back office says it', () => {
  const edition = { published: true, cancelledAt: null, startDate: '2026-03-10' };
  it.each([
    ['published, before its first day', edition, '2026-03-09', 'on_sale', 'Müügil'],
    ['not published, before its first day', { ...edition, published: false }, '2026-03-09', 'not_on_sale', 'Ei ole müügil'],
    ['published, on its first day', edition, '2026-03-10', 'sale_over', 'Müük on läbi'],
    ['published, long after (the content’s past editions)', edition, '2026-11-28', 'sale_over', 'Müük on läbi'],
    ['published and cancelled', { ...edition, cancelledAt: '2026-02-01T10:00:00.000Z' }, '2026-02-02', 'cancelled', 'Tühistatud'],
    ['published, without dates', { ...edition, startDate: null }, '2026-11-28', 'on_sale', 'Müügil'],
  ] as const)('%s', (_, retreat, today, state, label) => {
    expect(saleState(retreat, today)).toBe(state);
    expect(SALE_STATE_LABELS[saleState(retreat, today)]).toBe(label);
  });
});
