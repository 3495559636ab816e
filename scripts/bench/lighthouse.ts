// npm run bench:lighthouse — Lighthouse (mobile, simulated throttling) in the tests' Chromium against the Node host
// serving dist/, on the main content pages. Prints the four category scores and LCP / TBT / CLS per page.
// Build first (`npm run build`). Pages: pass paths as arguments to override the default list.
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startNodeServer } from '../../worker/hosts/node';
import { requireBrowser } from '../find-browser';

const PAGES = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/', '/galerii', '/kkk', '/kliendikogemused', '/kehahooldus'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const chromePath = await requireBrowser();
const server = await startNodeServer({
  port: 0,
  hostname: '127.0.0.1',
  databaseUrl: `file:${path.join(os.tmpdir(), `retreat-lighthouse-${process.pid}.db`)}`,
  distDir: path.resolve('dist'),
  env: {},
  environment: 'production',
  adminSetupToken: 'lighthouse-bench',
  backgroundIntervalMs: 0,
  log: () => {},
});
const chrome = await launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
});

const rows: string[] = [];
let allPerfect = true;
try {
  for (const page of PAGES) {
    const url = `${server.url.replace('localhost', '127.0.0.1')}${page}`;
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      // A page Lighthouse could not load has no scores: the run fails.
      process.exitCode = 1;
      allPerfect = false;
      rows.push(`${page.padEnd(20)} failed: ${runtimeError.code} ${runtimeError.message}`);
      continue;
    }
    const scores = CATEGORIES.map((c) => Math.round((categories[c]?.score ?? 0) * 100));
    if (scores.some((s) => s < 100)) allPerfect = false;
    const ms = (id: string) => `${Math.round(audits[id]?.numericValue ?? NaN)} ms`;
    rows.push(
      `${page.padEnd(20)} ${scores.map((s) => String(s).padStart(4)).join(' ')}   LCP ${ms('largest-contentful-paint').padStart(8)}  TBT ${ms('total-blocking-time').padStart(7)}  CLS ${(audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)}`,
    );
    const failing = Object.values(audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable');
    for (const a of failing.slice(0, 8)) rows.push(`${''.padEnd(22)}- ${a.id}: ${a.displayValue ?? a.title}`);
  }
} finally {
  chrome.kill();
  await server.close();
}
console.log(`${'page'.padEnd(20)} perf a11y  bp  seo`);
for (const r of rows) console.log(r);
console.log(allPerfect ? '\nall pages 100/100/100/100' : '\nsome scores below 100 (see the audits listed under each page)');
