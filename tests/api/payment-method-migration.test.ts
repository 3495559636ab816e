import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../worker/db/migrate';
import { databaseBefore, failureOf } from '../helpers/migrated-before';

/**
 * Migration 0024 (issue "Pay online"): `payments` rebuilt so `method` takes `bank_link`. A database that stopped at
 * 0023 keeps every row, id and link; its online bank-link payments (recorded as 'other') become 'bank_link', a typed
 * 'other' stays 'other'; the append-only triggers, the foreign keys and the unique indexes are back.
 */

let t: Awaited<ReturnType<typeof databaseBefore>>;

beforeEach(async () => {
  t = await databaseBefore('0024_payment_method_bank_link');
});
afterEach(async () => {
  await t.dispose();
});

const run = (sql: string, args: (string | number | null)[] = []) => t.client.execute({ sql, args });

const failure = failureOf;

describe('migration 0024: payments.method takes bank_link', () => {
  it('keeps every payment, turns online bank-link payments into bank_link, and keeps the ledger append-only', async () => {
    // Written as the database stood then (raw SQL: the schema module describes today's columns).
    const guest = { id: String((await run(`INSERT INTO guests (id, first_name, last_name, email, phone) VALUES ('g-migration', 'Mari', 'Maksja', 'mari@example.com', '+37250000000') RETURNING id`)).rows[0]!.id) };
    const booking = { id: Number((await run('INSERT INTO bookings (guest_id) VALUES (?) RETURNING id', [guest.id])).rows[0]!.id) };
    const at = '2026-11-27T10:00:00.000Z';
    const order = async (uuid: string, method: string) =>
      Number(
        (
          await run(
            `INSERT INTO online_payment_orders (provider, provider_order_id, merchant_reference, booking_id, amount_cents, currency, part, status, provider_method, created_at, updated_at)
             VALUES ('montonio', ?, ?, ?, 30000, 'EUR', 'next', 'paid', ?, ?, ?) RETURNING id`,
            [uuid, `ref-${uuid}`, booking!.id, method, at, at],
          )
        ).rows[0]!.id,
      );
    const bankOrder = await order('uuid-bank', 'paymentInitiation');
    const cardOrder = await order('uuid-card', 'cardPayments');
    const pay = (amount: number, method: string, onlineOrderId: number | null, reverses: number | null = null) =>
      run(`INSERT INTO payments (booking_id, amount_cents, method, received_on, reference, note, reverses_payment_id, online_order_id) VALUES (?, ?, ?, '2026-11-27', 'R1', NULL, ?, ?)`, [
        booking!.id,
        amount,
        method,
        reverses,
        onlineOrderId,
      ]);
    await pay(30000, 'other', bankOrder);
    await pay(30000, 'card', cardOrder);
    await pay(5000, 'other', null);
    await pay(-5000, 'other', null, 3);
    // Before 0024, the CHECK refuses the new method.
    expect(await failure(pay(100, 'bank_link', null))).toMatch(/CHECK constraint failed/);

    await migrateDatabase(t.client);

    const rows = (await run('SELECT id, amount_cents, method, online_order_id, reverses_payment_id FROM payments ORDER BY id')).rows.map((r) => ({ ...r }));
    expect(rows).toEqual([
      { id: 1, amount_cents: 30000, method: 'bank_link', online_order_id: bankOrder, reverses_payment_id: null },
      { id: 2, amount_cents: 30000, method: 'card', online_order_id: cardOrder, reverses_payment_id: null },
      { id: 3, amount_cents: 5000, method: 'other', online_order_id: null, reverses_payment_id: null },
      { id: 4, amount_cents: -5000, method: 'other', online_order_id: null, reverses_payment_id: 3 },
    ]);
    // The new method goes in; an unknown one and a zero amount do not.
    await pay(100, 'bank_link', null);
    expect(await failure(pay(100, 'paypal', null))).toMatch(/CHECK constraint failed/);
    expect(await failure(pay(0, 'cash', null))).toMatch(/CHECK constraint failed/);
    // Append-only, as before.
    expect(await failure(run('UPDATE payments SET amount_cents = 1 WHERE id = 1'))).toMatch(/append-only/);
    expect(await failure(run('UPDATE payments SET booking_id = 999 WHERE id = 1'))).toMatch(/append-only/);
    expect(await failure(run('DELETE FROM payments WHERE id = 1'))).toMatch(/append-only/);
    // One payment per online order, one reversal per payment; foreign keys enforced.
    expect(await failure(pay(30000, 'bank_link', bankOrder))).toMatch(/UNIQUE constraint failed: payments.online_order_id/);
    expect(await failure(pay(-5000, 'other', null, 3))).toMatch(/UNIQUE constraint failed: payments.reverses_payment_id/);
    expect(await failure(pay(100, 'cash', 9999))).toMatch(/FOREIGN KEY/);
    const indexes = (await run("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'payments' AND name NOT LIKE 'sqlite_%' ORDER BY name")).rows.map((r) => r.name);
    // (0033, issue 38, rebuilt it again and added the gift voucher's index.)
    expect(indexes).toEqual([
      'payments_bank_transaction_idx',
      'payments_booking_id_idx',
      'payments_gift_voucher_idx',
      'payments_online_order_unique',
      'payments_received_on_idx',
      'payments_reverses_payment_id_unique',
    ]);
    expect((await run('PRAGMA foreign_key_check')).rows).toEqual([]);
  });
});
