// npm run bench:worker-startup — what every request to the edge pays before the worker answers: the worker is built
// as `wrangler deploy` would upload it (`npm run build:worker`, dist/ needed for its assets), its modules are weighed
// (those under lazy/ are loaded only by the requests that use them), and wrangler's own start-up profile is taken
// several times (`wrangler check startup`, workerd on this machine) to print the median CPU time of the start-up.
// Fails when the code every request loads is over its budget (issue "Speed": 300 KB gzipped).
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EAGER_BUDGET_KB = 300;
const wrangler = path.resolve('node_modules/.bin/wrangler');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-startup-'));
try {
  execFileSync('npx', ['tsx', 'scripts/build-lazy-modules.ts'], { env, stdio: 'inherit' });
  execFileSync(wrangler, ['deploy', '--dry-run', '--outdir', dir], { env, stdio: 'ignore' });
  let eager = 0;
  let lazy = 0;
  for (const file of (await readdir(dir, { recursive: true })).filter((f) => /\.(m?js|wasm)$/.test(f)).sort()) {
    const gz = gzipSync(await readFile(path.join(dir, file)), { level: 9 }).length / 1024;
    const isLazy = file.startsWith(`lazy${path.sep}`) || file.startsWith('lazy/');
    if (isLazy) lazy += gz;
    else eager += gz;
    console.log(`${file.padEnd(48)} ${gz.toFixed(1).padStart(7)} KiB gz  ${isLazy ? 'loaded by the requests that use it' : 'loaded by every request'}`);
  }

  const active: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const out = execFileSync(wrangler, ['check', 'startup', '--outfile', path.join(dir, `startup-${i}.cpuprofile`)], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const ms = /Active:\s*([\d.]+)\s*ms/.exec(out)?.[1];
    if (!ms) throw new Error(`wrangler check startup printed no start-up time:\n${out.slice(-800)}`);
    active.push(Number(ms));
  }
  active.sort((a, b) => a - b);
  console.log(`\nstart-up CPU (wrangler check startup, ${RUNS} runs): median ${active[Math.floor(RUNS / 2)]!.toFixed(1)} ms, min ${active[0]!.toFixed(1)} ms, max ${active.at(-1)!.toFixed(1)} ms`);
  console.log(`loaded by every request: ${eager.toFixed(1)} KiB gz (budget ${EAGER_BUDGET_KB}); on demand: ${lazy.toFixed(1)} KiB gz`);
  if (eager > EAGER_BUDGET_KB) {
    console.error(`benchmark FAILED: the code every request loads is over its budget`);
    process.exitCode = 1;
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
