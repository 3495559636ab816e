// Post-build step (on Astro's fresh output): turns each page's Astro <meta> CSP into its header rule in dist/_headers,
// next to the security headers every static file gets, and drops the <meta> from the page (the header carries it;
// the not-found pages keep theirs: worker/hosts/static-headers.ts). Workers static assets and the Node host both
// serve from that file.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isNotFoundRoute, metaCspOf, narrowedCsp, renderHeadersFile, routeKeyForFile, withoutMetaCsp } from '../worker/hosts/static-headers';

const dist = path.resolve(process.argv[2] ?? 'dist');
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');
/** Cloudflare's limit on a header value in `_headers`. */
const MAX_HEADER_VALUE = 2000;
const files = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.html'));
const pages = await Promise.all(
  files.map(async (f) => {
    const html = await readFile(path.join(dist, f), 'utf8');
    const meta = metaCspOf(html);
    const metaCsp = meta && !html.includes('<astro-island') ? narrowedCsp(meta, html, sha256) : meta;
    return { file: f, html, route: routeKeyForFile(f), metaCsp };
  }),
);
const missing = pages.filter((p) => !p.metaCsp).map((p) => p.route);
if (missing.length > 0) {
  console.error(`write-static-headers: no CSP <meta> in ${missing.join(', ')} (is security.csp on in astro.config?)`);
  process.exit(1);
}
const file = renderHeadersFile(pages);
// Cloudflare drops a header longer than 2,000 characters (and workerd with it): the site-wide policy would be gone
// from every path. Fail the build instead (a new pruned page adds a style hash: see scripts/astro/page-css.mjs).
const tooLong = file.split('\n').filter((line) => line.trim().length - line.trim().indexOf(':') - 2 > MAX_HEADER_VALUE);
if (tooLong.length > 0) {
  console.error(`write-static-headers: a header value is over ${MAX_HEADER_VALUE} characters, which Cloudflare drops: ${tooLong.map((l) => l.trim().slice(0, 60)).join(' | ')}`);
  process.exit(1);
}
await writeFile(path.join(dist, '_headers'), file);
await Promise.all(pages.filter((p) => !isNotFoundRoute(p.route)).map((p) => writeFile(path.join(dist, p.file), withoutMetaCsp(p.html))));
console.log(`write-static-headers: ${pages.length} pages → dist/_headers`);
