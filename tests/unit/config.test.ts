import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../worker/config';

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
      allowedOrigins: ['http://localhost:4321'],
    });
    expect(configFromEnv({ SITE_URL: 'https://uusalgus.ee' }, { ...host, ownOrigin: 'http://localhost:4321' })).toMatchObject({
      publicOrigin: 'https://uusalgus.ee',
      allowedOrigins: ['https://uusalgus.ee', 'http://localhost:4321'],
    });
  });

  it('refuses to start without SITE_URL where the host has no address of its own (Workers)', () => {
    expect(() => configFromEnv({}, host)).toThrow(/SITE_URL is not set/);
    expect(() => configFromEnv({ SITE_URL: ' , ' }, host)).toThrow(/SITE_URL is not set/);
  });

  it('says what is wrong with a SITE_URL that is not a URL', () => {
    expect(() => configFromEnv({ SITE_URL: 'uusalgus.ee' }, host)).toThrow(/SITE_URL must be absolute URLs/);
  });
});
