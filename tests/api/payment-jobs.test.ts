import { describe, expect, it } from 'vitest';
import { ADVANCE_CENTS } from '../../src/lib/payment-rules';
import { runScheduledJobs } from '../../worker/jobs';
import { markOverdueBookings, queuePaymentReminders } from '../../worker/domain/money/jobs';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';

/**
 * The schedule at work (issue "Back office II") under a clock the test controls: a booking made 1.12.2025 for a
 * retreat starting 14.03.2026 owes the 300 € advance by 15.12.2025 and the rest by 13.01.2026 (60 days before).
 * The overdue job marks it the day after a missed due day; reminders go 7 days before, on and 3 days after each
 * due day, once each, only while money is owed, not for a cancelled booking, not when turned off.
 */

const f = useApiFixture({ clock: '2025-12-01T09:00:00.000Z' });
/** The clock on that day; the admin signs in again (a session does not outlive days) unless only jobs run then. */
const at = (day: string, { jobsOnly = false } = {}) => f.clock.set(`${day}T09:00:00.000Z`, { newSession: !jobsOnly });

/** A request for one for March 2026 on the advance plan: 1 299 €, the server's price. */
async function booking(extra: Record<string, unknown> = {}) {
  return (await f.request({ edition: 'mar-2026' }, { email: `kadri.${Math.random().toString(36).slice(2, 8)}@example.com`, paymentPlan: 'advance', ...extra })).id;
}
const statusOf = async (id: number) => String((await f.row(id)).payment_status);
const reminders = (id: number) => f.app.rows(`SELECT subject, to_address FROM email_outbox WHERE booking_id = ${id} AND kind = 'payment_reminder' ORDER BY id`);
/** Money in on the clock's day, typed by the admin (euros). */
const pay = (id: number, euros: number) => f.pay(id, euros * 100);

describe('the schedule on the detail', () => {
  it('shows the advance and the rest with their days, and what is overdue', async () => {
    const id = await booking();
    const detail = await f.detail(id);
    expect(detail.schedule).toEqual([
      { part: 'advance', dueOn: '2025-12-15', amountCents: ADVANCE_CENTS, paidCents: 0, outstandingCents: ADVANCE_CENTS, overdue: false },
      { part: 'balance', dueOn: '2026-01-13', amountCents: 129900 - ADVANCE_CENTS, paidCents: 0, outstandingCents: 129900 - ADVANCE_CENTS, overdue: false },
    ]);
    expect(detail.paymentReminders).toBe(true);
  });
});

describe('the overdue job', () => {
  it('marks a booking the day after a missed due day, once, with a system audit record; a payment clears it', async () => {
    const id = await booking();
    await at('2025-12-15', { jobsOnly: true });
    expect(await markOverdueBookings(f.app.deps)).toBe(0);
    await at('2025-12-16');
    expect(await markOverdueBookings(f.app.deps)).toBe(1);
    expect(await statusOf(id)).toBe('overdue');
    expect(await markOverdueBookings(f.app.deps)).toBe(0);
    const [audit] = await f.app.rows("SELECT user_id, severity, resource_id, metadata FROM audit_logs WHERE action = 'payment.overdue'");
    expect(audit).toMatchObject({ user_id: null, severity: 'medium', resource_id: String(id) });
    expect(JSON.parse(String(audit!.metadata))).toMatchObject({ from: 'pending', part: 'advance', dueOn: '2025-12-15', outstandingCents: ADVANCE_CENTS });

    // The advance arrives: partial again, and not overdue until the rest's day has passed.
    await pay(id, 300);
    expect(await statusOf(id)).toBe('partial');
    expect(await markOverdueBookings(f.app.deps)).toBe(0);
    await at('2026-01-14', { jobsOnly: true });
    expect(await markOverdueBookings(f.app.deps)).toBe(1);
    expect(await statusOf(id)).toBe('overdue');
  });

  it('leaves cancelled, paid and money-free bookings alone', async () => {
    const cancelled = await booking();
    await f.cancel(cancelled);
    const nothingOwed = await booking();
    await f.edit(nothingOwed, { totalAmount: '' });
    const paid = await booking();
    await pay(paid, 1299);
    await at('2026-02-01', { jobsOnly: true });
    expect(await markOverdueBookings(f.app.deps)).toBe(0);
    expect([await statusOf(cancelled), await statusOf(nothingOwed), await statusOf(paid)]).toEqual(['pending', 'pending', 'paid']);
  });
});

