/**
 * Everything outside the worker in the workerd end-to-end tests (vitest project `workerd-e2e`), answered in Node
 * through miniflare's `outboundService`: every fetch the worker or a test makes from inside workerd lands here.
 *
 * - `http://libsql.test` (the worker's DATABASE_URL): the test Hrana server (./hrana-server) on a temporary
 *   database migrated by the project's own migrations, as Turso is reached in production;
 * - `http://roundtrips.libsql.test`: the same database, 150 ms away, its HTTP requests counted, and those answered
 *   (issue 40): the worker of the `workerd-roundtrips` project reaches it there, alone, so the counts are that
 *   worker's;
 * - `https://api.sendgrid.com/v3/mail/send`: a SendGrid stand-in that records each mail and answers 202, or 503 for
 *   recipients a test told it to fail;
 * - `http://montonio.test` (the worker's MONTONIO_API_URL): the Montonio stand-in (../mocks/montonio), which checks
 *   the worker's order JWT and answers `uuid` and `paymentUrl`; the tests sign the notifications themselves;
 * - `http://control.test`: for the tests, `GET /mails?to=` (what the SendGrid stand-in got for an address) and
 *   `POST /sendgrid` `{ to, fail }` (fail, or accept again, mails to an address). Per address rather than a global
 *   switch, so test files running side by side do not trip each other.
 *
 * Tests query the database through the Hrana server itself, with `@libsql/client/web`.
 */
import { rmSync } from 'node:fs';
import { startMontonioStub, type MontonioStatus } from '../mocks/montonio';
import { createMigratedHranaServer } from './hrana-server';

/** The counted database's latency: a Turso primary far from the edge (issue 40). */
const FAR_REGION_MS = 150;

export const E2E_HOSTS = {
  database: 'libsql.test',
  countedDatabase: 'roundtrips.libsql.test',
  sendgrid: 'api.sendgrid.com',
  montonio: 'montonio.test',
  control: 'control.test',
} as const;

/** A mail as the SendGrid stand-in received it. */
export interface RecordedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  authorization: string | null;
}

interface SendGridBody {
  personalizations: { to: { email: string }[] }[];
  from: { email: string; name?: string };
  subject: string;
  content: { type: string; value: string }[];
}

export async function startWorkerdE2eBackend({ databaseToken, montonio: keys }: { databaseToken: string; montonio: { accessKey: string; secretKey: string } }) {
  const database = await createMigratedHranaServer({ authToken: databaseToken });
  const montonio = await startMontonioStub(keys);
  // Vitest ends the process without a teardown hook for a config's own helpers: remove the files on exit.
  process.once('exit', () => {
    database.server.close();
    void montonio.close();
    rmSync(database.dir, { recursive: true, force: true });
  });

  const mails: RecordedMail[] = [];
  const failing = new Set<string>();
  /** HTTP requests the database got at the counted address, and those it has answered. */
  let databaseRequests = 0;
  let databaseAnswers = 0;

  async function sendgrid(request: Request): Promise<Response> {
    if (request.method !== 'POST' || new URL(request.url).pathname !== '/v3/mail/send') return new Response(null, { status: 404 });
    const body = (await request.json()) as SendGridBody;
    const to = body.personalizations[0]?.to[0]?.email ?? '';
    if (failing.has(to.toLowerCase())) return Response.json({ errors: [{ message: 'Service Unavailable' }] }, { status: 503 });
    const part = (type: string) => body.content.find((c) => c.type === type)?.value ?? '';
    mails.push({ to, from: body.from.email, subject: body.subject, text: part('text/plain'), html: part('text/html'), authorization: request.headers.get('Authorization') });
    return new Response(null, { status: 202 });
  }

  async function control(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/mails') {
      const to = url.searchParams.get('to')?.toLowerCase();
      return Response.json(mails.filter((m) => to === undefined || m.to.toLowerCase() === to));
    }
    if (request.method === 'GET' && url.pathname === '/database-requests') return Response.json({ count: databaseRequests, answered: databaseAnswers });
    if (request.method === 'POST' && url.pathname === '/sendgrid') {
      const { to, fail } = (await request.json()) as { to: string; fail: boolean };
      if (fail) failing.add(to.toLowerCase());
      else failing.delete(to.toLowerCase());
      return new Response(null, { status: 204 });
    }
    if (request.method === 'POST' && url.pathname === '/montonio/status') {
      // The order changes at Montonio without telling the shop (the notification is late).
      const { uuid, status } = (await request.json()) as { uuid: string; status: MontonioStatus };
      montonio.setStatus(uuid, status);
      return new Response(null, { status: 204 });
    }
    return new Response(null, { status: 404 });
  }

  return {
    async fetch(request: Request): Promise<Response> {
      const { host } = new URL(request.url);
      if (host === E2E_HOSTS.database) return database.server.fetch(request);
      if (host === E2E_HOSTS.countedDatabase) {
        databaseRequests++;
        // A far region's round trip: a request made as the worker answers is still under way when the test asks.
        await new Promise((resolve) => setTimeout(resolve, FAR_REGION_MS));
        const res = await database.server.fetch(request);
        databaseAnswers++;
        return res;
      }
      if (host === E2E_HOSTS.sendgrid) return sendgrid(request);
      if (host === E2E_HOSTS.montonio) {
        const { pathname, search } = new URL(request.url);
        const body = request.method === 'GET' ? undefined : await request.text();
        return fetch(`${montonio.url}${pathname}${search}`, { method: request.method, headers: request.headers, body });
      }
      if (host === E2E_HOSTS.control) return control(request);
      // Nothing else is reachable: a test that would go out to the internet fails loudly instead.
      return new Response(`workerd-e2e: no outbound route to ${host}`, { status: 502 });
    },
  };
}
