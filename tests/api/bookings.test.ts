import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../src/lib/booking/schema';
import { FIELD_MESSAGES } from '../../src/lib/validation/messages';
import { useApiFixture } from '../helpers/api-fixture';
import { writtenRows } from '../helpers/app-server';
import { validBooking } from '../helpers/booking-fixtures';
import { readJson } from '../helpers/http';
import { recordingTransport } from '../helpers/test-deps';
import { CONFIRMATIONS_PER_RECIPIENT_PER_DAY } from '../../worker/domain/bookings/submission';
import { RECEIVED } from '../../worker/domain/mail/templates';

const f = useApiFixture({ admin: false });

const NOTHING_WRITTEN = { guests: 0, bookings: 0, customers: 0, outbox: 0, contact: 0 };

describe('POST /api/bookings: a valid request', () => {
  it('stores guest, companions, booking, customer and confirmation e-mail as the spec lists them', async () => {
    const res = await f.app.post(
      '/api/bookings',
      validBooking({
        firstName: '  Mari ',
        lastName: 'Tamm',
        email: ' Mari.Tamm@Example.COM ',
        phone: '+372 5123-4567',
        roomType: 'shared-room',
        travelWith: 'with-companions',
        companions: [
          { firstName: 'Jüri', lastName: 'Tamm', birthday: '1988-02-02', age: '37' },
          { firstName: 'Liis', lastName: 'Tamm', birthday: '2010-01-14', age: '' },
        ],
        experience: 'intermediate',
        dietaryRestrictions: ' Vegan, <b>gluteenivaba</b> ',
        message: 'Tere! <script>alert(1)</script>Ootan väga.',
      }),
    );
    expect(res.status).toBe(201);
    const body = await readJson(res);
    expect(body).toEqual({ bookingId: expect.any(Number), email: 'sent', waitingList: false });

    const [guest] = await f.app.rows('SELECT * FROM guests WHERE is_companion = 0');
    expect(guest).toMatchObject({
      first_name: 'Mari',
      last_name: 'Tamm',
      email: 'mari.tamm@example.com',
      phone: '+37251234567',
      date_of_birth: '1990-05-01',
      dietary_preferences: JSON.stringify(['Vegan, bgluteenivaba/b']),
      marketing_consent: 1,
      companion_of_guest_id: null,
    });
    const companions = await f.app.rows('SELECT * FROM guests WHERE is_companion = 1 ORDER BY first_name');
    expect(companions).toEqual([
      expect.objectContaining({ first_name: 'Jüri', last_name: 'Tamm', email: null, date_of_birth: '1988-02-02', marketing_consent: 0, companion_of_guest_id: guest!.id }),
      expect.objectContaining({ first_name: 'Liis', last_name: 'Tamm', email: null, date_of_birth: '2010-01-14', marketing_consent: 0, companion_of_guest_id: guest!.id }),
    ]);

    const [booking] = await f.app.rows('SELECT * FROM bookings');
    const [customer] = await f.app.rows('SELECT * FROM customers');
    const [retreat] = await f.app.rows("SELECT id FROM retreats WHERE edition = 'jan-2026'");
    expect(booking).toMatchObject({
      id: body.bookingId,
      guest_id: guest!.id,
      customer_id: customer!.id,
      retreat_id: retreat!.id,
      user_id: null,
      status: 'pending',
      payment_status: 'pending',
      room_type: 'shared',
      room_sharing_preference: 'shared',
      comment: 'Tere! Ootan väga.',
      special_requests: 'Retriidi aeg: 14.-24.01.2026 (jaanuar 2026)\nKogemus: Keskmine\nReisimine: Koos kaaslastega',
      comments: 'Toitumispiirangud: Vegan, bgluteenivaba/b\nKaasreisijaid: 2',
      companions: JSON.stringify([
        { first_name: 'Jüri', last_name: 'Tamm', age: 37 },
        { first_name: 'Liis', last_name: 'Tamm', age: null },
      ]),
      retreat_edition: 'jan-2026',
      experience: 'intermediate',
      travel_with: 'with-companions',
      source: 'public_form',
      // Priced by the server (issue "Sell"): three people at 1299 € on the advance plan, 300 € each in advance.
      total_amount_cents: 389_700,
      owed_cents: 389_700,
      payment_plan: 'advance',
      advance_cents: 90_000,
      deposit_amount_cents: 90_000,
    });
    expect(Date.parse(String(booking!.booking_date))).not.toBeNaN();
    expect(customer).toMatchObject({ first_name: 'Mari', last_name: 'Tamm', email: 'mari.tamm@example.com', phone_number: '+37251234567' });

    // The answer waited for the provider; the outcome is written after it (issue 40).
    await Promise.allSettled(f.app.background);
    const [mail] = await f.app.rows('SELECT * FROM email_outbox');
    expect(mail).toMatchObject({ kind: 'booking_confirmation', to_address: 'mari.tamm@example.com', status: 'sent', attempts: 1, booking_id: body.bookingId });
    const sent = (f.app.deps.mail as ReturnType<typeof recordingTransport>).sent;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('24 tunni jooksul');
    expect(sent[0]!.text).toContain('14.01.2026–24.01.2026');
    expect(sent[0]!.text).toContain('Jüri Tamm (37)');
    expect(sent[0]!.html).not.toContain('<script>');
  });

  it('fills the spec\'s defaults: "Määramata", "Puuduvad", no companions, single room', async () => {
    const res = await f.app.post('/api/bookings', validBooking({ retreatMonth: 'nov-2025' }));
    expect(res.status).toBe(201);
    const [booking] = await f.app.rows('SELECT * FROM bookings');
    expect(booking).toMatchObject({
      room_type: 'single',
      room_sharing_preference: 'private',
      comment: null,
      companions: null,
      special_requests: 'Retriidi aeg: 14.-24.11.2025 (november 2025)\nKogemus: Määramata\nReisimine: Üksi',
      comments: 'Toitumispiirangud: Puuduvad\nKaasreisijaid: 0',
      experience: null,
    });
    // Linked to its edition's retreat, made for it if it did not exist.
    expect(await f.app.rows(`SELECT edition FROM retreats WHERE id = ${Number(booking!.retreat_id)}`)).toEqual([{ edition: 'nov-2025' }]);
    const [guest] = await f.app.rows('SELECT dietary_preferences FROM guests');
    expect(guest!.dietary_preferences).toBeNull();
  });

  it('ignores the companion block when travelling alone', async () => {
    const res = await f.app.post('/api/bookings', validBooking({ travelWith: 'alone', companions: [{ firstName: 'X', lastName: '', birthday: '' }] }));
    expect(res.status).toBe(201);
    expect(await f.app.count('guests')).toBe(1);
  });

  it('updates the customer with the same e-mail instead of adding another', async () => {
    await f.app.post('/api/bookings', validBooking({ email: 'kati@example.com', firstName: 'Kati', phone: '51234567' }));
    await f.app.post('/api/bookings', validBooking({ email: 'KATI@example.com', firstName: 'Katrin', phone: '59999999' }));
    expect(await f.app.rows('SELECT first_name, phone_number FROM customers')).toEqual([expect.objectContaining({ first_name: 'Katrin', phone_number: '59999999' })]);
    expect(await f.app.count('bookings')).toBe(2);
    expect(await f.app.count('guests')).toBe(2);
  });
});

