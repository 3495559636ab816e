import { describe, expect, it } from 'vitest';
import { clockFromEnv, configFromEnv, ownOriginSpellings } from '../../worker/config';

const host = { environment: 'production', adminSetupToken: '', authSecret: 'x'.repeat(32) } as const;

describe('configFromEnv: the site origin comes from configuration only', () => {
  it('takes links and allowed origins from SITE_URL, reduced to bare origins', () => {
    const config = configFromEnv({ SITE_URL: 'https://uusalgus.ee/, https://www.uusalgus.ee' }, host);
    expect(config.publicOrigin).toBe('https://uusalgus.ee');
    expect(config.allowedOrigins).toEqual(['https://uusalgus.ee', 'https://www.uusalgus.ee']);
  });

  it("falls back to the Node host's own address, which is also allowed beside SITE_URL", () => {
    expect(configFromEnv({}, { ...host, ownOrigin: 'http://localhost:4321' })).toMatchObject({
      publicOrigin: 'http://localhost:4321',
      // The loopback in each spelling: a visitor may open http://127.0.0.1:4321 (issue "Privacy and safety").
      allowedOrigins: ['http://localhost:4321', 'http://127.0.0.1:4321', 'http://[::1]:4321'],
    });
    expect(configFromEnv({ SITE_URL: 'https://uusalgus.ee' }, { ...host, ownOrigin: 'http://localhost:4321' })).toMatchObject({
      publicOrigin: 'https://uusalgus.ee',
      allowedOrigins: ['https://uusalgus.ee', 'http://localhost:4321', 'http://127.0.0.1:4321', 'http://[::1]:4321'],
    });
  });

  it('spells only a loopback address three ways, with its port; any other address stands alone', () => {
    expect(ownOriginSpellings('http://127.0.0.1:8080')).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']);
    expect(ownOriginSpellings('http://localhost')).toEqual(['http://localhost', 'http://127.0.0.1', 'http://[::1]']);
    expect(ownOriginSpellings('http://192.168.1.5:4321')).toEqual(['http://192.168.1.5:4321']);
    expect(ownOriginSpellings('https://uusalgus.ee')).toEqual(['https://uusalgus.ee']);
  });

  it('refuses to start without SITE_URL where the host has no address of its own (Workers)', () => {
    expect(() => configFromEnv({}, host)).toThrow(/SITE_URL is not set/);
    expect(() => configFromEnv({ SITE_URL: ' , ' }, host)).toThrow(/SITE_URL is not set/);
  });

  it('says what is wrong with a SITE_URL that is not a URL', () => {
    expect(() => configFromEnv({ SITE_URL: 'uusalgus.ee' }, host)).toThrow(/SITE_URL must be absolute URLs/);
  });
});

describe('configFromEnv: where webhook deliveries may go (issue 41)', () => {
  const site = { SITE_URL: 'https://uusalgus.ee' };
  it('production: https only, and WEBHOOKS_ALLOW_PRIVATE does not open private addresses', () => {
    expect(configFromEnv({ ...site, WEBHOOKS_ALLOW_PRIVATE: '1' }, host).webhooks).toEqual({ requireHttps: true, allowPrivate: false });
  });

  it('elsewhere: http too, and private addresses only with WEBHOOKS_ALLOW_PRIVATE=1', () => {
    const dev = { ...host, environment: 'development' } as const;
    expect(configFromEnv(site, dev).webhooks).toEqual({ requireHttps: false, allowPrivate: false });
    expect(configFromEnv({ ...site, WEBHOOKS_ALLOW_PRIVATE: 'true' }, dev).webhooks.allowPrivate).toBe(false);
    expect(configFromEnv({ ...site, WEBHOOKS_ALLOW_PRIVATE: '1' }, dev).webhooks).toEqual({ requireHttps: false, allowPrivate: true });
  });
});

describe('clockFromEnv: TEST_CLOCK_START, for test servers only', () => {
  it('is the real time when unset', () => {
    const before = Date.now();
    const now = clockFromEnv({})().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('starts at the given instant, runs on at the real pace, and says so in the log', async () => {
    const logs: Record<string, unknown>[] = [];
    const clock = clockFromEnv({ TEST_CLOCK_START: '2025-09-15T09:00:00Z' }, (entry) => logs.push(entry));
    const first = clock().getTime();
    expect(first - Date.parse('2025-09-15T09:00:00Z')).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(clock().getTime() - first).toBeGreaterThanOrEqual(25);
    expect(logs).toEqual([expect.objectContaining({ level: 'warn', start: '2025-09-15T09:00:00.000Z' })]);
  });

  it('refuses a value that is not a date', () => {
    expect(() => clockFromEnv({ TEST_CLOCK_START: 'eile' })).toThrow('TEST_CLOCK_START is not a date: eile');
  });
});
