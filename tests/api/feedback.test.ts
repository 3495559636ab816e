import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_TEXTS } from '../../src/lib/feedback';
import { FEEDBACK_CSV_HEADER } from '../../worker/admin/feedback';
import { queueFeedbackRequests } from '../../worker/domain/feedback';
import { FEEDBACK_LINK_DAYS, signFeedbackToken } from '../../worker/domain/feedback-token';
import { runScheduledJobs } from '../../worker/jobs';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { readJson } from '../helpers/http';
import { recordingTransport } from '../helpers/test-deps';

/**
 * Feedback after an edition ends (issue 24): one request per attendee, once, never to the cancelled, the waiting
 * list or an edition not yet over (nor one long over); the signed link's checks (wrong key, other audience, expired,
 * a booking cancelled since); the answer once per booking with bad input refused; the answers per edition and their
 * CSV for the content editors, audited.
 */

const f = useApiFixture();
/** Jobs and guests act at the instant given; the admin signs in again only where `admin` says so. */
const at = (iso: string, { admin = false } = {}) => f.clock.set(iso, { newSession: admin });

const sql = (statement: string, args: (string | number)[] = []) => f.app.deps.sql.execute({ sql: statement, args });
const post = (path: string, body: unknown) => f.app.post(path, body);

/**
 * January's edition (14.–24.01.2026): two confirmed bookings and a request holding its place (the three attendees:
 * its participants), a cancelled booking, a waiting-list request; March's guest.
 */
async function edition() {
  const [january, march] = [{ edition: 'jan-2026' }, { edition: 'mar-2026' }];
  const guest = (firstName: string, email: string) => ({ firstName, lastName: 'Kask', email });
  const ids = {
    mari: await f.bookingIn('confirmed', january, guest('Mari', 'mari@example.com')),
    jyri: await f.bookingIn('confirmed', january, guest('Jüri', 'jyri@example.com')),
    pending: await f.bookingIn('request', january, guest('Peeter', 'peeter@example.com')),
    cancelled: await f.bookingIn('cancelled', january, guest('Kati', 'kati@example.com')),
    waiting: await f.bookingIn('waiting', january, guest('Tiit', 'tiit@example.com')),
    march: await f.bookingIn('confirmed', march, guest('Liis', 'liis@example.com')),
  };
  return { ...ids, retreatId: (await f.migrated('jan-2026')).id };
}

const requests = async () => (await sql("SELECT booking_id, to_address, text FROM email_outbox WHERE kind = 'feedback_request' ORDER BY booking_id")).rows;
const tokenOf = (text: unknown) => /\/tagasiside#token=([\w.-]+)/.exec(String(text))![1]!;

