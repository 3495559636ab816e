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

const isHash = (source: string) => /^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/.test(source);

/**
 * The policy every page shares. Astro collects the hashes of the whole site into each page's policy, so they all
 * had the same one; since the content pages keep only the styles they use (scripts/astro/page-css.mjs, decision 025),
 * their policies differ in the hash of that one stylesheet. The shared policy is then their union: the same
 * directives and sources, with every page's hashes (a hash admits only the exact text it was made from, so one page's
 * hash allows nothing on another). It goes in the `/*` rule: on Workers a path with no file is answered with the 404
 * page under the requested path, which no page rule names, and it would otherwise go without a CSP. Each page's own
 * <meta> keeps its narrower policy; browsers enforce both. Null when the policies differ in anything but hashes.
 */
export function sharedCsp(pages: { metaCsp: string | null }[]): string | null {
  if (pages.some((p) => !p.metaCsp)) return null;
  const policies = [...new Set(pages.map((p) => pageCsp(p.metaCsp!)))];
  if (policies.length === 0) return null;
  const parsed = policies.map((policy) =>
    policy.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ');
      return { name, fixed: sources.filter((s) => !isHash(s)), hashes: sources.filter(isHash) };
    }),
  );
  const [first] = parsed;
  const sameShape = parsed.every(
    (directives) =>
      directives.length === first!.length &&
      directives.every((d, i) => d.name === first![i]!.name && d.fixed.join(' ') === first![i]!.fixed.join(' ')),
  );
  if (!sameShape) return null;
  return first!
    .map((d, i) => [d.name, ...d.fixed, ...new Set(parsed.flatMap((directives) => directives[i]!.hashes))].join(' '))
    .join('; ');
}

export function renderHeadersFile(pages: { route: string; metaCsp: string | null }[]): string {
  const shared = sharedCsp(pages);
  const rules: HeaderRules = [
    { pattern: '/*', headers: [...Object.entries(SECURITY_HEADERS), ...(shared ? [['Content-Security-Policy', shared] as [string, string]] : [])] },
    // The build's scripts, chunks and images: a policy only governs documents, and the 1.8 KB site-wide one (the
    // pages' union) would be most of a small script's transfer (docs/decisions/025-content-lcp.md).
    { pattern: '/_astro/*', headers: [['Cache-Control', 'public, max-age=31536000, immutable']], detach: ['Content-Security-Policy'] },
  ];
  for (const page of [...pages].sort((a, b) => a.route.localeCompare(b.route))) {
    const headers: [string, string][] = Object.entries(ROUTE_HEADERS[page.route] ?? {});
    // Pages that differ carry their own (one policy per path: Cloudflare would join two, and browsers enforce both).
    if (page.metaCsp && !shared) headers.push(['Content-Security-Policy', pageCsp(page.metaCsp)]);
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
