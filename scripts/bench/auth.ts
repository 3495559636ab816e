// npm run bench:auth — 20 concurrent sign-ins for 10 s against the Node host while GET /api/health is loaded at the
// same time; prints sign-in p50/p99 and health p99. Argon2id must not block the event loop: health stays fast.
// Only successful answers count, and any refused sign-in fails the run (./load.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measureLoad, probe, runBenchmark } from './load';
import { startBenchServer } from './server';
import { migrateDatabase, openLocalClient } from '../../worker/db/migrate';
import { nodePasswordHasher } from '../../worker/hosts/passwords-node';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 4512);
const USERS = 200;
const PASSWORD = 'Bench12345';

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-auth-'));
const url = `file:${path.join(dir, 'bench.db')}`;
// Confirmed accounts made up front; each sign-in round-robins over them, so no e-mail meets the 3-per-15-min limit
// (a successful sign-in clears its e-mail's count anyway).
const client = openLocalClient(url);
await migrateDatabase(client);
const hash = await nodePasswordHasher.hash(PASSWORD);
const now = new Date().toISOString();
await client.batch(
  Array.from({ length: USERS }, (_, i) => ({
    sql: 'INSERT INTO users (id, email, password_hash, first_name, last_name, email_confirmed_at) VALUES (?, ?, ?, ?, ?, ?)',
    args: [crypto.randomUUID(), `bench${i}@example.com`, hash, 'Bench', 'User', now],
  })),
  'write',
);
client.close();

// One address signs in for everyone here: lift its per-IP sign-in limit, as the e2e suite does.
const server = await startBenchServer(PORT, { DATABASE_URL: url, RATE_LIMIT_SIGNIN: '1000000/1' });
const { origin } = server;

let next = 0;
await runBenchmark(async () => {
  try {
    console.log(`bench:auth — 20 sign-in connections + 10 health connections, ${DURATION_S} s, Node host on ${origin}\n`);
    const signIn = { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin } };
    await probe('POST /api/auth/signin', `${origin}/api/auth/signin`, { ...signIn, body: JSON.stringify({ email: 'bench0@example.com', password: PASSWORD }) });
    const [signins, health] = await Promise.all([
      measureLoad('POST /api/auth/signin', {
        url: origin,
        connections: 20,
        duration: DURATION_S,
        requests: [
          {
            ...signIn,
            path: '/api/auth/signin',
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ email: `bench${next++ % USERS}@example.com`, password: PASSWORD }) }),
          },
        ],
      }),
      measureLoad('GET /api/health meanwhile', { url: `${origin}/api/health`, connections: 10, duration: DURATION_S }),
    ]);
    const met = signins.p99 <= 200 && health.p99 <= 10;
    console.log(`goal: sign-in p99 ≤ 200 ms and health p99 ≤ 10 ms → ${met ? 'met' : 'NOT met'}`);
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
