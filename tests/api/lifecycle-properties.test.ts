/**
 * Random lives of bookings through the API: random sequences of transitions and money movements on random parties
 * over two editions, whatever the API accepts or refuses. After each sequence:
 * - every predicate's SQL form (the lists, filters, exports and the dashboard read those) equals its TypeScript form
 *   (the detail and the portal) on every booking as stored;
 * - the ledger's sums equal the dashboard's "Laekunud" per edition and the accountant's payments.csv;
 * - a waiting-list booking owes 0 on the detail, in the list and its CSV, and in the "Võlg" filter;
 * - nothing answered 5xx.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BILLED_SQL, billedCents, moneyRowOf, OUTSTANDING_SQL, outstandingCents, OVERPAID_SQL, overpaidCents, OWES_SQL, REFUND_OWED_SQL, refundOwedCents } from '../../worker/domain/money/balance';
import { isBilled, isParticipant, IS_BILLED_SQL, PARTICIPANT_SQL, STATE_SQL, stateOf, TAKES_PLACE_SQL, takesPlace } from '../../worker/domain/bookings/states';
import { useApiFixture, type Answer } from '../helpers/api-fixture';

const f = useApiFixture({ clock: '2026-01-05T10:00:00.000Z' });

const action = fc.oneof(
  fc.record({ kind: fc.constant('confirm' as const), who: fc.nat(2) }),
  fc.record({ kind: fc.constant('unconfirm' as const), who: fc.nat(2) }),
  fc.record({ kind: fc.constant('waitingList' as const), who: fc.nat(2) }),
  fc.record({ kind: fc.constant('promote' as const), who: fc.nat(2) }),
  fc.record({ kind: fc.constant('move' as const), who: fc.nat(2) }),
  fc.record({ kind: fc.constant('plan' as const), who: fc.nat(2), plan: fc.constantFrom('full' as const, 'instalments' as const, 'advance' as const) }),
  fc.record({ kind: fc.constant('reprice' as const), who: fc.nat(2), cents: fc.integer({ min: 1, max: 200_000 }) }),
  fc.record({ kind: fc.constant('pay' as const), who: fc.nat(2), cents: fc.integer({ min: 1, max: 300_000 }) }),
  fc.record({ kind: fc.constant('refund' as const), who: fc.nat(2), cents: fc.integer({ min: 1, max: 300_000 }) }),
  fc.record({ kind: fc.constant('cancel' as const), who: fc.nat(2), keepAll: fc.boolean() }),
);

const life = fc.record({
  parties: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 3, maxLength: 3 }),
  capacity: fc.integer({ min: 2, max: 6 }),
  actions: fc.array(action, { minLength: 1, maxLength: 10 }),
});

describe('random lives of bookings', () => {
  it('keep the SQL and TypeScript forms equal, the ledger equal to the dashboard and the exports, and the waiting list owing nothing', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(life, async ({ parties, capacity, actions }) => {
        run += 1;
        // Each run's editions start before the earlier runs' ones, so that the dashboard (the 10 soonest) lists them.
        const start = new Date(Date.UTC(2026, 3, 28) - Math.min(run, 100) * 86_400_000).toISOString().slice(0, 10);
        const editions = [await f.edition({ startDate: start, capacity }), await f.edition({ startDate: start, capacity })];
        const ids: number[] = [];
        for (const [i, people] of parties.entries()) ids.push((await f.request(editions[0]!, { email: `p${run}-${i}@example.com`, ...f.party(people) })).id);

        const answers: Answer[] = [];
        for (const a of actions) {
          const id = ids[a.who]!;
          const booking = await f.detail(id);
          const answer: Answer = await (async () => {
            switch (a.kind) {
              case 'confirm':
              case 'unconfirm':
                return f.api('PATCH', `/api/admin/bookings/${id}`, f.editOf(booking, { status: a.kind === 'confirm' ? 'confirmed' : 'pending' }));
              case 'waitingList':
                return f.putOnWaitingList(id);
              case 'promote':
                return f.promote(id);
              case 'move':
                return f.move(id, editions.find((e) => e.id !== booking.retreat?.id)!.id, { paymentPlan: 'full' });
              case 'plan':
                return f.changePlan(id, a.plan);
              case 'reprice':
                return f.api('PUT', `/api/admin/bookings/${id}/services`, { version: booking.version, services: [{ name: 'Lisa', price: (a.cents / 100).toFixed(2).replace('.', ',') }] });
              case 'pay':
              case 'refund':
                return f.api('POST', `/api/admin/bookings/${id}/payments`, { kind: a.kind === 'pay' ? 'payment' : 'refund', amount: (a.cents / 100).toFixed(2).replace('.', ','), overpayment: true, method: 'cash', receivedOn: '2026-01-05' });
              case 'cancel': {
                const preview = await f.api('GET', `/api/admin/bookings/${id}/cancellation`);
                if (preview.status !== 200) return preview;
                const refund = a.keepAll ? 0 : preview.body.quote.refundCents;
                return f.api('POST', `/api/admin/bookings/${id}/cancel`, { version: preview.body.version, refund: (refund / 100).toFixed(2).replace('.', ','), method: 'cash' });
              }
            }
          })();
          answers.push(answer);
        }
        for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);

        // The predicates: SQL as the lists read it, TypeScript as the detail shows it.
        const rows = await f.app.deps.db.all<Record<string, unknown>>(sql`
          SELECT b.id, b.status, b.waiting_list AS waitingList, b.owed_cents AS owedCents, b.amount_paid_cents AS amountPaidCents, b.kept_cents AS keptCents,
                 ${STATE_SQL('b')} AS state, ${TAKES_PLACE_SQL('b')} AS takesPlace, ${PARTICIPANT_SQL('b')} AS participant, ${IS_BILLED_SQL('b')} AS billedState,
                 ${BILLED_SQL('b')} AS billed, ${OUTSTANDING_SQL('b')} AS outstanding, ${OWES_SQL('b')} AS owes, ${REFUND_OWED_SQL('b')} AS refund, ${OVERPAID_SQL('b')} AS overpaid,
                 (SELECT coalesce(sum(amount_cents), 0) FROM payments WHERE booking_id = b.id) AS ledger
          FROM bookings AS b WHERE b.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ORDER BY b.id`);
        for (const r of rows) {
          const stored = { status: String(r.status), waitingList: Number(r.waitingList), owedCents: Number(r.owedCents), amountPaidCents: r.amountPaidCents === null ? null : Number(r.amountPaidCents), keptCents: r.keptCents === null ? null : Number(r.keptCents) };
          const m = moneyRowOf(stored);
          expect({
            state: r.state,
            takesPlace: Number(r.takesPlace) === 1,
            participant: Number(r.participant) === 1,
            billedState: Number(r.billedState) === 1,
            billed: Number(r.billed),
            outstanding: Number(r.outstanding),
            owes: Number(r.owes) === 1,
            refund: Number(r.refund),
            overpaid: Number(r.overpaid),
            paid: m.paidCents,
          }).toEqual({
            state: stateOf(stored),
            takesPlace: takesPlace(stored),
            participant: isParticipant(stored),
            billedState: isBilled(stored),
            billed: billedCents(m),
            outstanding: outstandingCents(m),
            owes: outstandingCents(m) > 0,
            refund: refundOwedCents(m),
            overpaid: overpaidCents(m),
            paid: Number(r.ledger),
          });
          const detail = await f.detail(Number(r.id));
          expect(detail.totals).toMatchObject({ billedCents: billedCents(m), remainingCents: outstandingCents(m), refundOwedCents: refundOwedCents(m), paidCents: Number(r.ledger) });
          if (r.state === 'waiting') {
            expect(detail.totals.remainingCents).toBe(0);
            expect(detail.schedule).toEqual([]);
          }
        }

        // The list, its "Võlg" filter and the CSV say the same per booking.
        const list = (await f.ok('GET', `/api/admin/bookings?pageSize=100&q=p${run}-`)).items as { id: number; outstandingCents: number; refundOwedCents: number; state: string }[];
        const owing = (await f.ok('GET', `/api/admin/bookings?pageSize=100&owes=yes&q=p${run}-`)).items.map((b: { id: number }) => b.id);
        const csvRows = (await (await f.admin.b.get(`/api/admin/exports/bookings.csv?q=p${run}-`)).text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(';'));
        const header = csvRows[0]!;
        for (const item of list) {
          const detail = await f.detail(item.id);
          expect(item).toMatchObject({ outstandingCents: detail.totals.remainingCents, refundOwedCents: detail.totals.refundOwedCents, state: detail.state });
          expect(owing.includes(item.id)).toBe(detail.totals.remainingCents > 0);
          const line = csvRows.find((c) => c[0] === String(item.id))!;
          const cents = (name: string) => Math.round(Number(line[header.indexOf(name)]!.replace(',', '.')) * 100);
          expect([cents('Jääk (€)'), cents('Tagastada (€)')]).toEqual([detail.totals.remainingCents, detail.totals.refundOwedCents]);
          if (item.state === 'waiting') expect(item.outstandingCents).toBe(0);
        }

        // The ledger: per edition, as the dashboard's "Laekunud", and in all, as payments.csv.
        const dashboard = (await f.ok('GET', '/api/admin/dashboard')).upcomingRetreats as { id: number; receivedCents: number }[];
        for (const edition of editions) {
          const [ledger] = await f.app.rows(`SELECT coalesce(sum(p.amount_cents), 0) AS n FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE b.retreat_id = ${edition.id}`);
          expect(dashboard.find((d) => d.id === edition.id)?.receivedCents ?? 0).toBe(Number(ledger!.n));
        }
        const [all] = await f.app.rows('SELECT coalesce(sum(amount_cents), 0) AS n FROM payments');
        const exported = (await (await f.admin.b.get('/api/admin/exports/payments.csv')).text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1);
        expect(exported.reduce((sum, line) => sum + Math.round(Number(line.split(';')[5]!.replace(',', '.')) * 100), 0)).toBe(Number(all!.n));
      }),
      { numRuns: 40 },
    );
  }, 240_000);
});
