import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_ACTION_OPTIONS } from '../../src/lib/admin/audit';
import { auditFieldLabel, auditValueText } from '../../src/lib/admin/audit-details';
import { AUDIT_ACTIONS } from '../../src/lib/enums';
import { formatDate, formatMoney } from '../../src/lib/format';
import { PAYMENT_PLAN_LABELS } from '../../src/lib/payment-plans';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { readJson } from '../helpers/http';

/**
 * The audit trail API (issue "Back office III"): records newest first with who did what, their details, and the
 * filters (severity, action, acting user, Tallinn date range, both days included) and paging on the server; the
 * dashboard's critical events of the last 7 days; authorisation.
 */

const f = useApiFixture();
beforeEach(async () => {
  // The sign-ins above wrote their login records; start from an empty trail so counts are this file's own.
  await f.app.deps.sql.execute('DELETE FROM audit_logs');
});

async function record(action: string, severity: string, createdAt: string, userId: string | null = f.admin.userId, metadata: unknown = null) {
  await f.app.deps.sql.execute({
    sql: 'INSERT INTO audit_logs (user_id, action, severity, resource_type, resource_id, metadata, ip, user_agent, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    args: [userId, action, severity, 'booking', '7', metadata === null ? null : JSON.stringify(metadata), '203.0.113.9', 'Testbrauser/1.0', createdAt],
  });
}
const list = async (query = '') => {
  const res = await f.admin.b.get(`/api/admin/audit${query}`);
  return { status: res.status, body: await readJson(res) };
};

it('answers 401 without a session and 403 to a non-admin', async () => {
  expect((await browser(f.app).get('/api/admin/audit')).status).toBe(401);
  const user = await signedIn(f.app);
  expect((await user.b.get('/api/admin/audit')).status).toBe(403);
});

