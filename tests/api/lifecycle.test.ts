/**
 * A booking's lifecycle through the API (worker/domain/bookings/lifecycle.ts): every transition from every state,
 * as the table below says. An allowed one succeeds; any other answers 409 or 422 with its Estonian message and
 * changes nothing: not the booking, not its ledger, invoices, e-mails or audit trail. The table is written out here,
 * not read from src/lib/booking-lifecycle.ts, so a change to the rule has to change both.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_STATES, type BookingState } from '../../src/lib/booking-lifecycle';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture, type Answer } from '../helpers/api-fixture';

const f = useApiFixture({ clock: '2026-01-05T10:00:00.000Z' });

type Attempt = (id: number) => Promise<Answer>;

/** Booked on 5.01.2026 for 14.05.2026: every plan is offered. */
const EDITION = { startDate: '2026-05-14' };
let edition: { id: number; edition: string };
let other: { id: number; edition: string };
let guest: Awaited<ReturnType<typeof signedIn>>;

beforeEach(async () => {
  edition = (await f.edition(EDITION)) as { id: number; edition: string };
  other = (await f.edition({ startDate: '2026-06-14' })) as { id: number; edition: string };
  guest = await signedIn(f.app);
});

/** A booking in the state, made by the signed-in guest (so the portal's cancellation request is theirs). */
const bookingIn = (state: BookingState) => f.bookingIn(state, edition, {}, guest.b);

const TRANSITIONS: Record<string, Attempt> = {
  confirm: async (id) => f.api('PATCH', `/api/admin/bookings/${id}`, f.editOf(await f.detail(id), { status: 'confirmed' })),
  unconfirm: async (id) => f.api('PATCH', `/api/admin/bookings/${id}`, f.editOf(await f.detail(id), { status: 'pending' })),
  putOnWaitingList: (id) => f.putOnWaitingList(id),
  promote: (id) => f.promote(id),
  move: (id) => f.move(id, other.id),
  changePlan: (id) => f.changePlan(id, 'full'),
  reprice: async (id) => f.api('PUT', `/api/admin/bookings/${id}/services`, { version: (await f.detail(id)).version, services: [{ name: 'Massaaž', price: '45,50' }] }),
  takePayment: (id) => f.api('POST', `/api/admin/bookings/${id}/payments`, { kind: 'payment', amount: '100', overpayment: true, method: 'bank_transfer', receivedOn: '2026-01-05' }),
  invoice: async (id) => f.api('POST', `/api/admin/bookings/${id}/invoices`, { version: (await f.detail(id)).version, buyer: { name: 'Mari Maasikas', email: 'mari@example.com' } }),
  requestCancellation: async (id) => {
    const res = await guest.b.post(`/api/me/bookings/${id}/cancellation-request`, { confirm: true });
    return { status: res.status, body: await res.json() };
  },
  cancel: async (id) => {
    const preview = await f.api('GET', `/api/admin/bookings/${id}/cancellation`);
    if (preview.status !== 200) return preview;
    return f.api('POST', `/api/admin/bookings/${id}/cancel`, { version: preview.body.version, refund: '0', method: 'bank_transfer', reason: 'Test' });
  },
  delete: (id) => f.api('DELETE', `/api/admin/bookings/${id}`),
};

/** Which state allows which transition: ✓ allowed, 409 or 422 refused with that status. */
const TABLE: Record<string, Record<BookingState, '✓' | 409 | 422>> = {
  confirm: { request: '✓', waiting: '✓', confirmed: '✓', cancelled: 422 },
  unconfirm: { request: '✓', waiting: '✓', confirmed: '✓', cancelled: 422 },
  putOnWaitingList: { request: '✓', waiting: 409, confirmed: 409, cancelled: 409 },
  promote: { request: 409, waiting: '✓', confirmed: 409, cancelled: 409 },
  move: { request: '✓', waiting: '✓', confirmed: '✓', cancelled: 409 },
  changePlan: { request: '✓', waiting: '✓', confirmed: '✓', cancelled: 409 },
  reprice: { request: '✓', waiting: '✓', confirmed: '✓', cancelled: 409 },
  takePayment: { request: '✓', waiting: '✓', confirmed: '✓', cancelled: 409 },
  invoice: { request: '✓', waiting: 409, confirmed: '✓', cancelled: 409 },
  requestCancellation: { request: '✓', waiting: '✓', confirmed: '✓', cancelled: 409 },
  cancel: { request: '✓', waiting: '✓', confirmed: '✓', cancelled: 409 },
  delete: { request: '✓', waiting: '✓', confirmed: '✓', cancelled: '✓' },
};
// The edit dialog's status select: "confirm" to a confirmed booking and "unconfirm" to a request or a waiting-list
// party leave the status as it is (no transition); from a cancelled booking either is a reopening, refused (422).