describe('POST /api/bookings: rules and messages', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['missing first name', { firstName: '' }, 'firstName', FIELD_MESSAGES.nameRequired],
    ['short last name', { lastName: 'T' }, 'lastName', FIELD_MESSAGES.nameTooShort],
    ['long name', { firstName: 'A'.repeat(101) }, 'firstName', FIELD_MESSAGES.nameTooLong],
    ['markup in a name', { firstName: '<img src=x onerror=alert(1)>' }, 'firstName', FIELD_MESSAGES.nameInvalid],
    ['missing e-mail', { email: '' }, 'email', FIELD_MESSAGES.emailRequired],
    ['bad e-mail', { email: 'mari@' }, 'email', FIELD_MESSAGES.emailInvalid],
    ['markup in e-mail', { email: '"<script>"@example.com' }, 'email', FIELD_MESSAGES.emailInvalid],
    ['long e-mail', { email: `${'a'.repeat(320)}@x.ee` }, 'email', FIELD_MESSAGES.emailTooLong],
    ['bad phone', { phone: '0123' }, 'phone', FIELD_MESSAGES.phoneInvalid],
    ['markup in phone', { phone: '<b>51234567</b>' }, 'phone', FIELD_MESSAGES.phoneInvalid],
    ['missing birthday', { birthday: '' }, 'birthday', BOOKING_MESSAGES.birthdayRequired],
    ['impossible birthday', { birthday: '1990-02-30' }, 'birthday', BOOKING_MESSAGES.birthdayInvalid],
    ['13 on the first day', { birthday: '2012-01-15', retreatMonth: 'jan-2026' }, 'birthday', BOOKING_MESSAGES.tooYoung],
    ['not an edition key', { retreatMonth: 'Jaanuar 2026' }, 'retreatMonth', BOOKING_MESSAGES.retreatMonthRequired],
    ['unknown payment plan', { paymentPlan: 'järelmaks' }, 'paymentPlan', BOOKING_MESSAGES.paymentPlanRequired],
    ['missing retreat', { retreatMonth: '' }, 'retreatMonth', BOOKING_MESSAGES.retreatMonthRequired],
    ['bad room type', { roomType: 'suite' }, 'roomType', BOOKING_MESSAGES.roomTypeRequired],
    ['bad travel mode', { travelWith: 'bus' }, 'travelWith', BOOKING_MESSAGES.travelWithRequired],
    ['companions required', { travelWith: 'with-companions', companions: [] }, 'companions', BOOKING_MESSAGES.companionsRequired],
    ['companion without last name', { travelWith: 'with-companions', companions: [{ firstName: 'Jüri', lastName: '', birthday: '1980-01-01' }] }, 'companions.0.lastName', FIELD_MESSAGES.nameRequired],
    ['companion without birthday', { travelWith: 'with-companions', companions: [{ firstName: 'Jüri', lastName: 'Tamm', birthday: '' }] }, 'companions.0.birthday', BOOKING_MESSAGES.birthdayRequired],
    ['companion too young', { travelWith: 'with-companions', companions: [{ firstName: 'Mia', lastName: 'Tamm', birthday: '2012-06-01' }] }, 'companions.0.birthday', BOOKING_MESSAGES.tooYoung],
    ['companion age not whole', { travelWith: 'with-companions', companions: [{ firstName: 'Jüri', lastName: 'Tamm', birthday: '1980-01-01', age: '4.5' }] }, 'companions.0.age', BOOKING_MESSAGES.ageInvalid],
    ['bad experience', { experience: 'guru' }, 'experience', ''],
  ];
  it.each(cases)('%s → 422 on %s, nothing stored', async (_name, change, path, message) => {
    const res = await f.app.post('/api/bookings', validBooking(change as never));
    expect(res.status).toBe(422);
    const { error } = await readJson(res);
    expect(error.code).toBe('validation_failed');
    const issue = error.details.find((d: { path: string }) => d.path === path);
    expect(issue, JSON.stringify(error.details)).toBeDefined();
    if (message) expect(issue.message).toBe(message);
    expect(await writtenRows(f.app)).toEqual(NOTHING_WRITTEN);
  });

  it('reports every problem in one answer, cross-field rules included', async () => {
    const res = await f.app.post(
      '/api/bookings',
      validBooking({ firstName: '', travelWith: 'with-companions', companions: [{ firstName: 'Mia', lastName: 'Tamm', birthday: '2013-01-01' }] }),
    );
    const { error } = await readJson(res);
    expect(error.details).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: FIELD_MESSAGES.nameRequired },
        { path: 'companions.0.birthday', message: BOOKING_MESSAGES.tooYoung },
      ]),
    );
  });

  it('accepts a guest who turns 14 on the first day', async () => {
    expect((await f.app.post('/api/bookings', validBooking({ birthday: '2012-01-14', retreatMonth: 'jan-2026' }))).status).toBe(201);
  });

  it('refuses malformed JSON, wrong types, unknown fields and oversized bodies without writing', async () => {
    const responses = [
      await f.app.post('/api/bookings', '{"firstName": "Mari",'),
      await f.app.post('/api/bookings', { ...validBooking(), companions: 'two' }),
      await f.app.post('/api/bookings', { ...validBooking(), firstName: 42 }),
      await f.app.post('/api/bookings', { ...validBooking(), isAdmin: true }),
      await f.app.post('/api/bookings', { ...validBooking(), message: 'x'.repeat(70_000) }),
      await f.app.post('/api/bookings', '[]'),
      await f.app.post('/api/bookings', 'null'),
      await f.app.post('/api/bookings', JSON.stringify(validBooking()), { 'Content-Type': 'text/plain' }),
    ];
    expect(responses.map((r) => r.status)).toEqual([400, 422, 422, 422, 413, 422, 422, 415]);
    expect(await writtenRows(f.app)).toEqual(NOTHING_WRITTEN);
  });

  it('rejects a filled honeypot without storing anything', async () => {
    const res = await f.app.post('/api/bookings', validBooking({ website: 'http://spam.example' }));
    expect(res.status).toBe(422);
    expect((await readJson(res)).error.code).toBe('spam_rejected');
    expect(await writtenRows(f.app)).toEqual(NOTHING_WRITTEN);
  });
});

