import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../helpers/admin-session';
import { startTestApp, type TestApp } from '../helpers/app-server';
import { validBooking } from '../helpers/booking-fixtures';
import { readJson } from '../helpers/http';
import { recordingTransport } from '../helpers/test-deps';

/**
 * A message to an edition's group (issue 24) over real HTTP and a real libSQL file: the audiences (everyone on the
 * active bookings, the unpaid, those missing travel details; never the cancelled or the waiting list), the preview
 * of one rendered e-mail, one e-mail per recipient through the outbox listed on its booking's e-mails, never twice
 * for the same send (Idempotency-Key), the audit record; admins only; bad input changes nothing.
 */

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeEach(async () => {
  app = await startTestApp();
  admin = await signedIn(app, { admin: true });
});
afterEach(async () => {
  await app.close();
});

const sql = (statement: string, args: (string | number)[] = []) => app.deps.sql.execute({ sql: statement, args });

async function book(firstName: string, email: string, retreatMonth = 'jan-2026'): Promise<number> {
  const res = await app.post('/api/bookings', validBooking({ firstName, email, retreatMonth }));
  expect(res.status).toBe(201);
  return (await readJson(res)).bookingId as number;
}

const message = { audience: 'all', subject: 'Pakkimisnimekiri', text: 'Võtke kaasa päikesekreem.\n\nNäeme Balil!' };

