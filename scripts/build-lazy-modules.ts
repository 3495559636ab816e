// Builds the worker's on-demand modules (issue "Speed"): code only a few requests use, bundled on its own into
// worker/hosts/lazy/, which wrangler.toml uploads beside the worker as additional modules and the Workers host imports
// on first use (worker/hosts/cloudflare.ts). Today one: the invoice PDF (pdf-lib, fontkit and two fonts, most of what
// the worker weighed). Bundled the way wrangler bundles the worker itself (ES module, the workerd/worker/browser
// package conditions, minified), so the module runs in workerd exactly as it did inside the worker. The Node host
// imports the TypeScript source instead and needs none of this.
import { build } from 'esbuild';
import path from 'node:path';

const OUT_DIR = path.resolve('worker/hosts/lazy');

const MODULES: Record<string, string> = {
  'invoice-pdf': 'worker/domain/invoices/pdf.ts',
  // The run sheets (issue 24): the same stack and font, its own module so an invoice does not load the sheets.
  'sheets-pdf': 'worker/domain/retreats/sheets/pdf.ts',
  // The e-invoice (issue 39): small, but only the few routes that make one need it.
  'invoice-ubl': 'worker/domain/invoices/ubl.ts',
  // Issue 41: the OpenAPI document's generator (GET /api/openapi.json, admins only).
  openapi: 'worker/http/openapi.ts',
};

for (const [name, entry] of Object.entries(MODULES)) {
  await build({
    entryPoints: [path.resolve(entry)],
    outfile: path.join(OUT_DIR, `${name}.js`),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    minify: true,
    legalComments: 'eof',
    logLevel: 'warning',
  });
}
