import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { headersFor, isNotFoundRoute, metaCspOf, narrowedCsp, pageCsp, parseHeadersFile, renderHeadersFile, routeKeyForFile, withoutMetaCsp } from '../../worker/hosts/static-headers';

describe('routeKeyForFile', () => {
  it.each([
    ['index.html', '/'],
    ['kkk.html', '/kkk'],
    ['404.html', '/404'],
    ['kogemus/mari-tamm.html', '/kogemus/mari-tamm'],
    ['admin/index.html', '/admin'],
    ['kogemus\\mari-tamm.html', '/kogemus/mari-tamm'],
  ])('%s answers %s', (file, route) => {
    expect(routeKeyForFile(file)).toBe(route);
  });
});

describe('pageCsp', () => {
  it('adds frame-ancestors to the meta policy and drops a stray one', () => {
    expect(pageCsp("default-src 'self'; script-src 'self' 'sha256-abc';  frame-ancestors *; ")).toBe(
      "default-src 'self'; script-src 'self' 'sha256-abc'; frame-ancestors 'none'",
    );
  });
});

describe('narrowedCsp', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');
  const hash = (text: string) => `'sha256-${sha256(text)}'`;
  it("keeps of a page's policy the hashes of the inline scripts and styles its HTML holds, templates included, and every other source", () => {
    const [used, inTemplate, style, other, otherStyle] = ['a()', 'b()', '.x{}', 'c()', '.y{}'];
    const policy = `default-src 'self'; script-src 'self' ${hash(used!)} ${hash(inTemplate!)} ${hash(other!)}; style-src 'self' ${hash(style!)} ${hash(otherStyle!)}`;
    const html = `<style>${style}</style><script type="module">${used}</script><template><script type="module">${inTemplate}</script></template><script type="module" src="/_astro/x.js">${other}</script>`;
    expect(narrowedCsp(policy, html, sha256)).toBe(`default-src 'self'; script-src 'self' ${hash(used!)} ${hash(inTemplate!)}; style-src 'self' ${hash(style!)}`);
  });
});

describe('metaCspOf', () => {
  it('reads the policy Astro writes into the head', () => {
    const html = `<head><meta http-equiv="content-security-policy" content="script-src 'self' 'sha256-x'; style-src 'self'"></head>`;
    expect(metaCspOf(html)).toBe("script-src 'self' 'sha256-x'; style-src 'self'");
    expect(metaCspOf('<head></head>')).toBeNull();
  });

  it('copes with attribute order, single quotes and entity-encoded quotes', () => {
    expect(metaCspOf(`<meta content='img-src "self"' http-equiv='Content-Security-Policy'>`)).toBe('img-src "self"');
    expect(metaCspOf(`<meta http-equiv=content-security-policy content="script-src &#39;self&#39;">`)).toBe("script-src 'self'");
  });
});

