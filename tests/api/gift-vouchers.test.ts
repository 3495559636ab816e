import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { GIFT_VOUCHER_MESSAGES, normalizeVoucherCode } from '../../src/lib/gift-vouchers';
import { voucherBalanceCents } from '../../worker/domain/vouchers/balance';
import { addYears } from '../../worker/admin/gift-vouchers';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';

/**
 * Gift vouchers (issue 38): issued by the organiser with an unguessable code, used as payment on a booking by the
 * admin or the guest, in parts until the balance is used, never beyond it under concurrency; a multi-purpose
 * voucher, so the invoice shows its use as a payment. The clock stands on 26.11.2026.
 */
const f = useApiFixture({ clock: '2026-11-26T10:00:00.000Z' });

const issue = (body: Record<string, unknown>) => f.api('POST', '/api/admin/gift-vouchers', body);

async function bookingOf(email = `vouchers.${Math.random().toString(36).slice(2)}@example.com`) {
  const edition = (await f.edition({ startDate: '2027-05-14', priceCents: 129_900 })) as { edition: string };
  const { id } = await f.request(edition, { email, roomType: 'shared-room', paymentPlan: 'advance' });
  return id;
}

const redeem = (bookingId: number, body: Record<string, unknown>) => f.api('POST', `/api/admin/bookings/${bookingId}/gift-vouchers`, body);