describe('POST /api/bookings: all or nothing', () => {
  it('a failure after the guest insert leaves no guest, booking, customer or outbox row', async () => {
    await f.app.deps.sql.execute("CREATE TRIGGER fail_booking BEFORE INSERT ON bookings BEGIN SELECT RAISE(ABORT, 'injected failure'); END");
    const res = await f.app.post('/api/bookings', validBooking({ travelWith: 'with-companions', companions: [{ firstName: 'Jüri', lastName: 'Tamm', birthday: '1980-01-01' }] }));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text).error.code).toBe('internal_error');
    expect(text).not.toContain('injected');
    expect(await writtenRows(f.app)).toEqual(NOTHING_WRITTEN);
  });
});

describe('POST /api/bookings: Idempotency-Key', () => {
  it('a repeat with the same key and body answers the first answer and stores nothing new', async () => {
    const request = validBooking();
    const first = await f.app.post('/api/bookings', request, { 'Idempotency-Key': 'attempt-0001' });
    const again = await f.app.post('/api/bookings', request, { 'Idempotency-Key': 'attempt-0001' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await readJson(again)).toEqual(await readJson(first));
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await writtenRows(f.app)).toMatchObject({ guests: 1, bookings: 1, customers: 1, outbox: 1 });
  });

  it('refuses the same key with a different body, and a malformed key', async () => {
    await f.app.post('/api/bookings', validBooking(), { 'Idempotency-Key': 'attempt-0002' });
    const other = await f.app.post('/api/bookings', validBooking(), { 'Idempotency-Key': 'attempt-0002' });
    expect(other.status).toBe(409);
    expect((await readJson(other)).error.code).toBe('idempotency_key_reused');
    const bad = await f.app.post('/api/bookings', validBooking(), { 'Idempotency-Key': 'short' });
    expect(bad.status).toBe(400);
    expect(await f.app.count('bookings')).toBe(1);
  });
});

