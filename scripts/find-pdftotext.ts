/**
 * Makes sure poppler's `pdftotext` is there for the invoice tests, which read the PDFs the server makes with it
 * (tests/api/admin-invoices.test.ts, tests/workerd/invoice-pdf.test.ts). When it is missing and this runs as root on
 * Debian, installs poppler-utils with apt-get (as scripts/find-browser.ts does for Chromium); otherwise one line
 * says what to install.
 *
 *   npx tsx scripts/find-pdftotext.ts
 */
import { spawnSync } from 'node:child_process';

const works = () => spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).status === 0;

function aptGet(args: string[]): boolean {
  const result = spawnSync('apt-get', args, { stdio: ['ignore', process.stderr, 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, timeout: 10 * 60_000 });
  return result.status === 0;
}

if (!works()) {
  const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (canInstall) {
    console.error('find-pdftotext: installing poppler-utils with apt-get');
    if (!aptGet(['install', '-y', '-qq', 'poppler-utils'])) aptGet(['update', '-qq']) && aptGet(['install', '-y', '-qq', 'poppler-utils']);
  }
  if (!works()) {
    console.error('No pdftotext for the invoice tests: install poppler-utils (Debian/Ubuntu: sudo apt-get install poppler-utils; macOS: brew install poppler).');
    process.exit(1);
  }
}