const post = async (path: string, body: unknown, key?: string) => {
  const res = await fetch(`${app.origin}${path}`, {
    method: 'POST',
    headers: { Origin: app.origin, 'Content-Type': 'application/json', Cookie: [...admin.b.jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await readJson(res) };
};

/** An edition with: a confirmed paid booking with complete details, a pending owing one, a cancelled one, a waiting-list one, and one on another edition. */
async function edition() {
  const paid = await book('Mari', 'mari@example.com');
  const owing = await book('Jüri', 'jyri@example.com');
  const cancelled = await book('Kati', 'kati@example.com');
  const waiting = await book('Tiit', 'tiit@example.com');
  const elsewhere = await book('Liis', 'liis@example.com', 'mar-2026');
  const [row] = (await sql('SELECT retreat_id FROM bookings WHERE id = ?', [paid])).rows;
  const retreatId = Number(row!.retreat_id);
  await sql("UPDATE bookings SET status = 'confirmed', amount_paid_cents = owed_cents, travellers_missing = 0 WHERE id = ?", [paid]);
  await sql("UPDATE bookings SET status = 'cancelled' WHERE id = ?", [cancelled]);
  await sql('UPDATE bookings SET waiting_list = 1 WHERE id = ?', [waiting]);
  return { retreatId, paid, owing, cancelled, waiting, elsewhere };
}

const emailsOf = (bookingId: number) => sql("SELECT * FROM email_outbox WHERE booking_id = ? AND kind = 'group_message'", [bookingId]).then((r) => r.rows);

describe('group messages', () => {
  it('previews the audience and one rendered e-mail, for each audience', async () => {
    const e = await edition();
    const all = await post(`/api/admin/retreats/${e.retreatId}/messages/preview`, message);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.recipients).toEqual([
      { bookingId: e.paid, name: 'Mari Tamm', email: 'mari@example.com' },
      { bookingId: e.owing, name: 'Jüri Tamm', email: 'jyri@example.com' },
    ]);
    expect(all.body.sample).toMatchObject({ to: 'mari@example.com', subject: 'Pakkimisnimekiri' });
    expect(all.body.sample.text).toContain('Tere, Mari!\n\nVõtke kaasa päikesekreem.\n\nNäeme Balil!');
    expect(all.body.sample.text).toContain(`nr ${e.paid}`);
    expect(all.body.sample.html).toContain('<p>Võtke kaasa päikesekreem.</p><p>Näeme Balil!</p>');

    const unpaid = await post(`/api/admin/retreats/${e.retreatId}/messages/preview`, { ...message, audience: 'unpaid' });
    expect(unpaid.body.recipients.map((r: { bookingId: number }) => r.bookingId)).toEqual([e.owing]);
    expect(unpaid.body.sample.to).toBe('jyri@example.com');
    const missing = await post(`/api/admin/retreats/${e.retreatId}/messages/preview`, { ...message, audience: 'travel_details_missing' });
    expect(missing.body.recipients.map((r: { bookingId: number }) => r.bookingId)).toEqual([e.owing]);

    // Nothing is written by a preview.
    expect(await app.count('group_messages')).toBe(0);
    expect((await sql("SELECT count(*) AS n FROM email_outbox WHERE kind = 'group_message'")).rows[0]!.n).toBe(0);
  });

  it('sends one e-mail per recipient, listed on each booking, audited, and never twice for the same send', async () => {
    const e = await edition();
    const sent = await post(`/api/admin/retreats/${e.retreatId}/messages`, message, 'saada-1-abcdef');
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ recipients: 2, alreadySent: false });
    await Promise.allSettled(app.background);

    expect(await emailsOf(e.paid)).toEqual([expect.objectContaining({ to_address: 'mari@example.com', subject: 'Pakkimisnimekiri', status: 'sent' })]);
    expect(await emailsOf(e.owing)).toEqual([expect.objectContaining({ to_address: 'jyri@example.com' })]);
    for (const other of [e.cancelled, e.waiting, e.elsewhere]) expect(await emailsOf(other)).toEqual([]);
    const delivered = (app.deps.mail as ReturnType<typeof recordingTransport>).sent.filter((m) => m.subject === 'Pakkimisnimekiri');
    expect(delivered.map((m) => m.to).sort()).toEqual(['jyri@example.com', 'mari@example.com']);
    expect(delivered.find((m) => m.to === 'jyri@example.com')!.text).toContain('Tere, Jüri!');

    // Listed on the booking's e-mails.
    const emails = await readJson(await admin.b.get(`/api/admin/bookings/${e.paid}/emails`));
    expect(JSON.stringify(emails)).toContain('Pakkimisnimekiri');

    const [audit] = (await sql("SELECT * FROM audit_logs WHERE action = 'group_message.send'")).rows;
    expect(audit).toMatchObject({ user_id: admin.userId, resource_type: 'retreat', resource_id: String(e.retreatId) });
    expect(JSON.parse(String(audit!.metadata))).toMatchObject({ audience: 'all', recipients: 2, bookingIds: [e.paid, e.owing] });

    // The same send again (a double click, a retry after a lost answer): nothing more goes out.
    const again = await post(`/api/admin/retreats/${e.retreatId}/messages`, message, 'saada-1-abcdef');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id: sent.body.id, recipients: 2, alreadySent: true });
    const both = await Promise.all([
      post(`/api/admin/retreats/${e.retreatId}/messages`, message, 'saada-1-abcdef'),
      post(`/api/admin/retreats/${e.retreatId}/messages`, message, 'saada-1-abcdef'),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await sql("SELECT count(*) AS n FROM email_outbox WHERE kind = 'group_message'")).rows[0]!.n).toBe(2);
    expect(await app.count('group_messages')).toBe(1);
    expect((await sql("SELECT count(*) AS n FROM audit_logs WHERE action = 'group_message.send'")).rows[0]!.n).toBe(1);

    // The key with another message is refused.
    const reused = await post(`/api/admin/retreats/${e.retreatId}/messages`, { ...message, subject: 'Muu' }, 'saada-1-abcdef');
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('idempotency_key_reused');

    // The edition's sends.
    const list = await readJson(await admin.b.get(`/api/admin/retreats/${e.retreatId}/messages`));
    expect(list.items).toEqual([expect.objectContaining({ id: sent.body.id, audience: 'all', subject: 'Pakkimisnimekiri', recipients: 2, delivered: 2, sentBy: 'Anu Admin' })]);
  });

  it('the same key sent four times at once makes one send', async () => {
    const e = await edition();
    const results = await Promise.all(Array.from({ length: 4 }, () => post(`/api/admin/retreats/${e.retreatId}/messages`, message, 'samal-hetkel-1')));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect((await sql("SELECT count(*) AS n FROM email_outbox WHERE kind = 'group_message'")).rows[0]!.n).toBe(2);
  });

  it('one e-mail per address when an address has two bookings on the edition', async () => {
    const e = await edition();
    const second = await book('Mari', 'mari@example.com');
    const preview = await post(`/api/admin/retreats/${e.retreatId}/messages/preview`, message);
    expect(preview.body.recipients.map((r: { bookingId: number }) => r.bookingId)).toEqual([e.paid, e.owing]);
    expect((await post(`/api/admin/retreats/${e.retreatId}/messages`, message, 'kaks-broneeringut')).body.recipients).toBe(2);
    expect(await emailsOf(second)).toEqual([]);
  });

  it('refuses bad input, no recipients, unknown editions and non-admins, writing nothing', async () => {
    const e = await edition();
    const url = `/api/admin/retreats/${e.retreatId}/messages`;
    expect((await post(url, message)).status).toBe(400);
    expect((await post(url, message, 'lühike')).status).toBe(400);
    expect((await post(url, { ...message, audience: 'everyone' }, 'halb-sihtruhm')).status).toBe(422);
    expect((await post(url, { ...message, subject: '' }, 'tuhi-teema-1')).status).toBe(422);
    expect((await post(url, { ...message, text: '   ' }, 'tuhi-tekst-1')).status).toBe(422);
    expect((await post(`${url}/preview`, { ...message, text: 'x'.repeat(10_001) })).status).toBe(422);
    expect((await post('/api/admin/retreats/99999/messages', message, 'tundmatu-retriit')).status).toBe(404);
    expect((await post('/api/admin/retreats/abc/messages/preview', message)).status).toBe(404);
    // Everyone paid: nobody to write to.
    await sql("UPDATE bookings SET amount_paid_cents = owed_cents WHERE retreat_id = ?", [e.retreatId]);
    const none = await post(url, { ...message, audience: 'unpaid' }, 'keegi-ei-vola');
    expect(none.status).toBe(422);
    expect(none.body.error.code).toBe('no_recipients');
    const guest = await signedIn(app);
    expect((await guest.b.post(`${url}/preview`, message)).status).toBe(403);
    expect(await app.count('group_messages')).toBe(0);
    expect((await sql("SELECT count(*) AS n FROM email_outbox WHERE kind = 'group_message'")).rows[0]!.n).toBe(0);
    expect((await sql("SELECT count(*) AS n FROM audit_logs WHERE action = 'group_message.send'")).rows[0]!.n).toBe(0);
  });
});
