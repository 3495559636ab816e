import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../src/lib/contact-schema';
import { FIELD_MESSAGES } from '../../src/lib/validation/messages';
import { useApiFixture } from '../helpers/api-fixture';
import { writtenRows } from '../helpers/app-server';
import { readJson } from '../helpers/http';
import { recordingTransport } from '../helpers/test-deps';

const f = useApiFixture({ admin: false, config: { teamEmail: 'tiim@example.com' } });

const valid = { name: 'Mari Tamm', email: 'Mari@Example.com', subject: 'Küsimus', message: 'Kas toad on konditsioneeriga?', website: '' };

describe('POST /api/contact', () => {
  it('stores the message and forwards it to the team address', async () => {
    const res = await f.app.post('/api/contact', { ...valid, message: ' Tere <script>x</script><b>!</b> ' });
    expect(res.status).toBe(201);
    const { messageId } = await readJson(res);
    expect(await f.app.rows('SELECT * FROM contact_messages')).toEqual([
      expect.objectContaining({ id: messageId, name: 'Mari Tamm', email: 'mari@example.com', subject: 'Küsimus', message: 'Tere b!/b', ip: '127.0.0.1' }),
    ]);
    await Promise.allSettled(f.app.background);
    const [mail] = await f.app.rows('SELECT * FROM email_outbox');
    expect(mail).toMatchObject({ kind: 'contact_notification', to_address: 'tiim@example.com', contact_message_id: messageId, status: 'sent' });
    const sent = (f.app.deps.mail as ReturnType<typeof recordingTransport>).sent;
    expect(sent[0]!.text).toContain('mari@example.com');
    // The message's number, made by the database in the same batch, in the mail sent and in the one stored (retries).
    for (const text of [sent[0]!.text, sent[0]!.html, String(mail!.text), String(mail!.html)]) expect(text).toContain(`tuli sõnum #${messageId}.`);
  });

  it('keeps the message when the notification cannot be sent', async () => {
    (f.app.deps.mail as ReturnType<typeof recordingTransport>).deliver = async () => {
      throw new Error('provider down');
    };
    const res = await f.app.post('/api/contact', valid);
    expect(res.status).toBe(201);
    await Promise.allSettled(f.app.background);
    expect(await f.app.count('contact_messages')).toBe(1);
    expect(await f.app.rows('SELECT status FROM email_outbox')).toEqual([expect.objectContaining({ status: 'pending' })]);
  });

  it('stores and mails a clean one-line subject: no NUL, ESC or line break reaches the Subject header', async () => {
    const res = await f.app.post('/api/contact', { ...valid, subject: 'Küsimus\u0000\u001b[31m\r\nBcc: keegi@example.com\u202e', message: 'Üks\r\nkaks\u0000' });
    expect(res.status).toBe(201);
    const [stored] = await f.app.rows('SELECT subject, message FROM contact_messages');
    expect(stored).toEqual({ subject: 'Küsimus[31m Bcc: keegi@example.com', message: 'Üks\nkaks' });
    await Promise.allSettled(f.app.background);
    const [queued] = await f.app.rows('SELECT subject FROM email_outbox');
    const [sent] = (f.app.deps.mail as ReturnType<typeof recordingTransport>).sent;
    for (const subject of [String(queued!.subject), sent!.subject]) {
      expect(subject).toBe('Uus sõnum kodulehelt: Küsimus[31m Bcc: keegi@example.com');
      expect(subject).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    }
  });

  it('subject is optional', async () => {
    const { subject: _omit, ...withoutSubject } = valid;
    expect((await f.app.post('/api/contact', withoutSubject)).status).toBe(201);
    expect((await f.app.rows('SELECT subject FROM contact_messages'))[0]!.subject).toBeNull();
  });

  it.each([
    ['name', { name: '' }, FIELD_MESSAGES.nameRequired],
    ['email', { email: 'nope' }, FIELD_MESSAGES.emailInvalid],
    ['message', { message: '   ' }, CONTACT_MESSAGES.messageRequired],
    ['message', { message: '<script>only markup</script>' }, CONTACT_MESSAGES.messageRequired],
  ])('refuses a missing or invalid %s and stores nothing', async (path, change, message) => {
    const res = await f.app.post('/api/contact', { ...valid, ...change });
    expect(res.status).toBe(422);
    expect((await readJson(res)).error.details).toContainEqual({ path, message });
    expect(await writtenRows(f.app)).toMatchObject({ contact: 0, outbox: 0 });
  });

  it('rejects a filled honeypot and applies the per-IP limit, counted with the messages it stores', async () => {
    f.app.deps.config.limits.contact = { max: 2, windowMs: 600_000 };
    // The honeypot writes nothing and is not counted (as the booking form's limit counts).
    expect((await f.app.post('/api/contact', { ...valid, website: 'x' })).status).toBe(422);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await f.app.post('/api/contact', valid)).status);
    expect(statuses).toEqual([201, 201, 429, 429]);
    expect(await writtenRows(f.app)).toMatchObject({ contact: 2, outbox: 2 });
    // A refusal is counted all the same: hammering does not reopen the window.
    expect(Number((await f.app.rows("SELECT count(*) AS n FROM auth_attempts WHERE kind = 'contact_submit'"))[0]!.n)).toBe(4);
  });
});
