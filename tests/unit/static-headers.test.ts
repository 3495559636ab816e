import { describe, expect, it } from 'vitest';
import { headersFor, metaCspOf, pageCsp, parseHeadersFile, renderHeadersFile, routeKeyForFile, sharedCsp } from '../../worker/hosts/static-headers';

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

describe('sharedCsp', () => {
  const meta = (styles: string) => `default-src 'self'; script-src 'self' 'sha256-s1='; style-src 'self' ${styles}`;
  it('is the one policy when every page has it', () => {
    expect(sharedCsp([{ metaCsp: meta("'sha256-a='") }, { metaCsp: meta("'sha256-a='") }])).toBe(pageCsp(meta("'sha256-a='")));
  });
  it("is the union of the pages' hashes when the policies differ only in hashes (each page's pruned stylesheet)", () => {
    const shared = sharedCsp([{ metaCsp: meta("'sha256-full=' 'sha256-b='") }, { metaCsp: meta("'sha256-kkk=' 'sha256-b='") }, { metaCsp: meta("'sha256-full=' 'sha256-b='") }]);
    expect(shared).toBe("default-src 'self'; script-src 'self' 'sha256-s1='; style-src 'self' 'sha256-full=' 'sha256-b=' 'sha256-kkk='; frame-ancestors 'none'");
  });
  it('is null when the policies differ in anything but hashes, or a page has none', () => {
    expect(sharedCsp([{ metaCsp: meta("'sha256-a='") }, { metaCsp: meta("'sha256-a=' https://cdn.example") }])).toBeNull();
    expect(sharedCsp([{ metaCsp: meta("'sha256-a='") }, { metaCsp: `${meta("'sha256-a='")}; img-src 'self'` }])).toBeNull();
    expect(sharedCsp([{ metaCsp: meta("'sha256-a='") }, { metaCsp: null }])).toBeNull();
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

  it('when every page has the same policy (as Astro builds them), it is the site-wide one: unknown paths get it too', () => {
    const same = parseHeadersFile(renderHeadersFile(['/', '/kkk', '/404'].map((route) => ({ route, metaCsp: "script-src 'self' 'sha256-a'" }))));
    // Workers answers an unknown path with the 404 page under that path: only the /* rule names it.
    for (const path of ['/', '/kkk', '/missing', '/kogemus/missing']) {
      expect(headersFor(same, path).get('Content-Security-Policy'), path).toBe("script-src 'self' 'sha256-a'; frame-ancestors 'none'");
    }
    expect(same.filter((r) => r.headers.some(([name]) => name === 'Content-Security-Policy'))).toHaveLength(1);
  });

  it('when the pages differ only in hashes (each content page its pruned stylesheet), the site-wide one is their union', () => {
    const pages = [
      { route: '/', metaCsp: "script-src 'self' 'sha256-a'; style-src 'self' 'sha256-full'" },
      { route: '/kkk', metaCsp: "script-src 'self' 'sha256-a'; style-src 'self' 'sha256-kkk'" },
    ];
    const union = parseHeadersFile(renderHeadersFile(pages));
    for (const path of ['/', '/kkk', '/missing']) {
      expect(headersFor(union, path).get('Content-Security-Policy'), path).toBe("script-src 'self' 'sha256-a'; style-src 'self' 'sha256-full' 'sha256-kkk'; frame-ancestors 'none'");
    }
    expect(union.filter((r) => r.headers.some(([name]) => name === 'Content-Security-Policy'))).toHaveLength(1);
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

  it('sends the build assets no page policy (it governs documents only), and keeps it on pages and unknown paths', () => {
    const same = parseHeadersFile(renderHeadersFile(['/', '/kkk'].map((route) => ({ route, metaCsp: "script-src 'self' 'sha256-a'" }))));
    expect(renderHeadersFile([{ route: '/', metaCsp: "script-src 'self'" }])).toMatch(/^\/_astro\/\*\n(?: {2}.+\n)* {2}! Content-Security-Policy\n/m);
    const asset = headersFor(same, '/_astro/index.abc123.js');
    expect(asset.get('Content-Security-Policy')).toBeNull();
    expect(asset.get('X-Content-Type-Options')).toBe('nosniff');
    for (const path of ['/', '/kkk', '/missing', '/_astro']) expect(headersFor(same, path).get('Content-Security-Policy'), path).toContain('sha256-a');
  });

  it('reads a detach line as Cloudflare does: the header goes for that rule\'s paths only', () => {
    const rules = parseHeadersFile('/*\n  X-A: 1\n  X-B: 2\n/files/*\n  ! X-A\n');
    expect(headersFor(rules, '/files/a.txt').get('X-A')).toBeNull();
    expect(headersFor(rules, '/files/a.txt').get('X-B')).toBe('2');
    expect(headersFor(rules, '/other').get('X-A')).toBe('1');
  });
});
