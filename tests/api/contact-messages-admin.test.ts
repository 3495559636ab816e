import { describe, expect, it } from 'vitest';
import { MESSAGE_FIELD_MESSAGES } from '../../src/lib/admin/message-fields';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { readJson } from '../helpers/http';
import { recordingTransport } from '../helpers/test-deps';

/**
 * "Sõnumid" (issue 24): contact-form messages in the back office over real HTTP and a real libSQL file: admins only;
 * the list newest first with search, the new/answered filter, paging and counters; one message; a reply by e-mail
 * through the outbox that marks the message answered (who, when), with its audit record; bad input changes nothing.
 */

const f = useApiFixture({ clock: '2026-03-01T08:00:00.000Z', config: { teamEmail: 'tiim@example.com' } });

const get = async (path: string) => {
  const res = await f.admin.b.get(path);
  return { status: res.status, body: await readJson(res) };
};
const post = async (path: string, body?: unknown) => {
  const res = await f.admin.b.post(path, body);
  return { status: res.status, body: await readJson(res) };
};

async function contact(name: string, email: string, subject: string | undefined, message: string): Promise<number> {
  f.clock.tick(60_000);
  const res = await f.app.post('/api/contact', { name, email, subject, message, website: '' });
  expect(res.status).toBe(201);
  return (await readJson(res)).messageId as number;
}

describe('GET /api/admin/contact-messages', () => {
  it('is for admins only', async () => {
    const guest = await signedIn(f.app);
    expect((await guest.b.get('/api/admin/contact-messages')).status).toBe(403);
    expect((await fetch(`${f.app.origin}/api/admin/contact-messages`)).status).toBe(401);
  });

  it('lists newest first with state, counters, search and paging', async () => {
    const first = await contact('Mari Tamm', 'mari@example.com', 'Toad', 'Kas toad on konditsioneeriga?');
    const second = await contact('Jüri Kask', 'jyri@example.com', undefined, 'Kas lennujaamast on transport?');
    const third = await contact('Liis Mets', 'liis@example.com', 'Hind 50%', 'Kas on allahindlust?');

    const all = await get('/api/admin/contact-messages');
    expect(all.status).toBe(200);
    expect(all.body.items.map((m: { id: number }) => m.id)).toEqual([third, second, first]);
    expect(all.body.items[1]).toMatchObject({ name: 'Jüri Kask', email: 'jyri@example.com', subject: null, excerpt: 'Kas lennujaamast on transport?', state: 'new', answeredAt: null, answeredBy: null });
    expect(all.body).toMatchObject({ total: 3, page: 1, pageSize: 25, counts: { total: 3, new: 3 } });

    expect((await get('/api/admin/contact-messages?q=TRANSPORT')).body.items.map((m: { id: number }) => m.id)).toEqual([second]);
    expect((await get('/api/admin/contact-messages?q=mari@')).body.items.map((m: { id: number }) => m.id)).toEqual([first]);
    // The admin's % is a character, not a wildcard.
    expect((await get('/api/admin/contact-messages?q=50%25')).body.items.map((m: { id: number }) => m.id)).toEqual([third]);
    expect((await get('/api/admin/contact-messages?q=0%25')).body.total).toBe(1);

    const page2 = await get('/api/admin/contact-messages?pageSize=2&page=2');
    expect(page2.body.items.map((m: { id: number }) => m.id)).toEqual([first]);
    expect(page2.body.total).toBe(3);

    expect((await get('/api/admin/contact-messages?state=bogus')).status).toBe(422);
    expect((await get('/api/admin/contact-messages?pageSize=1000')).status).toBe(422);
  });
});

