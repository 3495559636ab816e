// npm run bench:build — the first build on a fresh clone: `npm run build`'s steps (Astro's build, the static headers,
// the worker's on-demand modules) from an empty cache (ASTRO_CACHE_DIR in a new temporary directory: no optimised
// images, no content store) into a temporary output, so the checkout's warm cache and dist/ stay as they are.
// Prints each step's seconds and the image optimisation's share; `--runs N` repeats it and prints the median.
// The README's figure for the first start is this one (issue 40: at most 30 s on a 2-core machine).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 1;
const BIN = path.resolve('node_modules/.bin');

function run(command: string, args: string[], env: Record<string, string>): Promise<{ seconds: number; output: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env, PATH: `${BIN}:${process.env.PATH}` }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output.slice(-3000)}`));
      else resolve({ seconds: (performance.now() - started) / 1000, output });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const totals: number[] = [];
for (let i = 1; i <= RUNS; i++) {
  const cache = await mkdtemp(path.join(tmpdir(), 'bench-build-cache-'));
  const out = await mkdtemp(path.join(tmpdir(), 'bench-build-dist-'));
  try {
    const env = { ASTRO_TELEMETRY_DISABLED: '1', ASTRO_CACHE_DIR: cache };
    const astro = await run('astro', ['build', '--outDir', out], env);
    // Astro prints "generating optimized images" and then the step's "✓ Completed in 11.33s."
    const images = /generating optimized images[\s\S]*?Completed in ([\d.]+)(m?s)/.exec(astro.output);
    const imageSeconds = images ? Number(images[1]) / (images[2] === 'ms' ? 1000 : 1) : NaN;
    const headers = await run('tsx', ['scripts/write-static-headers.ts', out], env);
    const lazy = await run('tsx', ['scripts/build-lazy-modules.ts'], env);
    const total = astro.seconds + headers.seconds + lazy.seconds;
    totals.push(total);
    console.log(
      `run ${i}: ${total.toFixed(1)} s in all — astro build ${astro.seconds.toFixed(1)} s (images ${imageSeconds.toFixed(1)} s), headers ${headers.seconds.toFixed(1)} s, on-demand modules ${lazy.seconds.toFixed(1)} s`,
    );
  } finally {
    await rm(cache, { recursive: true, force: true });
    await rm(out, { recursive: true, force: true });
  }
}
if (RUNS > 1) console.log(`median of ${RUNS}: ${median(totals).toFixed(1)} s`);
