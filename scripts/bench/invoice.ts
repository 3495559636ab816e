// npm run bench:invoice — how long one invoice PDF takes to make (the sample in ./invoice-sample: six lines, Estonian
// letters, two embedded font subsets), on Node in this process and inside workerd (wrangler's local runtime, the
// same engine as production Workers). Prints p50/p95 per PDF and its size; the workerd figure is the request time
// minus the median of an empty request.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unstable_dev } from 'wrangler';
import { renderInvoicePdf } from '../../worker/domain/invoices/pdf';
import { SAMPLE_INVOICE } from './invoice-sample';
import { ms } from './server';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const WARMUP = 10;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted.at(-1)! };
};

async function timeEach(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

const row = (label: string, s: { p50: number; p95: number; max: number }, extra = '') =>
  console.log(`${label.padEnd(34)} p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)}${extra}`);

console.log(`Invoice PDF, ${SAMPLES} samples after ${WARMUP} warm-up runs each\n`);
const first = performance.now();
const bytes = await renderInvoicePdf(SAMPLE_INVOICE);
const coldMs = performance.now() - first;
const node = summary(await timeEach(() => renderInvoicePdf(SAMPLE_INVOICE)));
row('Node (in process)', node, `  size ${(bytes.length / 1024).toFixed(1)} KB, first ${ms(coldMs).trim()}`);

// A config of its own with the production worker's compatibility date (the site's wrangler.toml wants dist/ built).
const compatibilityDate = /compatibility_date\s*=\s*"([^"]+)"/.exec(readFileSync('wrangler.toml', 'utf8'))?.[1];
const configDir = await mkdtemp(path.join(os.tmpdir(), 'bench-invoice-'));
const entry = path.resolve('scripts/bench/invoice-worker.ts');
await writeFile(path.join(configDir, 'wrangler.toml'), `name = "bench-invoice"\nmain = ${JSON.stringify(entry)}\ncompatibility_date = "${compatibilityDate}"\n`);
const worker = await unstable_dev(entry, {
  config: path.join(configDir, 'wrangler.toml'),
  experimental: { disableExperimentalWarning: true },
  logLevel: 'warn',
} as Parameters<typeof unstable_dev>[1]);
try {
  // A failed answer fails the benchmark: its time would be the error's, not the PDF's.
  const ok = async (path: string) => {
    const res = await worker.fetch(path);
    if (!res.ok) throw new Error(`workerd ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return res.arrayBuffer();
  };
  const empty = summary(await timeEach(() => ok('/empty')));
  const pdf = summary(await timeEach(() => ok('/')));
  row('workerd (request, empty)', empty);
  row('workerd (request, one PDF)', pdf);
  row('workerd (PDF alone: minus empty p50)', { p50: pdf.p50 - empty.p50, p95: pdf.p95 - empty.p50, max: pdf.max - empty.p50 });
  console.log(`\nworkerd / Node at p50: ${((pdf.p50 - empty.p50) / node.p50).toFixed(2)}×`);
} finally {
  await worker.stop();
  await rm(configDir, { recursive: true, force: true });
}