/** Everything a refused transition must leave as it was. */
async function books(id: number) {
  const count = async (table: string) => Number((await f.app.rows(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
  return { booking: await f.row(id), payments: await count('payments'), invoices: await count('invoices'), outbox: await count('email_outbox'), audit: await count("audit_logs WHERE action <> 'booking.view'") };
}

describe('every transition from every state', () => {
  for (const [transition, row] of Object.entries(TABLE)) {
    for (const state of BOOKING_STATES) {
      const expected = row[state];
      it(`${transition} from ${state}: ${expected === '✓' ? 'allowed' : `refused (${expected})`}`, async () => {
        const id = await bookingIn(state);
        const before = await books(id);
        const answer = await TRANSITIONS[transition]!(id);
        if (expected === '✓') {
          expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
          return;
        }
        expect(answer.status, JSON.stringify(answer.body)).toBe(expected);
        expect(answer.body.error.message).toMatch(/\S/);
        expect(answer.body.error.message).not.toMatch(/[A-Z_]{6,}|Error/);
        expect(await books(id)).toEqual(before);
      });
    }
  }
});

describe('the refusals say why, in Estonian', () => {
  it('names the state that stands in the way', async () => {
    const waiting = await bookingIn('waiting');
    expect((await TRANSITIONS.invoice!(waiting)).body.error).toMatchObject({ code: 'transition_refused', message: expect.stringContaining('Ootejärjekorras broneeringule arvet ei väljastata') });
    const request = await bookingIn('request');
    expect((await f.promote(request)).body.error).toMatchObject({ code: 'transition_refused', message: 'See broneering ei ole ootejärjekorras.' });
    const cancelled = await bookingIn('cancelled');
    expect((await f.move(cancelled, other.id)).body.error.message).toBe('Tühistatud broneeringut ei saa muuta.');
    expect((await TRANSITIONS.cancel!(cancelled)).body.error.code).toBe('already_cancelled');
    const reopen = await f.api('PATCH', `/api/admin/bookings/${cancelled}`, f.editOf(await f.detail(cancelled), { status: 'pending' }));
    expect(reopen.body.error.details).toEqual([{ path: 'status', message: 'Tühistatud broneeringut ei saa uuesti avada: tehke uus broneering.' }]);
    const confirmed = await bookingIn('confirmed');
    const cancelByEdit = await f.api('PATCH', `/api/admin/bookings/${confirmed}`, f.editOf(await f.detail(confirmed), { status: 'cancelled' }));
    expect(cancelByEdit.status).toBe(422);
    expect(cancelByEdit.body.error.details[0].message).toContain('Tühista broneering');
  });

  it('a request with money on it does not go to the waiting list', async () => {
    const id = await bookingIn('request');
    await f.pay(id, 30_000);
    const before = await books(id);
    const answer = await f.putOnWaitingList(id);
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toContain('Broneeringul on makseid või arve');
    expect(await books(id)).toEqual(before);
  });

  it('the detail offers exactly the transitions its state allows', async () => {
    for (const state of BOOKING_STATES) {
      const actions: string[] = (await f.detail(await bookingIn(state))).actions;
      const allowed = Object.entries(TABLE).filter(([t, row]) => row[state] === '✓' && !(t === 'confirm' && state === 'confirmed') && !(t === 'unconfirm' && state !== 'confirmed'));
      for (const [t] of allowed) expect(actions, `${state} offers ${t}`).toContain(t);
      for (const [t, row] of Object.entries(TABLE)) if (row[state] !== '✓') expect(actions, `${state} does not offer ${t}`).not.toContain(t);
    }
  });
});