describe('feedback requests', () => {
  it('go once to each attendee after the edition ends, never to the cancelled or the waiting list', async () => {
    const e = await edition();
    await at('2026-01-24T20:00:00Z'); // the last day: not over yet
    expect(await queueFeedbackRequests(f.app.deps)).toBe(0);

    await at('2026-01-25T08:00:00Z');
    expect(await queueFeedbackRequests(f.app.deps)).toBe(3);
    const sent = await requests();
    expect(sent.map((r) => [Number(r.booking_id), r.to_address])).toEqual([
      [e.mari, 'mari@example.com'],
      [e.jyri, 'jyri@example.com'],
      [e.pending, 'peeter@example.com'],
    ]);
    expect(String(sent[0]!.text)).toContain('Tere, Mari!');
    expect(String(sent[0]!.text)).toContain(`${f.app.origin}/tagasiside#token=`);

    // Once: the next runs, days later, send nothing more.
    expect(await queueFeedbackRequests(f.app.deps)).toBe(0);
    await at('2026-01-30T08:00:00Z');
    expect(await queueFeedbackRequests(f.app.deps)).toBe(0);
    expect(await requests()).toHaveLength(3);
    expect(await f.app.count('feedback_requests')).toBe(3);
  });

  it('are not sent for an edition that ended long ago (its guests were never asked)', async () => {
    await edition();
    await at('2026-03-01T08:00:00Z'); // January's edition ended 36 days ago; March's has not started
    expect(await queueFeedbackRequests(f.app.deps)).toBe(0);
  });

  it('go out with the scheduled jobs', async () => {
    const e = await edition();
    await at('2026-01-26T08:00:00Z');
    await runScheduledJobs(f.app.deps);
    expect((await requests()).map((r) => Number(r.booking_id))).toEqual([e.mari, e.jyri, e.pending]);
    const delivered = (f.app.deps.mail as ReturnType<typeof recordingTransport>).sent.filter((m) => /tagasiside#token=/.test(m.text));
    expect(delivered.map((m) => m.to).sort()).toEqual(['jyri@example.com', 'mari@example.com', 'peeter@example.com']);
  });
});

describe('the feedback form', () => {
  async function linkFor(who: 'mari' | 'jyri') {
    const e = await edition();
    await at('2026-01-25T08:00:00Z');
    await queueFeedbackRequests(f.app.deps);
    const row = (await requests()).find((r) => Number(r.booking_id) === e[who])!;
    return { e, token: tokenOf(row.text) };
  }

  it('opens with the guest and the edition, takes one answer, and refuses a second', async () => {
    const { e, token } = await linkFor('mari');
    const opened = await post('/api/feedback/open', { token });
    expect(opened.status).toBe(200);
    expect(await readJson(opened)).toEqual({ firstName: 'Mari', retreatName: expect.stringContaining('2026'), answered: false });

    const res = await post('/api/feedback', { token, rating: 5, comment: '  Imeline nädal!\r\nAitäh. ', mayQuote: true });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await sql('SELECT * FROM feedback_answers')).rows).toEqual([
      expect.objectContaining({ booking_id: e.mari, retreat_id: e.retreatId, guest_name: 'Mari Kask', rating: 5, comment: 'Imeline nädal!\nAitäh.', may_quote: 1 }),
    ]);
    expect((await readJson(await post('/api/feedback/open', { token }))).answered).toBe(true);

    const again = await post('/api/feedback', { token, rating: 1 });
    expect(again.status).toBe(409);
    expect((await readJson(again)).error.code).toBe('feedback_already_given');
    expect(await f.app.count('feedback_answers')).toBe(1);
  });

  it('quoting is not allowed unless ticked; the text is optional', async () => {
    const { token } = await linkFor('jyri');
    expect((await post('/api/feedback', { token, rating: '4' })).status).toBe(201);
    expect((await sql('SELECT rating, comment, may_quote FROM feedback_answers')).rows).toEqual([{ rating: 4, comment: null, may_quote: 0 }]);
  });

  it('drops markup from the comment as every public text field does (angle brackets, script blocks)', async () => {
    const { token } = await linkFor('mari');
    const res = await post('/api/feedback', { token, rating: 5, comment: 'Tore <img src=x onerror=alert(1)> nädal<script>alert(2)</script>!' });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await sql('SELECT comment FROM feedback_answers')).rows).toEqual([{ comment: 'Tore img src=x onerror=alert(1) nädal!' }]);
  });

  it('refuses bad input, storing nothing', async () => {
    const { token } = await linkFor('mari');
    for (const body of [
      { token, rating: 0 },
      { token, rating: 6 },
      { token, rating: 3.5 },
      { token },
      { token, rating: 'viis' },
      { token, rating: 4, comment: 'x'.repeat(3001) },
      { token, rating: 4, mayQuote: 'jah' },
      { token, rating: 4, extra: 1 },
      { rating: 4 },
    ]) {
      const res = await post('/api/feedback', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    const bad = await readJson(await post('/api/feedback', { token, rating: 9 }));
    expect(JSON.stringify(bad)).toContain(FEEDBACK_TEXTS.ratingRequired);
    expect((await post('/api/feedback', '{"token":')).status).toBe(400);
    expect(await f.app.count('feedback_answers')).toBe(0);
  });

  it('checks the token: signature, audience, expiry, and a booking cancelled since', async () => {
    const { e, token } = await linkFor('mari');
    const code = async (t: string) => {
      const res = await post('/api/feedback', { token: t, rating: 5 });
      return [res.status, (await readJson(res)).error?.code];
    };
    expect(await code(`${token.slice(0, -2)}xx`)).toEqual([400, 'invalid_token']);
    expect(await code(await signFeedbackToken('some other secret, long enough to sign', e.mari, f.clock.now))).toEqual([400, 'invalid_token']);
    const noAudience = await new SignJWT({ bid: e.mari }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1d').sign(new TextEncoder().encode(f.app.deps.config.authSecret));
    expect(await code(noAudience)).toEqual([400, 'invalid_token']);
    expect(await code(await signFeedbackToken(f.app.deps.config.authSecret, 999_999, f.clock.now))).toEqual([400, 'invalid_token']);

    // The link lasts FEEDBACK_LINK_DAYS.
    const issued = f.clock.now;
    await at(new Date(issued.getTime() + (FEEDBACK_LINK_DAYS + 1) * 24 * 60 * 60 * 1000).toISOString());
    expect(await code(token)).toEqual([400, 'token_expired']);
    await at(new Date(issued.getTime() + 24 * 60 * 60 * 1000).toISOString(), { admin: true });

    await f.cancel(e.mari);
    expect(await code(token)).toEqual([400, 'invalid_token']);
    expect(await f.app.count('feedback_answers')).toBe(0);
  });
});

describe('the answers in the back office', () => {
  it('are listed per edition with the mean rating, and exported as CSV (audited); admins only', async () => {
    const e = await edition();
    await at('2026-01-25T08:00:00Z');
    await queueFeedbackRequests(f.app.deps);
    const [mari, jyri] = (await requests()).map((r) => tokenOf(r.text));
    expect((await post('/api/feedback', { token: mari, rating: 5, comment: '=Imeline; "päike"', mayQuote: true })).status).toBe(201);
    f.clock.tick(60_000);
    expect((await post('/api/feedback', { token: jyri, rating: 4 })).status).toBe(201);

    await at(f.clock.now.toISOString(), { admin: true }); // the organiser reads them that day
    const admin = f.admin;
    const list = await readJson(await admin.b.get(`/api/admin/retreats/${e.retreatId}/feedback`));
    expect(list).toEqual({
      requested: 3,
      average: 4.5,
      items: [
        expect.objectContaining({ bookingId: e.jyri, guestName: 'Jüri Kask', rating: 4, comment: null, mayQuote: false }),
        expect.objectContaining({ bookingId: e.mari, guestName: 'Mari Kask', rating: 5, comment: '=Imeline; "päike"', mayQuote: true }),
      ],
    });

    const res = await admin.b.get(`/api/admin/retreats/${e.retreatId}/feedback.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(FEEDBACK_CSV_HEADER.join(';'));
    expect(lines[1]).toBe(`25.01.2026;Mari Kask;5;"'=Imeline; ""päike""";jah;${e.mari}`);
    expect(lines[2]).toBe(`25.01.2026;Jüri Kask;4;;ei;${e.jyri}`);
    expect((await sql("SELECT count(*) AS n FROM audit_logs WHERE action = 'feedback.export'")).rows[0]!.n).toBe(1);

    expect((await admin.b.get('/api/admin/retreats/99999/feedback')).status).toBe(404);
    const guest = await signedIn(f.app);
    expect((await guest.b.get(`/api/admin/retreats/${e.retreatId}/feedback`)).status).toBe(403);
    expect((await guest.b.get(`/api/admin/retreats/${e.retreatId}/feedback.csv`)).status).toBe(403);
  });
});
