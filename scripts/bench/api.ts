// npm run bench:api — autocannon against the Node host on the embedded libSQL file: POST /api/bookings with a
// unique e-mail per request, then GET /api/health; 50 connections, 10 s each. The server runs in its own process
// (as `npm start` runs it); confirmation e-mails go to a local SendGrid stub, so each booking also sends its mail.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { measureDbCeiling } from './db-ceiling';
import { ms, startBenchServer } from './server';
import { startSendGridStub } from '../../tests/mocks/sendgrid';
import { validBooking } from '../../tests/helpers/booking-fixtures';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 4511);

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-api-'));
const stub = await startSendGridStub();
const server = await startBenchServer(PORT, {
  DATABASE_URL: `file:${path.join(dir, 'bench.db')}`,
  // One address sends everything here: lift its limit, but keep the limiter's work per request realistic.
  RATE_LIMIT_BOOKINGS: '1000000/1',
  SENDGRID_API_KEY: 'SG.bench',
  SENDGRID_API_URL: stub.url,
});
const { origin } = server;

function report(name: string, r: Awaited<ReturnType<typeof autocannon>>) {
  console.log(
    `${name.padEnd(22)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${ms(r.latency.p50)}   p99 ${ms(r.latency.p99)}   ` +
      `${r.requests.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`,
  );
}

try {
  console.log(`bench:api — ${CONNECTIONS} connections, ${DURATION_S} s per endpoint, Node host on ${origin}\n`);
  const bookings = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        path: '/api/bookings',
        headers: { 'Content-Type': 'application/json', Origin: origin },
        setupRequest: (req) => ({ ...req, body: JSON.stringify(validBooking()) }),
      },
    ],
  });
  report('POST /api/bookings', bookings);
  if (process.env.BENCH_ONLY !== 'bookings') {
    const health = await autocannon({ url: `${origin}/api/health`, connections: CONNECTIONS, duration: DURATION_S });
    report('GET /api/health', health);
  }
  console.log(`\nconfirmation e-mails accepted by the SendGrid stub: ${stub.received.length}`);
  // The yardstick, measured in the same run (the machine's noise hits both): libSQL alone, booking-shaped batches.
  const ceiling = await measureDbCeiling(CONNECTIONS, DURATION_S * 1000);
  const ratio = bookings.requests.average / ceiling;
  console.log(`libSQL ceiling: ${ceiling.toFixed(0)} booking batches/s (${CONNECTIONS} writers, one client, WAL file, no HTTP)`);
  console.log(`POST /api/bookings reaches ${(ratio * 100).toFixed(0)} % of it (goal ≥ 50 %) → ${ratio >= 0.5 ? 'met' : 'NOT met'}`);
  console.log(`goal: ≥ 500 bookings/s with p99 ≤ 50 ms → ${bookings.requests.average >= 500 && bookings.latency.p99 <= 50 ? 'met' : 'NOT met'}`);
} finally {
  await server.stop();
  await stub.close();
  await rm(dir, { recursive: true, force: true });
}
