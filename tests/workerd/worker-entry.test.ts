import { createExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker, { type Env } from '../../worker/hosts/cloudflare';

// These run inside workerd against the real worker entry (worker/hosts/cloudflare.ts) and the real ASSETS binding
// built from dist/, with no database configured.
describe('worker entry in workerd', () => {
  it('boots and answers /api/health with 503 when no database is reachable', async () => {
    const res = await exports.default.fetch('https://retreat.example/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'error', db: 'unavailable' });
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });

  it('answers an unknown /api path with the JSON 404 shape', async () => {
    const res = await exports.default.fetch('https://retreat.example/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('answers /api itself with the JSON 404, like every other unknown API path', async () => {
    for (const url of ['/api', '/api/']) {
      const res = await exports.default.fetch(`https://retreat.example${url}`);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toContain('application/json');
      expect(await res.json(), url).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('gives the 404 page of an unknown path the security headers of any page, and its policy in its <meta>', async () => {
    const page = await exports.default.fetch('https://retreat.example/kkk');
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self' 'sha256-");
    // A page's policy travels as its header only (issue 40: a second copy in the page was a round trip's worth).
    expect(await page.text()).not.toMatch(/http-equiv="?content-security-policy/i);
    for (const url of ['/no-such-page', '/kogemus/keegi-tundmatu', '/a/b/c.html']) {
      const res = await exports.default.fetch(`https://retreat.example${url}`);
      expect(res.status, url).toBe(404);
      for (const name of ['X-Frame-Options', 'X-Content-Type-Options', 'Strict-Transport-Security']) {
        expect(res.headers.get(name), `${url} ${name}`).toBe(page.headers.get(name));
      }
      // No header rule can name an unknown path without naming every page under it: the not-found page's own <meta>.
      expect(await res.text(), url).toMatch(/<meta http-equiv="content-security-policy" content="[^"]*script-src 'self' 'sha256-/);
    }
  });

  it('sends the build\'s scripts without the pages\' policy (documents only), with the other headers and a year\'s cache', async () => {
    const home = await (await exports.default.fetch('https://retreat.example/')).text();
    const script = /src="(\/_astro\/[^"]+\.js)"/.exec(home)?.[1];
    expect(script).toBeDefined();
    const res = await exports.default.fetch(`https://retreat.example${script}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Security-Policy')).toBeNull();
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Cache-Control')).toContain('immutable');
  });

  it('refuses a cross-origin POST with 403', async () => {
    const res = await exports.default.fetch('https://retreat.example/api/health', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden_origin' } });
  });

  it('serves the pre-rendered home page and the 404 page with status 404 from the assets binding', async () => {
    const home = await exports.default.fetch('https://retreat.example/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html lang="et"');

    const missing = await exports.default.fetch('https://retreat.example/no-such-page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Oops! Page not found');
  });

  it('answers every admin app path with its shell page (client-side routes, ids included)', async () => {
    for (const url of ['/admin', '/admin/bookings', '/admin/bookings/42', '/dashboard']) {
      const res = await exports.default.fetch(`https://retreat.example${url}`, { redirect: 'manual' });
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain('<html lang="et"');
    }
    // A path that is none of the app's: the shell (its own "not found" screen) with status 404.
    for (const url of ['/admin/whatever', '/dashboard/old']) {
      const res = await exports.default.fetch(`https://retreat.example${url}`, { redirect: 'manual' });
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).toContain('<html lang="et"');
    }
  });

  it('serves the story section\'s own 404 page for an unknown story slug', async () => {
    const res = await exports.default.fetch('https://retreat.example/kogemus/keegi-tundmatu');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Tunnistust ei leitud');
  });

  it('refuses to serve the API without SITE_URL, naming the missing setting', async () => {
    // The entry is called directly with the test's bindings minus SITE_URL (vitest.config.ts sets it).
    const { SITE_URL: _siteUrl, ...withoutSiteUrl } = env as unknown as Env;
    // A request as the runtime hands it to a worker (the type says it carries Cloudflare's incoming properties).
    const request = new Request('https://retreat.example/api/auth/recover', {
      method: 'POST',
      headers: { Origin: 'https://retreat.example', 'Content-Type': 'application/json' },
      body: '{"email":"mari@example.com"}',
    }) as Request<unknown, IncomingRequestCfProperties>;
    await expect(Promise.resolve().then(() => worker.fetch(request, withoutSiteUrl, createExecutionContext()))).rejects.toThrow(/SITE_URL is not set/);
  });
});
