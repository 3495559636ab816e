import { APP_SHELL_ROUTES } from '../http/app-shell';
import { SECURITY_HEADERS } from '../http/security-headers';

/**
 * The Cloudflare `_headers` format, shared by the build (which writes dist/_headers) and the Node host (which reads
 * it the way Workers static assets do), so both hosts send the same headers for the same static file. Rules are
 * exact paths or prefixes ending in `*`; every matching rule applies, and a header named by several of them gets
 * their values joined with a comma, as on Cloudflare. The writer repeats a header only where that join is meant.
 * A rule may also detach a header the broader rules give (`! Name`, Cloudflare's syntax): `detach` holds those names.
 */
export type HeaderRules = { pattern: string; headers: [string, string][]; detach?: string[] }[];

/** The URL path a built HTML file answers to: index.html → /, kkk.html → /kkk, a/index.html → /a. */
export function routeKeyForFile(relativePath: string): string {
  const posix = `/${relativePath.replace(/\\/g, '/').replace(/^\/+/, '')}`;
  const withoutExt = posix.replace(/\.html$/, '');
  const withoutIndex = withoutExt.replace(/\/index$/, '');
  return withoutIndex === '' ? '/' : withoutIndex;
}

const META_TAG = /<meta\b[^>]*http-equiv\s*=\s*["']?content-security-policy["']?[^>]*>/i;
const CONTENT_ATTR = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

function decodeEntities(value: string): string {
  return value
    .replace(/&#39;|&#x27;|&apos;/gi, "'")
    .replace(/&quot;|&#34;/gi, '"')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&amp;/gi, '&');
}

/** The policy of a page's <meta http-equiv="content-security-policy">, whatever the attribute order or quoting. */
export function metaCspOf(html: string): string | null {
  const tag = META_TAG.exec(html)?.[0];
  const match = tag ? CONTENT_ATTR.exec(tag) : null;
  const value = match?.[1] ?? match?.[2];
  return value === undefined ? null : decodeEntities(value);
}

/**
 * A page's header policy: the policy Astro wrote into the page's <meta> (script and style hashes included) plus
 * frame-ancestors, which browsers ignore in <meta>.
 */
export function pageCsp(metaPolicy: string): string {
  const directives = metaPolicy
    .split(';')
    .map((d) => d.trim().replace(/\s+/g, ' '))
    .filter((d) => d !== '' && !d.startsWith('frame-ancestors'));
  return [...directives, "frame-ancestors 'none'"].join('; ');
}

/**
 * Headers particular to a page. The pages that links with a secret land on send no Referer anywhere (DESIGN.md
 * section 5): /auth (e-mailed confirmation and reset links) and the first-admin screens (the setup link). The value
 * is joined to the site-wide one with a comma ("strict-origin-when-cross-origin, no-referrer"), and browsers apply
 * the last policy they understand.
 */
const NO_REFERRER = { 'Referrer-Policy': 'no-referrer' };
export const ROUTE_HEADERS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '/auth': NO_REFERRER,
  '/create-main-admin': NO_REFERRER,
  '/admin-setup': NO_REFERRER,
};

/**
 * A not-found page: `/404`, or a folder's own (`/kogemus/404`). On Workers (and the Node host, as Workers does) a path
 * with no file is answered with the nearest one under the requested path, which no header rule can name without
 * naming every page under it; these pages therefore keep their policy in their <meta>, where the browser applies it
 * whatever the path (frame-ancestors, which a <meta> cannot carry, has its twin in X-Frame-Options: DENY).
 */
export const isNotFoundRoute = (route: string): boolean => route === '/404' || route.endsWith('/404');

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const HASH_SOURCE = /^'sha256-[A-Za-z0-9+/=]+'$/;

/**
 * The policy of a page that draws nothing in the browser (no island), narrowed to the hashes of the inline scripts
 * and stylesheets its HTML holds (templates included): Astro lists every page's hashes in every page's policy, and
 * on a content page the others admit nothing but weigh 0.6 KB of the page's first round trip (issue 40). A page with
 * an island keeps Astro's whole policy: React Aria adds its own <style> elements at run time (astro.config.mjs).
 * `sha256` gives a hash source for a text (Web Crypto on Workers, node:crypto in the build).
 */
export function narrowedCsp(policy: string, html: string, sha256: (text: string) => string): string {
  const present = new Set([...html.matchAll(INLINE_SCRIPT), ...html.matchAll(INLINE_STYLE)].map((m) => `'sha256-${sha256(m[1]!)}'`));
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name, ...sources.filter((source) => !HASH_SOURCE.test(source) || present.has(source))].join(' ');
    })
    .join('; ');
}

/** The page without its CSP <meta>: its policy travels as the page's header (see `renderHeadersFile`). */
export function withoutMetaCsp(html: string): string {
  return html.replace(META_TAG, '');
}

/**
 * The `_headers` file: the security headers on every path; the build's hashed assets cached for a year; each page its
 * own policy (Astro's, from its <meta>, plus frame-ancestors) and whatever `ROUTE_HEADERS` gives it. Exactly one policy
 * per page path, and the page's own: a site-wide one besides it would be joined to it (Cloudflare) and enforced as
 * well, and the union of every page's hashes (1.8 KB) made the headers alone a sixth of a small page's first round
 * trip (issue 40). The pages then need no <meta> copy (scripts/write-static-headers.ts drops it), but the not-found
 * pages, which answer paths no rule names (`isNotFoundRoute`).
 */
export function renderHeadersFile(pages: { route: string; metaCsp: string | null }[]): string {
  const rules: HeaderRules = [
    { pattern: '/*', headers: Object.entries(SECURITY_HEADERS) },
    { pattern: '/_astro/*', headers: [['Cache-Control', 'public, max-age=31536000, immutable']] },
  ];
  for (const page of [...pages].sort((a, b) => a.route.localeCompare(b.route))) {
    const headers: [string, string][] = Object.entries(ROUTE_HEADERS[page.route] ?? {});
    if (page.metaCsp) headers.push(['Content-Security-Policy', pageCsp(page.metaCsp)]);
    if (headers.length > 0) {
      rules.push({ pattern: page.route, headers });
      // On Workers the request path, not the file, picks the rule: /admin/bookings/7 is answered by the shell.
      if (APP_SHELL_ROUTES.includes(page.route)) rules.push({ pattern: `${page.route}/*`, headers });
    }
  }
  return rules.map((r) => [r.pattern, ...r.headers.map(([n, v]) => `  ${n}: ${v}`), ...(r.detach ?? []).map((n) => `  ! ${n}`)].join('\n')).join('\n') + '\n';
}

export function parseHeadersFile(text: string): HeaderRules {
  const rules: HeaderRules = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const rule = rules.at(-1);
    const detached = /^\s+!\s*(\S+)\s*$/.exec(line)?.[1];
    if (rule && detached) {
      (rule.detach ??= []).push(detached);
      continue;
    }
    const colon = line.indexOf(':');
    if (rule && colon > 0) rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

function matches(pattern: string, pathname: string): boolean {
  return pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pattern === pathname;
}

/**
 * The headers Workers static assets send for `pathname`: every matching rule's, repeated names comma-joined, less
 * those a matching rule detaches.
 */
export function headersFor(rules: HeaderRules, pathname: string): Headers {
  const headers = new Headers();
  const matching = rules.filter((rule) => matches(rule.pattern, pathname));
  for (const rule of matching) for (const [name, value] of rule.headers) headers.append(name, value);
  for (const rule of matching) for (const name of rule.detach ?? []) headers.delete(name);
  return headers;
}
