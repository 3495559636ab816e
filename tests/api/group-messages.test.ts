import { describe, expect, it } from 'vitest';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { readJson } from '../helpers/http';
import { recordingTransport } from '../helpers/test-deps';
import { COMPLETE_TRAVEL_DETAILS } from '../helpers/travel-details-fixtures';

/**
 * A message to an edition's group (issue 24) over real HTTP and a real libSQL file: the audiences (everyone on the
 * active bookings, the unpaid, those missing travel details; never the cancelled or the waiting list), the preview
 * of one rendered e-mail, one e-mail per recipient through the outbox listed on its booking's e-mails, never twice
 * for the same send (Idempotency-Key), the audit record; admins only; bad input changes nothing.
 */

const f = useApiFixture();

const sql = (statement: string, args: (string | number)[] = []) => f.app.deps.sql.execute({ sql: statement, args });
const JANUARY = { edition: 'jan-2026' };

const message = { audience: 'all', subject: 'Pakkimisnimekiri', text: 'Võtke kaasa päikesekreem.\n\nNäeme Balil!' };

const post = async (path: string, body: unknown, key?: string) => {
  const res = await fetch(`${f.app.origin}${path}`, {
    method: 'POST',
    headers: { Origin: f.app.origin, 'Content-Type': 'application/json', Cookie: [...f.admin.b.jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await readJson(res) };
};

/** Pays what the booking still owes, through the ledger. */
const payInFull = async (id: number) => f.pay(id, (await f.detail(id)).totals.remainingCents);

/** An edition with: a confirmed paid booking with complete details, a pending owing one, a cancelled one, a waiting-list one, and one on another edition. */
async function edition() {
  // Mari books signed in, so that she fills in her travel details in the portal.
  const mari = await signedIn(f.app);
  const paid = await f.bookingIn('confirmed', JANUARY, { firstName: 'Mari', email: 'mari@example.com' }, mari.b);
  await payInFull(paid);
  await f.travelDetails(mari, paid, 0, COMPLETE_TRAVEL_DETAILS);
  const owing = await f.bookingIn('request', JANUARY, { firstName: 'Jüri', email: 'jyri@example.com' });
  const cancelled = await f.bookingIn('cancelled', JANUARY, { firstName: 'Kati', email: 'kati@example.com' });
  const waiting = await f.bookingIn('waiting', JANUARY, { firstName: 'Tiit', email: 'tiit@example.com' });
  const elsewhere = await f.bookingIn('request', { edition: 'mar-2026' }, { firstName: 'Liis', email: 'liis@example.com' });
  return { retreatId: (await f.migrated('jan-2026')).id, paid, owing, cancelled, waiting, elsewhere };
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
    expect(await f.app.count('group_messages')).toBe(0);
    expect((await sql("SELECT count(*) AS n FROM email_outbox WHERE kind = 'group_message'")).rows[0]!.n).toBe(0);
  });

  it('sends one e-mail per recipient, listed on each booking, audited, and never twice for the same send', async () => {
    const e = await edition();
    const sent = await post(`/api/admin/retreats/${e.retreatId}/messages`, message, 'saada-1-abcdef');
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ recipients: 2, alreadySent: false });
    await Promise.allSettled(f.app.background);

    expect(await emailsOf(e.paid)).toEqual([expect.objectContaining({ to_address: 'mari@example.com', subject: 'Pakkimisnimekiri', status: 'sent' })]);
    expect(await emailsOf(e.owing)).toEqual([expect.objectContaining({ to_address: 'jyri@example.com' })]);
    for (const other of [e.cancelled, e.waiting, e.elsewhere]) expect(await emailsOf(other)).toEqual([]);
    const delivered = (f.app.deps.mail as ReturnType<typeof recordingTransport>).sent.filter((m) => m.subject === 'Pakkimisnimekiri');
    expect(delivered.map((m) => m.to).sort()).toEqual(['jyri@example.com', 'mari@example.com']);
    expect(delivered.find((m) => m.to === 'jyri@example.com')!.text).toContain('Tere, Jüri!');

    // Listed on the booking's e-mails.
    const emails = await readJson(await f.admin.b.get(`/api/admin/bookings/${e.paid}/emails`));
    expect(JSON.stringify(emails)).toContain('Pakkimisnimekiri');

    const [audit] = (await sql("SELECT * FROM audit_logs WHERE action = 'group_message.send'")).rows;
    expect(audit).toMatchObject({ user_id: f.admin.userId, resource_type: 'retreat', resource_id: String(e.retreatId) });
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
    expect(await f.app.count('group_messages')).toBe(1);
    expect((await sql("SELECT count(*) AS n FROM audit_logs WHERE action = 'group_message.send'")).rows[0]!.n).toBe(1);

    // The key with another message is refused.
    const reused = await post(`/api/admin/retreats/${e.retreatId}/messages`, { ...message, subject: 'Muu' }, 'saada-1-abcdef');
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('idempotency_key_reused');

    // The edition's sends.
    const list = await readJson(await f.admin.b.get(`/api/admin/retreats/${e.retreatId}/messages`));
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
    const second = (await f.request(JANUARY, { firstName: 'Mari', email: 'mari@example.com' })).id;
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
    await payInFull(e.owing);
    const none = await post(url, { ...message, audience: 'unpaid' }, 'keegi-ei-vola');
    expect(none.status).toBe(422);
    expect(none.body.error.code).toBe('no_recipients');
    const guest = await signedIn(f.app);
    expect((await guest.b.post(`${url}/preview`, message)).status).toBe(403);
    expect(await f.app.count('group_messages')).toBe(0);
    expect((await sql("SELECT count(*) AS n FROM email_outbox WHERE kind = 'group_message'")).rows[0]!.n).toBe(0);
    expect((await sql("SELECT count(*) AS n FROM audit_logs WHERE action = 'group_message.send'")).rows[0]!.n).toBe(0);
  });
});