describe('reply', () => {
  it('sends the reply through the outbox, marks the message answered by whom, and audits it', async () => {
    const id = await contact('Mari Tamm', 'mari@example.com', 'Toad', 'Kas toad on\nkonditsioneeriga?');
    await Promise.allSettled(f.app.background);
    f.clock.tick(5 * 60_000);
    const res = await post(`/api/admin/contact-messages/${id}/reply`, { subject: 'Re: Toad', text: 'Tere, Mari!\n\nJah, kõik toad on konditsioneeriga.' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toMatchObject({ id, state: 'answered', answeredAt: f.clock.now.toISOString(), answeredBy: 'Anu Admin' });
    expect(res.body.message.replies).toEqual([
      expect.objectContaining({ subject: 'Re: Toad', body: 'Tere, Mari!\n\nJah, kõik toad on konditsioneeriga.', by: 'Anu Admin', delivery: 'sent' }),
    ]);

    const [mail] = await f.app.rows(`SELECT * FROM email_outbox WHERE kind = 'contact_reply'`);
    expect(mail).toMatchObject({ to_address: 'mari@example.com', subject: 'Re: Toad', contact_message_id: id, status: 'sent' });
    const sent = (f.app.deps.mail as ReturnType<typeof recordingTransport>).sent.filter((m) => m.to === 'mari@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Jah, kõik toad on konditsioneeriga.');
    expect(sent[0]!.text).toContain('> konditsioneeriga?');

    const [audit] = await f.app.rows(`SELECT * FROM audit_logs WHERE action = 'contact_message.reply'`);
    expect(audit).toMatchObject({ user_id: f.admin.userId, resource_type: 'contact_message', resource_id: String(id) });

    const list = await get('/api/admin/contact-messages?state=answered');
    expect(list.body.items).toEqual([expect.objectContaining({ id, state: 'answered', answeredBy: 'Anu Admin' })]);
    expect(list.body.counts).toEqual({ total: 1, new: 0 });
    expect((await get('/api/admin/contact-messages?state=new')).body.items).toEqual([]);

    const detail = await get(`/api/admin/contact-messages/${id}`);
    expect(detail.body.message).toMatchObject({ message: 'Kas toad on\nkonditsioneeriga?', replies: [expect.objectContaining({ subject: 'Re: Toad' })] });
  });

  it('escapes the texts in the HTML mail', async () => {
    const id = await contact('Mari Tamm', 'mari@example.com', undefined, 'Tere & head aega');
    expect((await post(`/api/admin/contact-messages/${id}/reply`, { subject: 'Vastus', text: 'a <b>b</b> & "c"' })).status).toBe(201);
    const [mail] = await f.app.rows(`SELECT html FROM email_outbox WHERE kind = 'contact_reply'`);
    expect(String(mail!.html)).toContain('a &lt;b&gt;b&lt;/b&gt; &amp; &quot;c&quot;');
    expect(String(mail!.html)).not.toContain('<b>b</b>');
  });

  it('refuses bad input and unknown messages, changing nothing', async () => {
    const id = await contact('Mari Tamm', 'mari@example.com', undefined, 'Tere');
    const before = { outbox: await f.app.count('email_outbox'), replies: await f.app.count('contact_message_replies'), audit: await f.app.count('audit_logs') };
    const empty = await post(`/api/admin/contact-messages/${id}/reply`, { subject: '  ', text: 'x' });
    expect(empty.status).toBe(422);
    expect(JSON.stringify(empty.body)).toContain(MESSAGE_FIELD_MESSAGES.subjectRequired);
    expect((await post(`/api/admin/contact-messages/${id}/reply`, { subject: 'Teema', text: '' })).status).toBe(422);
    expect((await post(`/api/admin/contact-messages/${id}/reply`, { subject: 'Teema', text: 'x'.repeat(10_001) })).status).toBe(422);
    expect((await post(`/api/admin/contact-messages/${id}/reply`, { subject: 'Teema', text: 'x', extra: 1 })).status).toBe(422);
    expect((await post(`/api/admin/contact-messages/999/reply`, { subject: 'Teema', text: 'x' })).status).toBe(404);
    expect((await post(`/api/admin/contact-messages/abc/reply`, { subject: 'Teema', text: 'x' })).status).toBe(404);
    expect((await get('/api/admin/contact-messages/999')).status).toBe(404);
    expect({ outbox: await f.app.count('email_outbox'), replies: await f.app.count('contact_message_replies'), audit: await f.app.count('audit_logs') }).toEqual(before);
    const [row] = await f.app.rows(`SELECT answered_at FROM contact_messages WHERE id = ${id}`);
    expect(row!.answered_at).toBeNull();
  });
});
