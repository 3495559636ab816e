import { createClient as createWebClient } from '@libsql/client/web';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db';
import { reportingUnavailability } from '../../worker/db/availability';
import { unavailableClient } from '../../worker/db/unavailable-client';
import { useApiFixture } from '../helpers/api-fixture';
import { validBooking } from '../helpers/booking-fixtures';
import { readJson } from '../helpers/http';

/**
 * A database that cannot be reached answers 503 `db_unavailable` on every route that needs it (try again later),
 * not 500 (a bug). The hosts wrap their client with reportingUnavailability; here the app's client is swapped for
 * one that fails the way production ones do.
 */
const f = useApiFixture();

function useDatabase(client: ReturnType<typeof reportingUnavailability>) {
  f.app.deps.sql = client;
  f.app.deps.db = createDb(client);
}

async function expectUnavailable(res: Response) {
  expect(res.status).toBe(503);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(res.headers.get('retry-after')).toBe('30');
  const body = await readJson(res);
  expect(body.error).toMatchObject({ code: 'db_unavailable', message: expect.stringContaining('Andmebaas') });
}

describe('database unreachable', () => {
  it('over HTTP (Turso down, the network cut): every database route answers 503 db_unavailable', async () => {
    // Nothing listens on port 1: the web client's fetch fails, as with a Turso outage.
    useDatabase(reportingUnavailability(createWebClient({ url: 'http://127.0.0.1:1' })));

    await expectUnavailable(await f.app.post('/api/bookings', validBooking()));
    await expectUnavailable(await f.app.post('/api/contact', { name: 'Mari Tamm', email: 'mari@example.com', message: 'Tere, kas vabu kohti on?' }));
    await expectUnavailable(await f.app.post('/api/auth/signup', { email: 'uus@example.com', password: 'Salasona1', firstName: 'Uus', lastName: 'Kasutaja' }));
    await expectUnavailable(await f.app.post('/api/auth/signin', { email: 'uus@example.com', password: 'Salasona1' }));
    await expectUnavailable(await f.admin.b.get('/api/admin/bookings'));
    expect((await fetch(`${f.app.origin}/api/health`)).status).toBe(503);
    expect(f.app.logs.some((l) => l.msg === 'unhandled exception')).toBe(false);
  });

  it('with no usable DATABASE_URL (the worker boots with a stand-in client): 503 as well', async () => {
    useDatabase(reportingUnavailability(unavailableClient(new Error('DATABASE_URL is not set'))));
    await expectUnavailable(await f.app.post('/api/bookings', validBooking()));
    await expectUnavailable(await f.app.post('/api/auth/signin', { email: 'kes@example.com', password: 'Salasona1' }));
  });

  it('a statement the database refuses (a bug, not an outage) is still a 500', async () => {
    await f.app.deps.sql.execute('DROP TABLE contact_messages');
    const res = await f.app.post('/api/contact', { name: 'Mari Tamm', email: 'mari@example.com', message: 'Tere, kas vabu kohti on?' });
    expect(res.status).toBe(500);
    expect((await readJson(res)).error.code).toBe('internal_error');
  });
});
