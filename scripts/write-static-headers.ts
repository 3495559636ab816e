// Post-build step: turns each page's Astro <meta> CSP into a header rule in dist/_headers, next to the security
// headers every static file gets. Workers static assets and the Node host both serve from that file.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { metaCspOf, renderHeadersFile, routeKeyForFile, sharedCsp } from '../worker/hosts/static-headers';

const dist = path.resolve(process.argv[2] ?? 'dist');
const files = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.html'));
const pages = await Promise.all(
  files.map(async (f) => ({ route: routeKeyForFile(f), metaCsp: metaCspOf(await readFile(path.join(dist, f), 'utf8')) })),
);
const missing = pages.filter((p) => !p.metaCsp).map((p) => p.route);
if (missing.length > 0) {
  console.error(`write-static-headers: no CSP <meta> in ${missing.join(', ')} (is security.csp on in astro.config?)`);
  process.exit(1);
}
if (!sharedCsp(pages)) {
  console.warn('write-static-headers: pages have different CSPs; on Workers, 404 pages for unknown paths get none');
}
await writeFile(path.join(dist, '_headers'), renderHeadersFile(pages));
console.log(`write-static-headers: ${pages.length} pages → dist/_headers`);
