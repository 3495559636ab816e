import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderHeadersFile } from '../../worker/hosts/static-headers';
import { rawRequest, readJson } from '../helpers/http';
import { startNodeServer, type RunningServer } from '../../worker/hosts/node';

// The Node host end to end: a fresh database file is created and migrated at start, dist/ is served the way
// Workers static assets serve it, /api goes to the app, and the first-admin link is printed only while needed.
let dir: string;
let server: RunningServer;
const logs: Record<string, unknown>[] = [];

const page = (title: string) =>
  `<!doctype html><html lang="et"><head><meta http-equiv="content-security-policy" content="script-src 'self' 'sha256-${title}'"><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'node-host-'));
  const dist = path.join(dir, 'dist');
  await mkdir(path.join(dist, '_astro'), { recursive: true });
  await mkdir(path.join(dist, 'kogemus'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), page('avaleht'));
  await writeFile(path.join(dist, 'kkk.html'), page('kkk'));
  await writeFile(path.join(dist, 'kogemus', 'mari.html'), page('mari'));
  await writeFile(path.join(dist, '404.html'), page('Oops! Page not found'));
  await mkdir(path.join(dist, 'admin'), { recursive: true });
  await writeFile(path.join(dist, 'admin', 'index.html'), page('admin shell'));
  await writeFile(path.join(dist, 'dashboard.html'), page('dashboard shell'));
  await writeFile(path.join(dist, 'kogemus', '404.html'), page('Tunnistust ei leitud'));
  for (const name of ['auth', 'create-main-admin', 'admin-setup']) await writeFile(path.join(dist, `${name}.html`), page(name));
  await writeFile(path.join(dist, '_astro', 'app.abc.js'), 'console.log(1)');
  await writeFile(
    path.join(dist, '_headers'),
    renderHeadersFile([
      { route: '/', metaCsp: "script-src 'self' 'sha256-avaleht'" },
      { route: '/kkk', metaCsp: "script-src 'self' 'sha256-kkk'" },
      { route: '/404', metaCsp: "script-src 'self' 'sha256-404'" },
      ...['auth', 'create-main-admin', 'admin-setup'].map((name) => ({ route: `/${name}`, metaCsp: `script-src 'self' 'sha256-${name}'` })),
    ]),
  );
  await writeFile(path.join(dir, 'secret.txt'), 'outside dist');

  server = await startNodeServer({
    port: 0,
    hostname: '127.0.0.1',
    databaseUrl: `file:${path.join(dir, 'data', 'retreat.db')}`,
    distDir: dist,
    env: {},
    environment: 'test',
    backgroundIntervalMs: 0,
    log: (entry) => logs.push(entry),
  });
});

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('Node host', () => {
  it('created and migrated the database file, and the API answers over it', async () => {
    expect(existsSync(path.join(dir, 'data', 'retreat.db'))).toBe(true);
    const res = await fetch(`${server.url}/api/health`);
    expect(await readJson(res)).toEqual({ status: 'ok', db: 'ok' });
    const tables = await server.deps.sql.execute("SELECT name FROM sqlite_master WHERE type = 'table'");
    expect(tables.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['bookings', 'guests', 'users', 'email_outbox']));
  });

  it('serves pages at their extension-less paths with their CSP and the security headers', async () => {
    for (const [url, title, hash] of [['/', 'avaleht', 'avaleht'], ['/kkk', 'kkk', 'kkk'], ['/kkk.html', 'kkk', 'kkk'], ['/kkk/', 'kkk', 'kkk']]) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(200);
      expect(await res.text()).toContain(`<h1>${title}</h1>`);
      expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('Content-Security-Policy')).toBe(`script-src 'self' 'sha256-${hash}'; frame-ancestors 'none'`);
      expect(res.headers.get('Strict-Transport-Security')).toContain('max-age=');
    }
    expect((await fetch(`${server.url}/kogemus/mari`)).status).toBe(200);
  });

  it('sends the headers dist/_headers gives each path, as Workers static assets do', async () => {
    // Read the file the way Cloudflare documents it, independently of the host's own reader: every rule whose
    // pattern matches applies, and a header named by several of them gets their values joined with a comma.
    const rules = (await readFile(path.join(dir, 'dist', '_headers'), 'utf8')).split(/\n(?=\S)/).map((block) => {
      const [pattern, ...lines] = block.trim().split('\n');
      return { pattern: pattern!.trim(), headers: lines.map((l) => l.trim().split(/:\s*(.*)/s).slice(0, 2) as [string, string]) };
    });
    const expected = (pathname: string) => {
      const out = new Map<string, string>();
      for (const { pattern, headers } of rules) {
        if (pattern.endsWith('*') ? !pathname.startsWith(pattern.slice(0, -1)) : pattern !== pathname) continue;
        for (const [name, value] of headers) out.set(name.toLowerCase(), out.has(name.toLowerCase()) ? `${out.get(name.toLowerCase())}, ${value}` : value);
      }
      return out;
    };
    for (const pathname of ['/auth', '/create-main-admin', '/admin-setup', '/kkk']) {
      const res = await fetch(`${server.url}${pathname}`);
      expect(res.status, pathname).toBe(200);
      const want = expected(pathname);
      expect(want.size, pathname).toBeGreaterThan(5);
      for (const [name, value] of want) expect(res.headers.get(name), `${pathname} ${name}`).toBe(value);
      // The policy browsers apply is the last one listed.
      const referrer = res.headers.get('Referrer-Policy')!.split(',').at(-1)!.trim();
      expect(referrer, pathname).toBe(pathname === '/kkk' ? 'strict-origin-when-cross-origin' : 'no-referrer');
    }
    // The worker answers /api on both hosts, where the site-wide rule's headers are set by the API itself.
    const api = await fetch(`${server.url}/api/health`);
    for (const [name, value] of expected('/api/health')) expect(api.headers.get(name), `/api ${name}`).toBe(value);
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const res = await fetch(`${server.url}/no/such/page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Oops! Page not found');
    expect(res.headers.get('Content-Security-Policy')).toContain('sha256-404');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('answers an unknown path under a folder with that folder\'s own 404 page, as Workers assets do', async () => {
    for (const url of ['/kogemus/tundmatu-nimi', '/kogemus/a/b']) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(404);
      expect(await res.text()).toContain('Tunnistust ei leitud');
    }
    const outside = await fetch(`${server.url}/muu/tundmatu`);
    expect(await outside.text()).toContain('Oops! Page not found');
  });

  it('answers every path of the admin app with its shell page and status 200', async () => {
    for (const [url, shell] of [['/admin', 'admin shell'], ['/admin/bookings', 'admin shell'], ['/admin/bookings/42', 'admin shell'], ['/admin/bookings/new', 'admin shell'], ['/admin/retreats/7', 'admin shell'], ['/dashboard', 'dashboard shell']]) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(200);
      expect(await res.text()).toContain(`<h1>${shell}</h1>`);
    }
    expect((await fetch(`${server.url}/administrator`)).status).toBe(404);
  });

  it('answers a path under /admin or /dashboard that is none of the app\'s with 404, still with the shell (its own "not found")', async () => {
    for (const [url, shell] of [['/admin/whatever', 'admin shell'], ['/admin/retreats/7/edit', 'admin shell'], ['/admin/bookings/42/x', 'admin shell'], ['/dashboard/old', 'dashboard shell']]) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(404);
      expect(await res.text()).toContain(`<h1>${shell}</h1>`);
    }
  });

  it('never serves files outside dist/ or the _headers file', async () => {
    for (const url of ['/..%2fsecret.txt', '/%2e%2e/secret.txt', '/_headers', '/..%5csecret.txt', '/%E0%A4%A']) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(404);
      expect(await res.text()).not.toContain('outside dist');
    }
  });

  it('compresses text with brotli or gzip as the client accepts, and leaves it plain otherwise', async () => {
    const { request } = await import('node:http');
    const get = (encoding: string | undefined) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; bytes: number }>((resolve, reject) => {
        const req = request(`${server.url}/kkk`, { headers: encoding ? { 'Accept-Encoding': encoding } : {} }, (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, bytes }));
        });
        req.on('error', reject);
        req.end();
      });
    expect((await get('gzip, deflate, br')).encoding).toBe('br');
    expect((await get('gzip')).encoding).toBe('gzip');
    const plain = await get(undefined);
    expect(plain.encoding).toBeUndefined();
    expect(plain.vary).toBe('Accept-Encoding');
    // fetch() decodes transparently: the page is still the page.
    expect(await (await fetch(`${server.url}/kkk`)).text()).toContain('<h1>kkk</h1>');
  });

  it('caches hashed build assets for a year', async () => {
    const res = await fetch(`${server.url}/_astro/app.abc.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toContain('immutable');
    expect(res.headers.get('Content-Type')).toContain('text/javascript');
  });

  it('sends /api paths to the API, not to the static 404 page', async () => {
    const res = await fetch(`${server.url}/api/nope`);
    expect(res.status).toBe(404);
    expect((await readJson(res)).error.code).toBe('not_found');
  });

  it('with SITE_URL unset, accepts only its own address as Origin and builds links from it, whatever the Host says', async () => {
    await server.deps.sql.execute(
      "INSERT INTO users (id, email, password_hash, first_name, last_name, email_confirmed_at) VALUES ('u-links', 'mari@example.com', '$argon2id$fixture', 'Mari', 'Tamm', '2026-01-01T00:00:00.000Z')",
    );
    const recover = (headers: Record<string, string>) =>
      rawRequest(`${server.url}/api/auth/recover`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{"email":"mari@example.com"}' });
    // No SendGrid key: the mail is printed (the local mail log).
    const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      expect((await recover({ Host: 'evil.example', Origin: 'http://evil.example' })).status).toBe(403);
      expect((await recover({ Host: 'evil.example', Origin: server.url })).status).toBe(200);
      // The answer does not wait for the mail; it is printed a moment later.
      const mailed = () => printed.mock.calls.map((args) => String(args[0])).filter((text) => text.includes('To: mari@example.com'));
      for (let i = 0; i < 50 && mailed().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(mailed()).toHaveLength(1);
      expect(mailed()[0]).toContain(`${server.url}/auth#reset=`);
      expect(mailed()[0]).not.toContain('evil.example');
    } finally {
      printed.mockRestore();
    }
  });

  it('offers the first-admin setup link only while no admin exists', async () => {
    expect(server.adminSetupLink).toMatch(new RegExp(`^${server.url}/create-main-admin#token=[\\w-]{20,}$`));

    const second = await startNodeServer({
      port: 0,
      hostname: '127.0.0.1',
      databaseUrl: `file:${path.join(dir, 'data', 'retreat.db')}`,
      distDir: path.join(dir, 'dist'),
      env: {},
      environment: 'test',
      adminSetupToken: 'fixed-token-from-env',
      backgroundIntervalMs: 0,
      log: () => {},
    });
    try {
      expect(second.adminSetupLink).toBe(`${second.url}/create-main-admin#token=fixed-token-from-env`);
      await second.deps.sql.execute(
        "INSERT INTO users (id, email, password_hash, first_name, last_name) VALUES ('u1', 'admin@example.com', '$argon2id$fixture', 'Ada', 'Admin')",
      );
      await second.deps.sql.execute("INSERT INTO user_roles (user_id, role) VALUES ('u1', 'admin')");
    } finally {
      await second.close();
    }
    const third = await startNodeServer({
      port: 0, hostname: '127.0.0.1', databaseUrl: `file:${path.join(dir, 'data', 'retreat.db')}`,
      distDir: path.join(dir, 'dist'), env: {}, environment: 'test', backgroundIntervalMs: 0, log: () => {},
    });
    expect(third.adminSetupLink).toBeNull();
    await third.close();
  });
});
