import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../worker/db/migrate';
import { databaseBefore, failureOf } from '../helpers/migrated-before';

/**
 * Migration 0033 (issue 38): `payments` rebuilt again so that a gift voucher pays through the ledger. A database that
 * stopped at 0032 keeps every row, id and link; the ledger stays append-only; a voucher's payment needs its voucher
 * and only it may say `gift_voucher`; a voucher is never deleted and its amount never changes.
 */
let t: Awaited<ReturnType<typeof databaseBefore>>;

beforeEach(async () => {
  t = await databaseBefore('0033_gift_vouchers');
});
afterEach(async () => {
  await t.dispose();
});

const run = (sql: string, args: (string | number | null)[] = []) => t.client.execute({ sql, args });

const failure = failureOf;

describe('migration 0033: gift vouchers pay through the ledger', () => {
  it('keeps every payment and the ledger append-only; a voucher payment names its voucher', async () => {
    await run(`INSERT INTO guests (id, first_name, last_name, email, phone) VALUES ('g-0033', 'Mari', 'Maksja', 'mari@example.com', '+37250000000')`);
    const booking = Number((await run(`INSERT INTO bookings (guest_id) VALUES ('g-0033') RETURNING id`)).rows[0]!.id);
    const pay = (amount: number, method: string, reverses: number | null = null, voucher?: number) =>
      run(
        `INSERT INTO payments (booking_id, amount_cents, method, received_on, reference, reverses_payment_id${voucher === undefined ? '' : ', gift_voucher_id'})
         VALUES (?, ?, ?, '2026-11-27', 'R1', ?${voucher === undefined ? '' : ', ?'})`,
        [booking, amount, method, reverses, ...(voucher === undefined ? [] : [voucher])],
      );
    await pay(30000, 'bank_transfer');
    await pay(5000, 'cash');
    await pay(-5000, 'cash', 2);
    expect(await failure(pay(100, 'gift_voucher'))).toMatch(/CHECK constraint failed/);

    await migrateDatabase(t.client);

    expect((await run('SELECT id, amount_cents, method, reverses_payment_id, gift_voucher_id FROM payments ORDER BY id')).rows.map((r) => ({ ...r }))).toEqual([
      { id: 1, amount_cents: 30000, method: 'bank_transfer', reverses_payment_id: null, gift_voucher_id: null },
      { id: 2, amount_cents: 5000, method: 'cash', reverses_payment_id: null, gift_voucher_id: null },
      { id: 3, amount_cents: -5000, method: 'cash', reverses_payment_id: 2, gift_voucher_id: null },
    ]);
    const voucher = Number((await run(`INSERT INTO gift_vouchers (code, amount_cents, recipient_name, valid_until) VALUES ('K7Q2-M9XD-4TRP-HZ3B', 10000, 'Mari', '2029-11-26') RETURNING id`)).rows[0]!.id);
    await pay(6000, 'gift_voucher', null, voucher);
    // Only a voucher's payment says gift_voucher, and it always names its voucher.
    expect(await failure(pay(100, 'gift_voucher'))).toMatch(/CHECK constraint failed: payments_gift_voucher_method/);
    expect(await failure(pay(100, 'cash', null, voucher))).toMatch(/CHECK constraint failed: payments_gift_voucher_method/);
    expect(await failure(pay(100, 'gift_voucher', null, 9999))).toMatch(/FOREIGN KEY/);
    // Append-only, as before, the voucher column included; a voucher is never deleted, its amount never changes.
    expect(await failure(run('UPDATE payments SET gift_voucher_id = NULL WHERE id = 4'))).toMatch(/append-only/);
    expect(await failure(run('UPDATE payments SET amount_cents = 1 WHERE id = 1'))).toMatch(/append-only/);
    expect(await failure(run('DELETE FROM payments WHERE id = 1'))).toMatch(/append-only/);
    expect(await failure(run(`DELETE FROM gift_vouchers WHERE id = ${voucher}`))).toMatch(/never deleted/);
    expect(await failure(run(`UPDATE gift_vouchers SET amount_cents = 20000 WHERE id = ${voucher}`))).toMatch(/never change/);
    expect(await failure(pay(-5000, 'cash', 2))).toMatch(/UNIQUE constraint failed: payments.reverses_payment_id/);
    expect((await run('PRAGMA foreign_key_check')).rows).toEqual([]);
  });
});