describe('GET /api/admin/audit', () => {
  it('lists newest first with the acting user, IP, user agent and the old and new values', async () => {
    await record('booking.view', 'low', '2026-03-01T10:00:00.000Z');
    await record('booking.update', 'low', '2026-03-02T10:00:00.000Z', f.admin.userId, { changes: { status: { from: 'pending', to: 'confirmed' } } });
    await record('login', 'low', '2026-03-01T12:00:00.000Z', null);
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.items.map((r: { action: string }) => r.action)).toEqual(['booking.update', 'login', 'booking.view']);
    expect(body.items[0]).toMatchObject({
      severity: 'low',
      resourceType: 'booking',
      resourceId: '7',
      ip: '203.0.113.9',
      userAgent: 'Testbrauser/1.0',
      user: { id: f.admin.userId, email: f.admin.email, name: 'Anu Admin' },
      metadata: { changes: { status: { from: 'pending', to: 'confirmed' } } },
    });
    expect(body.items[1].user).toBeNull();
  });

  it('names each record\'s object in Estonian with its number or name, linked where a screen shows it; never a raw type or user id', async () => {
    const bookingId = await f.pricedBooking({ firstName: 'Mari', lastName: 'Tamm' });
    const [retreat] = await f.app.rows('SELECT id, name FROM retreats ORDER BY id LIMIT 1');
    expect((await f.app.post('/api/contact', { name: 'Jüri Maasikas', email: 'jyri@example.com', message: 'Tere', website: '' })).status).toBe(201);
    const [message] = await f.app.rows('SELECT id FROM contact_messages');
    await f.app.deps.sql.execute('DELETE FROM audit_logs');
    const about = async (type: string | null, id: string | null, createdAt: string) =>
      f.app.deps.sql.execute({
        sql: "INSERT INTO audit_logs (user_id, action, severity, resource_type, resource_id, created_at) VALUES (?, 'booking.view', 'low', ?, ?, ?)",
        args: [f.admin.userId, type, id, createdAt],
      });
    await about('booking', String(bookingId), '2026-03-01T10:00:00.000Z');
    await about('retreat', String(retreat!.id), '2026-03-01T10:01:00.000Z');
    await about('contact_message', String(message!.id), '2026-03-01T10:02:00.000Z');
    await about('user', f.admin.userId, '2026-03-01T10:03:00.000Z');
    await about('booking', '999999', '2026-03-01T10:04:00.000Z');
    await about('user', 'c0ffee00-dead-beef-0000-000000000000', '2026-03-01T10:05:00.000Z');
    await about('session', 'sess-123', '2026-03-01T10:06:00.000Z');
    await about(null, null, '2026-03-01T10:07:00.000Z');
    const { body } = await list();
    expect(body.items.map((r: { resource: unknown }) => r.resource).reverse()).toEqual([
      { label: `Broneering ${bookingId} — Mari Tamm`, href: `/admin/bookings/${bookingId}` },
      { label: `Retriit — ${retreat!.name}`, href: `/admin/retreats/${retreat!.id}` },
      { label: `Kontaktisõnum ${message!.id} — Jüri Maasikas`, href: '/admin/sonumid?q=jyri%40example.com' },
      { label: 'Kasutaja — Anu Admin', href: `/admin/users?q=${encodeURIComponent(f.admin.email)}` },
      { label: 'Broneering 999999 (kustutatud)', href: null },
      { label: 'Kasutaja (kustutatud)', href: null },
      { label: 'Seanss', href: null },
      null,
    ]);
  });

  it('filters by severity, action and the acting user\'s e-mail, and pages', async () => {
    const other = await signedIn(f.app, { admin: true });
    await f.app.deps.sql.execute('DELETE FROM audit_logs');
    for (let i = 0; i < 6; i++) await record('booking.view', 'low', `2026-03-01T10:0${i}:00.000Z`);
    await record('excessive_login_attempts', 'critical', '2026-03-01T11:00:00.000Z', other.userId);
    await record('role_change', 'medium', '2026-03-01T12:00:00.000Z', other.userId);
    expect((await list('?severity=critical')).body.items.map((r: { action: string }) => r.action)).toEqual(['excessive_login_attempts']);
    expect((await list('?action=role_change')).body.total).toBe(1);
    expect((await list(`?user=${encodeURIComponent(other.email.slice(0, 12).toUpperCase())}`)).body.total).toBe(2);
    expect((await list('?user=%25')).body.total).toBe(0);
    const page2 = (await list('?pageSize=3&page=2')).body;
    expect(page2).toMatchObject({ total: 8, page: 2, pageSize: 3 });
    expect(page2.items.map((r: { createdAt: string }) => r.createdAt)).toEqual(['2026-03-01T10:04:00.000Z', '2026-03-01T10:03:00.000Z', '2026-03-01T10:02:00.000Z']);
  });

  it('takes the date range as Tallinn days, both included', async () => {
    // 21:59 UTC on 28 March is 23:59 in Tallinn (winter time); 22:00 UTC is already 29 March there.
    await record('booking.view', 'low', '2026-03-28T21:59:00.000Z');
    await record('booking.update', 'low', '2026-03-28T22:00:00.000Z');
    // 29 March: clocks go forward; 20:59 UTC on 29 March is 23:59 summer time, 21:00 UTC is 30 March.
    await record('booking.delete', 'low', '2026-03-29T20:59:00.000Z');
    await record('booking.create', 'low', '2026-03-29T21:00:00.000Z');
    const actions = async (q: string) => (await list(q)).body.items.map((r: { action: string }) => r.action);
    expect(await actions('?from=2026-03-29&to=2026-03-29')).toEqual(['booking.delete', 'booking.update']);
    expect(await actions('?to=2026-03-28')).toEqual(['booking.view']);
    expect(await actions('?from=2026-03-30')).toEqual(['booking.create']);
  });

  it('refuses bad filters with 422 and field details', async () => {
    for (const [query, path] of [
      ['?from=2026-02-30', 'from'],
      ['?from=29.03.2026', 'from'],
      ['?from=2026-03-02&to=2026-03-01', 'to'],
      ['?severity=huge', 'severity'],
      ['?action=DROP%20TABLE', 'action'],
    ] as const) {
      const { status, body } = await list(query);
      expect(status, query).toBe(422);
      expect(body.error.details.map((d: { path: string }) => d.path), query).toContain(path);
    }
  });
});