describe('_headers round trip', () => {
  const file = renderHeadersFile([
    { route: '/kkk', metaCsp: "script-src 'self' 'sha256-k'" },
    // A policy that differs in more than its hashes: each page keeps its own.
    { route: '/', metaCsp: "script-src 'self' 'sha256-i'; img-src 'self'" },
  ]);
  const rules = parseHeadersFile(file);

  it('gives every path the security headers and each page its own policy', () => {
    const kkk = headersFor(rules, '/kkk');
    expect(kkk.get('X-Content-Type-Options')).toBe('nosniff');
    expect(kkk.get('Content-Security-Policy')).toBe("script-src 'self' 'sha256-k'; frame-ancestors 'none'");
    expect(headersFor(rules, '/').get('Content-Security-Policy')).toContain('sha256-i');
  });

  it('never gives one path two policies (Cloudflare would join them with a comma)', () => {
    for (const path of ['/', '/kkk', '/_astro/x.js', '/missing']) {
      const policies = rules.filter((r) =>
        (r.pattern.endsWith('*') ? path.startsWith(r.pattern.slice(0, -1)) : r.pattern === path) &&
        r.headers.some(([name]) => name === 'Content-Security-Policy'));
      expect(policies.length).toBeLessThanOrEqual(1);
    }
  });

  it("gives each page its own policy, never a site-wide one beside it: pages that differ in a hash get only theirs", () => {
    const pages = [
      { route: '/', metaCsp: "script-src 'self' 'sha256-a'; style-src 'self' 'sha256-full'" },
      { route: '/kkk', metaCsp: "script-src 'self' 'sha256-a'; style-src 'self' 'sha256-kkk'" },
      { route: '/404', metaCsp: "script-src 'self' 'sha256-a'; style-src 'self' 'sha256-404'" },
    ];
    const own = parseHeadersFile(renderHeadersFile(pages));
    expect(headersFor(own, '/').get('Content-Security-Policy')).toBe("script-src 'self' 'sha256-a'; style-src 'self' 'sha256-full'; frame-ancestors 'none'");
    expect(headersFor(own, '/kkk').get('Content-Security-Policy')).toBe("script-src 'self' 'sha256-a'; style-src 'self' 'sha256-kkk'; frame-ancestors 'none'");
    expect(own.find((r) => r.pattern === '/*')!.headers.map(([name]) => name)).not.toContain('Content-Security-Policy');
  });

  it('names no unknown path: the not-found page it is answered with keeps its policy in its <meta>, the other pages drop theirs', () => {
    const own = parseHeadersFile(renderHeadersFile([{ route: '/404', metaCsp: "script-src 'self' 'sha256-a'" }]));
    for (const path of ['/missing', '/kogemus/missing']) {
      expect(headersFor(own, path).get('Content-Security-Policy'), path).toBeNull();
      // Framing, which a <meta> policy cannot forbid, is forbidden on every path.
      expect(headersFor(own, path).get('X-Frame-Options'), path).toBe('DENY');
    }
    expect(['/404', '/kogemus/404'].every(isNotFoundRoute)).toBe(true);
    expect(['/', '/kkk', '/kogemus/mari', '/admin'].some(isNotFoundRoute)).toBe(false);
    const html = `<head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="script-src 'self'"><title>x</title></head>`;
    expect(withoutMetaCsp(html)).toBe('<head><meta charset="utf-8"><title>x</title></head>');
    expect(metaCspOf(withoutMetaCsp(html))).toBeNull();
  });

  it('sends no Referer from /auth and the first-admin screens, where links with secrets land', () => {
    const pages = ['/auth', '/create-main-admin', '/admin-setup', '/kkk'].map((route) => ({ route, metaCsp: "script-src 'self'" }));
    const withAuth = parseHeadersFile(renderHeadersFile(pages));
    for (const route of ['/auth', '/create-main-admin', '/admin-setup']) {
      // As Cloudflare joins a header named by two matching rules; browsers apply the last policy they know.
      expect(headersFor(withAuth, route).get('Referrer-Policy'), route).toBe('strict-origin-when-cross-origin, no-referrer');
    }
    expect(headersFor(withAuth, '/kkk').get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  it('marks hashed build assets immutable', () => {
    expect(headersFor(rules, '/_astro/index.abc123.js').get('Cache-Control')).toContain('immutable');
    expect(headersFor(rules, '/kkk').get('Cache-Control')).toBeNull();
  });

  it('sends the build assets no page policy (it governs documents only), and keeps it on pages', () => {
    const same = parseHeadersFile(renderHeadersFile(['/', '/kkk'].map((route) => ({ route, metaCsp: "script-src 'self' 'sha256-a'" }))));
    const asset = headersFor(same, '/_astro/index.abc123.js');
    expect(asset.get('Content-Security-Policy')).toBeNull();
    expect(asset.get('X-Content-Type-Options')).toBe('nosniff');
    for (const path of ['/', '/kkk']) expect(headersFor(same, path).get('Content-Security-Policy'), path).toContain('sha256-a');
  });

  it('reads a detach line as Cloudflare does: the header goes for that rule\'s paths only', () => {
    const rules = parseHeadersFile('/*\n  X-A: 1\n  X-B: 2\n/files/*\n  ! X-A\n');
    expect(headersFor(rules, '/files/a.txt').get('X-A')).toBeNull();
    expect(headersFor(rules, '/files/a.txt').get('X-B')).toBe('2');
    expect(headersFor(rules, '/other').get('X-A')).toBe('1');
  });
});