describe('POST /api/bookings: confirmation e-mail', () => {
  it('answers "queued" and keeps the booking when the provider fails, leaving the mail for the dispatcher', async () => {
    const mail = f.app.deps.mail as ReturnType<typeof recordingTransport>;
    mail.deliver = async () => {
      throw new Error('provider down');
    };
    const res = await f.app.post('/api/bookings', validBooking());
    expect(res.status).toBe(201);
    expect((await readJson(res)).email).toBe('queued');
    expect(await f.app.count('bookings')).toBe(1);
    // "queued" may be the bounded wait running out before the failure is written: wait for the row.
    await expect
      .poll(() => f.app.rows('SELECT status, attempts, last_error FROM email_outbox'), { timeout: 10_000 })
      .toEqual([expect.objectContaining({ status: 'pending', attempts: 1, last_error: 'provider down' })]);
  });

  it('answers "queued" within the bounded wait when the provider hangs', async () => {
    f.app.deps.config.confirmationWaitMs = 300;
    const mail = f.app.deps.mail as ReturnType<typeof recordingTransport>;
    let release: () => void = () => {};
    mail.deliver = () => new Promise((resolve) => (release = () => resolve('sent')));
    const started = performance.now();
    const res = await f.app.post('/api/bookings', validBooking());
    expect((await readJson(res)).email).toBe('queued');
    expect(performance.now() - started).toBeLessThan(2000);
    release();
  });
});

