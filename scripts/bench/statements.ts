// npm run bench:statements — a bank statement's import at scale (issue "Collect"): 50,000 priced bookings loaded
// into a fresh database file, the Node host started on it as `npm start` does, an admin signed in over HTTP, then
// several 1,000-transaction camt.053 statements uploaded one after another, each paying other bookings (by the
// structured reference, by the number in the text, partly, in full, and some payments out). Prints the time of each
// upload (parse, match, one write batch, the answer) and the goal: ≤ 2 s per statement on a 2-core machine. Every
// upload must answer 201 with the outcome the statement was made for, else the run fails (./load.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { StatementImportResult } from '../../src/lib/admin/bank-statements';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { camt053, type GeneratedTx } from '../../tests/helpers/bank-statements';
import { migrateDatabase, openLocalClient } from '../../worker/db/migrate';
import { benchAdmin, signInBenchAdmin } from './admin-account';
import { BenchmarkFailed, runBenchmark } from './load';
import { ms, startBenchServer } from './server';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 50_000);
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4514);
const GOAL_MS = 2_000;
const OWED = 129_900;

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-statements-'));
const url = `file:${path.join(dir, 'bench.db')}`;

/** Guests and their bookings (ids 1..BOOKINGS), each owing 1 299 €, made by SQL in a few statements. */
async function load() {
  const client = openLocalClient(url);
  await migrateDatabase(client);
  const started = performance.now();
  const { rows: adminRows } = await benchAdmin();
  await client.batch(
    [
      ...adminRows,
      {
        sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
              INSERT INTO guests (id, first_name, last_name, email, created_at, updated_at)
              SELECT 'g' || i, 'Mari', 'Tamm ' || i, 'mari.' || i || '@example.com', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM n`,
        args: [BOOKINGS],
      },
      {
        sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
              INSERT INTO bookings (id, guest_id, status, payment_status, room_type, total_amount_cents, booking_date, created_at, updated_at)
              SELECT i, 'g' || i, 'confirmed', 'pending', 'shared', ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM n`,
        args: [BOOKINGS, OWED],
      },
    ],
    'write',
  );
  client.close();
  return (performance.now() - started) / 1000;
}

/**
 * Run `run`'s statement: ROWS transactions for bookings no other run touches, spread over the whole table. Every
 * tenth is a payment out; of the rest, every fifth names its booking only in the text, every third pays in full.
 */
function statement(run: number): { xml: string; expected: { paid: number; debit: number } } {
  const txs: GeneratedTx[] = [];
  let paid = 0;
  let debit = 0;
  for (let i = 0; i < ROWS; i++) {
    const bookingId = 1 + ((run * ROWS + i) * 7919) % BOOKINGS;
    const base = { bookedOn: '2026-04-02', archiveId: `BENCH${run}-${i}`, payerName: `Mari Tamm ${bookingId}`, payerAccount: 'EE471000001020145685' };
    if (i % 10 === 9) {
      txs.push({ ...base, direction: 'debit', amountCents: 1_500 + i, payerName: 'Telia Eesti AS', text: `Arve ${i}` });
      debit++;
      continue;
    }
    const amountCents = i % 3 === 0 ? OWED : 30_000;
    const reference = bookingReferenceNumber(bookingId);
    txs.push(i % 5 === 4 ? { ...base, amountCents, text: `Retriit, viitenumber ${reference}` } : { ...base, amountCents, reference, text: 'Retriit' });
    paid++;
  }
  return { xml: camt053(txs), expected: { paid, debit } };
}

const seconds = await load();
const server = await startBenchServer(PORT, { DATABASE_URL: url, RATE_LIMIT_SIGNIN: '1000000/1' });
const { origin } = server;

await runBenchmark(async () => {
  try {
    console.log(`bench:statements — ${BOOKINGS.toLocaleString('en')} bookings loaded in ${seconds.toFixed(1)} s; ${RUNS} camt.053 statements of ${ROWS.toLocaleString('en')} transactions, uploaded over HTTP to the Node host\n`);
    const cookie = await signInBenchAdmin(origin);

    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { xml, expected } = statement(run);
      const form = new FormData();
      form.set('file', new Blob([xml]), `bench-${run}.xml`);
      const t0 = performance.now();
      const res = await fetch(`${origin}/api/admin/bank-statements`, { method: 'POST', headers: { Cookie: cookie, Origin: origin }, body: form });
      const body = await res.text();
      const elapsed = performance.now() - t0;
      if (res.status !== 201) throw new BenchmarkFailed(`upload ${run}: ${res.status} ${body.slice(0, 300)}`);
      const { totals } = JSON.parse(body) as StatementImportResult;
      const paid = totals.matched.count + totals.partial.count + totals.overpaid.count;
      if (paid !== expected.paid || totals.debit.count !== expected.debit) {
        throw new BenchmarkFailed(`upload ${run}: ${paid} paid and ${totals.debit.count} debits, expected ${expected.paid} and ${expected.debit} (${JSON.stringify(totals)})`);
      }
      times.push(elapsed);
      console.log(`statement ${run + 1}: ${ms(elapsed)}  (${(xml.length / 1024).toFixed(0)} KB; ${paid} payments, ${totals.debit.count} debits, ${totals.review.count} to review)`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const worst = sorted.at(-1)!;
    console.log(`\nper statement: median ${ms(sorted[Math.floor(sorted.length / 2)]!).trim()}, worst ${ms(worst).trim()}; goal ≤ ${GOAL_MS} ms: ${worst <= GOAL_MS ? 'met' : 'NOT met'}`);
    if (worst > GOAL_MS) process.exitCode = 1;
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