describe('the dashboard\'s critical events', () => {
  it('counts and shows the critical events of the last 7 days only', async () => {
    // Signed in on this clock: the session made on the default one (before every edition) would have expired by now.
    await f.clock.set('2026-03-10T12:00:00.000Z');
    await f.app.deps.sql.execute('DELETE FROM audit_logs');
    await record('excessive_login_attempts', 'critical', '2026-03-03T11:59:00.000Z'); // 7 days and a minute ago
    await record('excessive_login_attempts', 'critical', '2026-03-03T12:01:00.000Z');
    await record('excessive_login_attempts', 'critical', '2026-03-09T08:00:00.000Z');
    await record('role_change', 'medium', '2026-03-09T09:00:00.000Z');
    const body = await readJson(await f.admin.b.get('/api/admin/dashboard'));
    expect(body.criticalEvents.total).toBe(2);
    expect(body.criticalEvents.items.map((r: { createdAt: string }) => r.createdAt)).toEqual(['2026-03-09T08:00:00.000Z', '2026-03-03T12:01:00.000Z']);
  });
});

describe('every action the server writes has Estonian words and a filter that finds it (issue 21)', () => {
  /** The action codes written anywhere under worker/: `action: '…'` literals and dotted audit-shaped ones. */
  function actionsInSource(): Set<string> {
    const found = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts')) {
          const text = readFileSync(path, 'utf8');
          for (const m of text.matchAll(/action: '([a-z_.]+)'/g)) found.add(m[1]!);
          for (const m of text.matchAll(/'((?:account|booking|guest|travellers|health_data|payment|invoice|customer|client|retreat|email|user|session|discount_code|gift_voucher|webhook)\.[a-z_]+)'/g)) {
            if (!/\.(db|ts|json|pdf)$/.test(m[1]!)) found.add(m[1]!);
          }
        }
      }
    };
    walk('worker');
    return found;
  }

  it('the vocabulary is exactly what the server writes', () => {
    expect([...actionsInSource()].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it('each has a label of its own and a filter option, and filtering by it finds its records', async () => {
    expect(new Set(Object.values(AUDIT_ACTION_LABELS)).size).toBe(AUDIT_ACTIONS.length);
    expect(AUDIT_ACTION_OPTIONS.map((o) => o.value)).toEqual([...AUDIT_ACTIONS]);
    for (const [i, action] of AUDIT_ACTIONS.entries()) {
      expect(AUDIT_ACTION_LABELS[action], action).toMatch(/^[A-ZÕÄÖÜŠŽ][^._]*$/);
      await record(action, 'low', `2026-01-01T10:${String(i).padStart(2, '0')}:00.000Z`);
    }
    for (const action of AUDIT_ACTIONS) {
      const { status, body } = await list(`?action=${action}`);
      expect(status, action).toBe(200);
      expect(body.items.map((r: { action: string }) => r.action), action).toEqual([action]);
    }
    const unknown = await list('?action=client.create');
    expect(unknown.status).toBe(422);
  });

  it("shows a record's details in words: field names, money, statuses, dates, never raw JSON", () => {
    expect(auditFieldLabel('totalAmountCents')).toBe('Summa');
    expect(auditValueText('totalAmountCents', 129900)).toBe(formatMoney(129900));
    expect(auditValueText('status', 'confirmed')).toBe('Kinnitatud');
    expect(auditValueText('paymentPlan', 'instalments')).toBe(PAYMENT_PLAN_LABELS.instalments);
    expect(auditValueText('passportNumber', { changed: true })).toBe('muudetud (väärtust ei salvestata)');
    expect(auditValueText('overrideCapacity', true)).toBe('Jah');
    expect(auditValueText('receivedOn', '2026-01-05')).toBe(formatDate('2026-01-05'));
    expect(auditValueText('companions', [{ first_name: 'Jaan', last_name: 'Tamm', age: 40 }])).toBe('Eesnimi: Jaan, Perekonnanimi: Tamm, Vanus: 40');
    expect(auditValueText('to', { id: 3, name: 'Märts' })).not.toMatch(/[{}"]/);
  });
});