describe('POST /api/bookings: the confirmation is no mail relay', () => {
  const sentMails = () => (f.app.deps.mail as ReturnType<typeof recordingTransport>).sent;

  it('repeats none of the free text to the unverified address, only that it was received', async () => {
    const res = await f.app.post(
      '/api/bookings',
      validBooking({ email: 'ohver@example.com', message: 'Võitsite auhinna! Vaadake http://kuri.example/auhind', dietaryRestrictions: 'Helistage numbril 5555' }),
    );
    expect(res.status).toBe(201);
    const [mail] = sentMails();
    for (const body of [mail!.text, mail!.html]) {
      expect(body).not.toContain('kuri.example');
      expect(body).not.toContain('auhinna');
      expect(body).not.toContain('5555');
      expect(body).toContain(RECEIVED);
    }
    // The booking itself keeps every word for the team.
    const [booking] = await f.app.rows('SELECT comment, comments FROM bookings');
    expect(booking!.comment).toContain('kuri.example');
    expect(booking!.comments).toContain('5555');
  });

  it(`sends one address at most ${CONFIRMATIONS_PER_RECIPIENT_PER_DAY} confirmations a day; later bookings are saved and answer "failed"`, async () => {
    await f.clock.set('2025-10-01T08:00:00.000Z');
    const answers: string[] = [];
    for (let i = 0; i < CONFIRMATIONS_PER_RECIPIENT_PER_DAY + 2; i++) {
      const res = await f.app.post('/api/bookings', validBooking({ email: 'Ohver@Example.com', firstName: `Nimi${'a'.repeat(i)}` }));
      expect(res.status).toBe(201);
      answers.push(String((await readJson(res)).email));
    }
    expect(answers).toEqual([...Array(CONFIRMATIONS_PER_RECIPIENT_PER_DAY).fill('sent'), 'failed', 'failed']);
    expect(await f.app.count('bookings')).toBe(CONFIRMATIONS_PER_RECIPIENT_PER_DAY + 2);
    expect(await f.app.count("email_outbox WHERE to_address = 'ohver@example.com'")).toBe(CONFIRMATIONS_PER_RECIPIENT_PER_DAY);
    // Another address is not affected.
    expect((await readJson(await f.app.post('/api/bookings', validBooking({ email: 'teine@example.com' })))).email).toBe('sent');
    // A day later the address gets confirmations again.
    f.clock.tick(24 * 60 * 60 * 1000 + 1000);
    expect((await readJson(await f.app.post('/api/bookings', validBooking({ email: 'ohver@example.com' })))).email).toBe('sent');
  });

  it('holds the limit when the bookings arrive at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => f.app.post('/api/bookings', validBooking({ email: 'koos@example.com', firstName: `Nimi${'a'.repeat(i)}` })).then(readJson)),
    );
    expect(await f.app.count('bookings')).toBe(8);
    expect(await f.app.count("email_outbox WHERE to_address = 'koos@example.com'")).toBe(CONFIRMATIONS_PER_RECIPIENT_PER_DAY);
    expect(answers.filter((a) => a.email === 'failed')).toHaveLength(8 - CONFIRMATIONS_PER_RECIPIENT_PER_DAY);
  });
});

describe('POST /api/bookings: per-IP limit', () => {
  it('answers 429 with Retry-After and an Estonian message past the limit', async () => {
    f.app.deps.config.limits.bookings = { max: 3, windowMs: 600_000 };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await f.app.post('/api/bookings', validBooking())).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const res = await f.app.post('/api/bookings', validBooking());
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await readJson(res)).error).toEqual({ code: 'rate_limited', message: 'Liiga palju päringuid. Palun proovige mõne minuti pärast uuesti.' });
    expect(await f.app.count('bookings')).toBe(3);
  });

  it('lets exactly the limit through when one address sends many at once, and stores nothing of the refused ones', async () => {
    f.app.deps.config.limits.bookings = { max: 3, windowMs: 600_000 };
    const before = { guests: await f.app.count('guests'), outbox: await f.app.count('email_outbox'), customers: await f.app.count('customers') };
    const statuses = await Promise.all(Array.from({ length: 12 }, () => f.app.post('/api/bookings', validBooking()).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    expect(await f.app.count('bookings')).toBe(3);
    expect(await f.app.count('guests')).toBe(before.guests + 3);
    expect(await f.app.count('customers')).toBe(before.customers + 3);
    expect(await f.app.count('email_outbox')).toBe(before.outbox + 3);
    // Refused attempts are recorded too, so hammering keeps the window shut.
    expect(await f.app.count("auth_attempts WHERE kind = 'booking_submit'")).toBe(12);
  });
});