describe('payment reminders', () => {
  it('go 7 days before, on and 3 days after each due day, once each, to the guest, while money is owed', async () => {
    const id = await booking({ email: 'mari.maasikas@example.com' });
    const run = async (day: string) => {
      await at(day, { jobsOnly: true });
      return queuePaymentReminders(f.app.deps);
    };
    expect(await run('2025-12-07')).toBe(0);
    expect(await run('2025-12-08')).toBe(1); // 7 days before 15.12
    expect(await run('2025-12-08')).toBe(0); // once
    expect(await run('2025-12-09')).toBe(0);
    expect(await run('2025-12-15')).toBe(1); // on the day
    expect(await run('2025-12-18')).toBe(1); // 3 days after
    expect(await run('2025-12-19')).toBe(0);
    const sent = await reminders(id);
    expect(sent.map((r) => r.to_address)).toEqual(Array(3).fill('mari.maasikas@example.com'));
    expect(sent.map((r) => r.subject)).toEqual([
      'Uus algus retriit Balis: Meeldetuletus: ettemaksu tähtaeg on 15.12.2025',
      'Uus algus retriit Balis: Meeldetuletus: ettemaksu tähtaeg on täna, 15.12.2025',
      'Uus algus retriit Balis: Meeldetuletus: ettemaksu tähtaeg (15.12.2025) on möödas',
    ]);
    const [body] = await f.app.rows(`SELECT text FROM email_outbox WHERE booking_id = ${id} AND kind = 'payment_reminder' ORDER BY id LIMIT 1`);
    expect(body!.text).toContain('Tasuda: 300,00');
    expect(body!.text).toMatch(/Viitenumber: 1\d+/);

    // The advance is paid: nothing more for it; the rest gets its own three.
    await at('2025-12-19');
    await pay(id, 300);
    expect(await run('2026-01-06')).toBe(1);
    expect((await reminders(id)).at(-1)!.subject).toContain('jäägi tähtaeg on 13.01.2026');
  });

  it('not for a cancelled booking, nor when an admin turned them off (audited), nor once paid', async () => {
    const cancelled = await booking();
    await f.cancel(cancelled);
    const off = await booking();
    const res = await f.api('PUT', `/api/admin/bookings/${off}/reminders`, { enabled: false });
    expect(res.status).toBe(200);
    expect(res.body.booking.paymentReminders).toBe(false);
    expect(await f.app.count(`audit_logs WHERE action = 'booking.reminders' AND resource_id = '${off}'`)).toBe(1);
    const paid = await booking();
    await pay(paid, 1299);
    await at('2025-12-08', { jobsOnly: true });
    expect(await queuePaymentReminders(f.app.deps)).toBe(0);
    expect(await f.app.count("email_outbox WHERE kind = 'payment_reminder'")).toBe(0);
  });

  it('the reminders switch is admin-only and checks its body', async () => {
    const id = await booking();
    expect((await browser(f.app).send('PUT', `/api/admin/bookings/${id}/reminders`, { enabled: false })).status).toBe(401);
    const user = await signedIn(f.app);
    expect((await user.b.send('PUT', `/api/admin/bookings/${id}/reminders`, { enabled: false })).status).toBe(403);
    expect((await f.api('PUT', `/api/admin/bookings/${id}/reminders`, { enabled: 'no' })).status).toBe(422);
    expect((await f.row(id)).payment_reminders).toBe(1);
  });

  it('the hosts’ scheduled run queues them and sends them', async () => {
    const id = await booking();
    await at('2025-12-08', { jobsOnly: true });
    await runScheduledJobs(f.app.deps);
    expect(await f.app.rows(`SELECT status FROM email_outbox WHERE booking_id = ${id} AND kind = 'payment_reminder'`)).toEqual([{ status: 'sent' }]);
  });
});

describe('money on the bookings list', () => {
  it('shows paid and outstanding per booking and filters to those that owe money (not cancelled ones)', async () => {
    const owing = await booking();
    await pay(owing, 300);
    const paid = await booking();
    await pay(paid, 1299);
    const cancelled = await booking();
    await f.cancel(cancelled);
    await f.price(owing, { services: [{ name: 'Massaaž', priceCents: 4550 }] });
    const all = (await f.ok('GET', '/api/admin/bookings')).items as { id: number; amountPaidCents: number; owedCents: number; outstandingCents: number }[];
    expect(all.find((b) => b.id === owing)).toMatchObject({ amountPaidCents: 30000, owedCents: 129900 + 4550, outstandingCents: 129900 + 4550 - 30000 });
    expect(all.find((b) => b.id === paid)).toMatchObject({ outstandingCents: 0 });
    const owes = await f.ok('GET', '/api/admin/bookings?owes=yes');
    expect(owes.items.map((b: { id: number }) => b.id)).toEqual([owing]);
    expect(owes.total).toBe(1);
    expect((await f.api('GET', '/api/admin/bookings?owes=maybe')).status).toBe(422);
  });
});
