import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The invoice PDF module (pdf-lib, fontkit, two fonts) is most of the worker's weight, so no request but one that
 * draws a PDF may load it (issue "Speed"): the worker reaches it only through `deps.invoicePdf`, which the Workers host
 * points at the on-demand module (worker/hosts/lazy/invoice-pdf.js) and the Node host at the source. One static import
 * anywhere else would fold it back into the worker every request loads; `npm run bench:worker-startup` weighs it.
 */
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'lazy' ? [] : files(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

describe('the worker loads the invoice PDF module on demand only', () => {
  it('no worker module imports it but the Node host (and the type of deps.invoicePdf)', () => {
    const importers = files('worker').filter((file) => {
      const source = readFileSync(file, 'utf8');
      return /(?:from\s+|import\(\s*)['"][./]*(?:domain\/invoices\/|invoices\/|\.\/)pdf['"]/.test(source) && !file.endsWith(path.join('invoices', 'pdf.ts'));
    });
    expect(importers.sort()).toEqual([path.join('worker', 'deps.ts'), path.join('worker', 'hosts', 'node.ts')]);
    // deps.ts only names its type.
    expect(readFileSync('worker/deps.ts', 'utf8')).toMatch(/typeof import\('\.\/domain\/invoices\/pdf'\)/);
  });

  it('the Workers host imports the on-demand module that wrangler.toml uploads beside it', () => {
    expect(readFileSync('worker/hosts/cloudflare.ts', 'utf8')).toContain("'./lazy/invoice-pdf.js'");
    expect(readFileSync('wrangler.toml', 'utf8')).toMatch(/find_additional_modules = true[\s\S]*globs = \["lazy\/\*\.js"\]/);
    expect(readFileSync('scripts/build-lazy-modules.ts', 'utf8')).toContain("'invoice-pdf': 'worker/domain/invoices/pdf.ts'");
  });

  it('the e-invoice module (issue 39) is reached the same way: deps.invoiceUbl only', () => {
    const importers = files('worker').filter((file) => /(?:from\s+|import\(\s*)['"][./]*(?:domain\/invoices\/|invoices\/|\.\/)ubl['"]/.test(readFileSync(file, 'utf8')) && !file.endsWith(path.join('invoices', 'ubl.ts')));
    expect(importers.sort()).toEqual([path.join('worker', 'deps.ts'), path.join('worker', 'hosts', 'node.ts')]);
    expect(readFileSync('worker/hosts/cloudflare.ts', 'utf8')).toContain("'./lazy/invoice-ubl.js'");
    expect(readFileSync('scripts/build-lazy-modules.ts', 'utf8')).toContain("'invoice-ubl': 'worker/domain/invoices/ubl.ts'");
  });

  it('the run sheets\' PDF module (issue 24) is reached the same way: deps.sheetsPdf only', () => {
    const importers = files('worker').filter((file) => /(?:from\s+|import\(\s*)['"][./]*(?:domain\/retreats\/sheets\/|sheets\/|\.\/)pdf['"]/.test(readFileSync(file, 'utf8')) && !file.endsWith(path.join('sheets', 'pdf.ts')));
    expect(importers.sort()).toEqual([path.join('worker', 'deps.ts'), path.join('worker', 'hosts', 'node.ts')]);
    expect(readFileSync('worker/hosts/cloudflare.ts', 'utf8')).toContain("'./lazy/sheets-pdf.js'");
    expect(readFileSync('scripts/build-lazy-modules.ts', 'utf8')).toContain("'sheets-pdf': 'worker/domain/retreats/sheets/pdf.ts'");
  });
});