describe('issuing a voucher', () => {
  it('gives it an unguessable code, three years by default, no invoice, and lists it with its balance', async () => {
    const made = await issue({ amount: '100', recipientName: 'Mari Tamm', buyerName: 'Jaan Tamm', buyerEmail: 'Jaan@Example.com' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const v = made.body.giftVoucher;
    expect(v.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(v).toMatchObject({ amountCents: 10_000, balanceCents: 10_000, uses: 0, recipientName: 'Mari Tamm', buyerEmail: 'jaan@example.com', validUntil: '2029-11-26', state: 'open' });
    const other = (await issue({ amount: '100', recipientName: 'Mari Tamm' })).body.giftVoucher;
    expect(other.code).not.toBe(v.code);
    expect(await f.app.count('invoices')).toBe(0);
    const { items } = await f.ok('GET', '/api/admin/gift-vouchers?q=mari');
    expect(items.map((i: { id: number }) => i.id)).toEqual([other.id, v.id]);
    const audit = await f.app.rows(`SELECT action, resource_id FROM audit_logs WHERE resource_type = 'gift_voucher' ORDER BY id`);
    expect(audit).toEqual([
      { action: 'gift_voucher.create', resource_id: String(v.id) },
      { action: 'gift_voucher.create', resource_id: String(other.id) },
    ]);
  });

  it('refuses no recipient, no amount, and a last day in the past', async () => {
    expect((await issue({ amount: '100', recipientName: ' ' })).body.error.details).toContainEqual({ path: 'recipientName', message: GIFT_VOUCHER_MESSAGES.recipientRequired });
    expect((await issue({ amount: '0', recipientName: 'Mari' })).body.error.details).toContainEqual({ path: 'amount', message: GIFT_VOUCHER_MESSAGES.amountPositive });
    expect((await issue({ amount: '10', recipientName: 'Mari', validUntil: '2026-11-25' })).body.error.details).toContainEqual({ path: 'validUntil', message: GIFT_VOUCHER_MESSAGES.validUntilPast });
    expect(await f.app.count('gift_vouchers')).toBe(0);
  });

  it('prints as an A4 page with the recipient, the value, the code and the last day', async () => {
    const v = (await issue({ amount: '150', recipientName: 'Õie Šmidt' })).body.giftVoucher;
    const res = await f.admin.b.get(`/api/admin/gift-vouchers/${v.id}/pdf?download=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="kinkekaart-${v.code}.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString().replace(/\u00a0/g, ' ');
    for (const expected of ['KINKEKAART', 'Õie Šmidt', '150,00 €', v.code, 'Kehtib kuni 26.11.2029']) expect(text, expected).toContain(expected);
    const info = execFileSync('pdfinfo', ['-'], { input: bytes }).toString();
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
  });

  it('counts three years to the same day, 29 February to 28 February', () => {
    expect(addYears('2026-11-26', 3)).toBe('2029-11-26');
    expect(addYears('2028-02-29', 3)).toBe('2031-02-28');
  });
});

describe('paying with a voucher', () => {
  it('pays in parts until its balance is used, as a ledger entry of method gift_voucher, shown on the invoice', async () => {
    const v = (await issue({ amount: '100', recipientName: 'Mari Tamm' })).body.giftVoucher;
    const id = await bookingOf();
    const typed = v.code.toLowerCase().replaceAll('-', ' ');
    const first = await redeem(id, { code: typed, amount: '60' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.balanceCents).toBe(4_000);
    expect(first.body.booking.amountPaidCents).toBe(6_000);
    const entry = first.body.ledger.items.at(-1);
    expect(entry).toMatchObject({ amountCents: 6_000, method: 'gift_voucher', note: `Kinkekaart ${v.code}` });

    const beyond = await redeem(id, { code: v.code, amount: '50' });
    expect(beyond.status).toBe(409);
    expect(beyond.body.error.code).toBe('gift_voucher_balance');
    expect(beyond.body.error.message).toBe(GIFT_VOUCHER_MESSAGES.beyondBalance(4_000));
    expect(beyond.body.error.message.replace(/\u00a0/g, ' ')).toBe('Kinkekaardil on alles 40,00 €: rohkem sellega tasuda ei saa.');

    expect((await redeem(id, { code: v.code, amount: '40' })).status).toBe(201);
    const usedUp = await redeem(id, { code: v.code, amount: '1' });
    expect(usedUp.status).toBe(422);
    expect(usedUp.body.error.details).toEqual([{ path: 'code', message: GIFT_VOUCHER_MESSAGES.usedUp }]);

    const detail = (await f.ok('GET', `/api/admin/gift-vouchers/${v.id}`)).giftVoucher;
    expect(detail).toMatchObject({ balanceCents: 0, uses: 2, state: 'used' });
    expect(detail.redemptions.map((r: { amountCents: number; bookingId: number }) => [r.bookingId, r.amountCents])).toEqual([
      [id, 6_000],
      [id, 4_000],
    ]);

    const invoice = await f.invoice(id);
    expect(invoice.document.paidCents).toBe(10_000);
    expect(invoice.document.giftVoucherPayments).toEqual([{ code: v.code, amountCents: 10_000 }]);
    const pdf = await f.admin.b.get(`/api/admin/invoices/${invoice.id}/pdf`);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: new Uint8Array(await pdf.arrayBuffer()) }).toString().replace(/\u00a0/g, ' ');
    expect(text).toContain(`sh kinkekaardiga ${v.code}`);
  });

  it('two redemptions of a 100 € voucher at once never spend more than 100 €', async () => {
    const v = (await issue({ amount: '100', recipientName: 'Mari Tamm' })).body.giftVoucher;
    const a = await bookingOf();
    const b = await bookingOf();
    for (let round = 0; round < 5; round++) {
      const [x, y] = await Promise.all([redeem(a, { code: v.code, amount: '70' }), redeem(b, { code: v.code, amount: '70' })]);
      const statuses = [x.status, y.status].sort();
      if (round === 0) expect(statuses).toEqual([201, 409]);
      else expect(statuses).toEqual([409, 409]);
    }
    const [spent] = await f.app.rows(`SELECT coalesce(sum(amount_cents), 0) AS n FROM payments WHERE gift_voucher_id = ${v.id}`);
    expect(spent!.n).toBe(7_000);
    const rest = await Promise.all([redeem(a, { code: v.code, amount: '30' }), redeem(b, { code: v.code, amount: '30' })]);
    // The one second finds it used up.
    expect(rest.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(rest.find((r) => r.status === 422)!.body.error.details).toEqual([{ path: 'code', message: GIFT_VOUCHER_MESSAGES.usedUp }]);
    const [total] = await f.app.rows(`SELECT sum(amount_cents) AS n FROM payments WHERE gift_voucher_id = ${v.id}`);
    expect(total!.n).toBe(10_000);
  });

  it('never pays beyond what the booking owes, nor a waiting or cancelled booking; an expired or unknown code is refused', async () => {
    const v = (await issue({ amount: '5000', recipientName: 'Mari Tamm', validUntil: '2026-12-31' })).body.giftVoucher;
    const id = await bookingOf();
    const over = await redeem(id, { code: v.code, amount: '1300' });
    expect(over.status).toBe(422);
    expect(over.body.error.details).toEqual([{ path: 'amount', message: GIFT_VOUCHER_MESSAGES.beyondOutstanding(129_900) }]);
    expect((await redeem(id, { code: 'AAAA-BBBB-CCCC-DDDD', amount: '10' })).body.error.details).toEqual([{ path: 'code', message: GIFT_VOUCHER_MESSAGES.unknown }]);
    expect((await redeem(id, { code: 'no such', amount: '10' })).body.error.details).toEqual([{ path: 'code', message: GIFT_VOUCHER_MESSAGES.unknown }]);

    const waiting = await bookingOf();
    expect((await f.putOnWaitingList(waiting)).status).toBe(200);
    expect((await redeem(waiting, { code: v.code, amount: '10' })).body.error.details).toEqual([{ path: 'amount', message: GIFT_VOUCHER_MESSAGES.nothingOwed }]);
    const cancelled = await bookingOf();
    await f.cancel(cancelled);
    expect((await redeem(cancelled, { code: v.code, amount: '10' })).body.error.code).toBe('booking_cancelled');

    await f.clock.set('2027-01-01T10:00:00.000Z');
    const expired = await redeem(id, { code: v.code, amount: '10' });
    expect(expired.body.error.details).toEqual([{ path: 'code', message: GIFT_VOUCHER_MESSAGES.expired('2026-12-31') }]);
    expect(await f.app.count('payments WHERE gift_voucher_id IS NOT NULL')).toBe(0);
  });

  it('is given back by reversing the payment; its balance in TypeScript and SQL agree', async () => {
    const v = (await issue({ amount: '100', recipientName: 'Mari Tamm' })).body.giftVoucher;
    const id = await bookingOf();
    const paid = (await redeem(id, { code: v.code, amount: '60' })).body.paymentId as number;
    await f.ok('POST', `/api/admin/bookings/${id}/payments/${paid}/reverse`, { note: 'Vale broneering' });
    const detail = (await f.ok('GET', `/api/admin/gift-vouchers/${v.id}`)).giftVoucher;
    expect(detail).toMatchObject({ balanceCents: 10_000, uses: 0, state: 'open' });
    expect(detail.redemptions).toEqual([expect.objectContaining({ paymentId: paid, reversed: true })]);
    const [ledger] = await f.app.rows(`SELECT sum(amount_cents) AS n FROM payments WHERE gift_voucher_id = ${v.id}`);
    expect(voucherBalanceCents(10_000, Number(ledger!.n))).toBe(detail.balanceCents);
    // A typed payment cannot claim the voucher method, and a voucher's row keeps its voucher.
    const typed = await f.api('POST', `/api/admin/bookings/${id}/payments`, { kind: 'payment', amount: '10', method: 'gift_voucher', receivedOn: '2026-11-26' });
    expect(typed.status).toBe(422);
    await expect(f.app.deps.sql.execute(`UPDATE payments SET gift_voucher_id = NULL WHERE id = ${paid}`)).rejects.toThrow(/append-only|CHECK/);
  });

  it('by the guest in the portal, on their own booking only', async () => {
    const v = (await issue({ amount: '100', recipientName: 'Mari Tamm' })).body.giftVoucher;
    const guest = await signedIn(f.app);
    const edition = (await f.edition({ startDate: '2027-05-14', priceCents: 129_900 })) as { edition: string };
    const { id } = await f.request(edition, { email: guest.email, paymentPlan: 'advance' }, guest.b);
    const other = await bookingOf();
    const mine = await guest.b.send('POST', `/api/me/bookings/${id}/gift-vouchers`, { code: v.code, amount: '25,50' });
    expect(mine.status).toBe(201);
    const body = await mine.json();
    expect(body.balanceCents).toBe(7_450);
    expect(body.booking.id).toBe(id);
    const notMine = await guest.b.send('POST', `/api/me/bookings/${other}/gift-vouchers`, { code: v.code, amount: '10' });
    expect(notMine.status).toBe(404);
    const [row] = await f.app.rows(`SELECT metadata FROM audit_logs WHERE action = 'payment.gift_voucher'`);
    expect(JSON.parse(String(row!.metadata))).toMatchObject({ channel: 'portal', amountCents: 2_550, giftVoucherId: v.id });
  });

  it('the accountant’s export lists vouchers sold, used and open for a period', async () => {
    const v = (await issue({ amount: '100', recipientName: 'Mari Tamm', buyerName: 'Jaan Tamm' })).body.giftVoucher;
    const id = await bookingOf();
    await redeem(id, { code: v.code, amount: '60' });
    const csv = await (await f.admin.b.get('/api/admin/exports/gift-vouchers.csv?from=2026-11-01&to=2026-11-30')).text();
    const [header, row] = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header).toBe('Kood;Väljastatud;Saaja;Ostja;Summa (€);Kasutatud perioodil (€);Kasutatud kokku (€);Jääk perioodi lõpus (€);Kehtib kuni;Olek');
    expect(row).toBe(`${v.code};26.11.2026;Mari Tamm;Jaan Tamm;100,00;60,00;60,00;40,00;26.11.2029;Kehtiv`);
    const before = await (await f.admin.b.get('/api/admin/exports/gift-vouchers.csv?to=2026-11-25')).text();
    expect(before.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
  });
});

describe('a voucher code as typed', () => {
  it('is read in any case, with or without dashes and spaces, O as 0 and I or L as 1', () => {
    expect(normalizeVoucherCode('k7q2 m9xd 4trp hz3b')).toBe('K7Q2-M9XD-4TRP-HZ3B');
    expect(normalizeVoucherCode('K7Q2-M9XD-4TRP-HZ3O')).toBe('K7Q2-M9XD-4TRP-HZ30');
    expect(normalizeVoucherCode('i7Q2-M9XD-4TRP-HZ3L')).toBe('17Q2-M9XD-4TRP-HZ31');
    expect(normalizeVoucherCode('K7Q2-M9XD-4TRP')).toBeNull();
    expect(normalizeVoucherCode('K7Q2-M9XD-4TRP-HZ3U')).toBeNull();
  });
});
