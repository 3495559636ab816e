import { describe, expect, it } from 'vitest';
import { type BrowserProbes, findBrowser, MISSING_BROWSER } from '../../scripts/find-browser';

/** A machine described by what is on it; records what the finder tried, in order. */
function machine(overrides: Partial<BrowserProbes> & { runnable?: Record<string, string> } = {}) {
  const { runnable = {}, ...probes } = overrides;
  const tried: string[] = [];
  const probe: BrowserProbes = {
    configured: undefined,
    systemCandidates: ['chromium', 'google-chrome', '/usr/bin/chromium'],
    locate: (candidate) => {
      tried.push(`locate ${candidate}`);
      return runnable[candidate];
    },
    playwrightChromium: () => undefined,
    downloadPlaywrightChromium: async () => {
      tried.push('download');
      return false;
    },
    isRoot: false,
    hasAptGet: true,
    installWithAptGet: async () => {
      tried.push('apt-get');
      return false;
    },
    log: () => {},
    ...probes,
  };
  return { probe, tried };
}

describe('findBrowser', () => {
  it('takes CHROMIUM_PATH first and looks nowhere else', async () => {
    const { probe, tried } = machine({ configured: '/opt/chrome', runnable: { '/opt/chrome': '/opt/chrome', chromium: '/usr/bin/chromium' } });
    expect(await findBrowser(probe)).toEqual({ path: '/opt/chrome', source: 'CHROMIUM_PATH' });
    expect(tried).toEqual(['locate /opt/chrome']);
  });

  it('stops with a line naming CHROMIUM_PATH when it does not run, even though a system browser would', async () => {
    const { probe, tried } = machine({ configured: '/nope', runnable: { chromium: '/usr/bin/chromium' } });
    const result = await findBrowser(probe);
    expect(result).toEqual({ missing: expect.stringContaining('CHROMIUM_PATH=/nope') });
    expect(tried).toEqual(['locate /nope']);
  });

  it('takes the first system browser in order of preference', async () => {
    const { probe, tried } = machine({ runnable: { 'google-chrome': '/usr/bin/google-chrome', '/usr/bin/chromium': '/usr/bin/chromium' } });
    expect(await findBrowser(probe)).toEqual({ path: '/usr/bin/google-chrome', source: 'system' });
    expect(tried).not.toContain('download');
  });

  it("uses Playwright's download when it is already there, without downloading", async () => {
    const { probe, tried } = machine({ playwrightChromium: () => '/home/me/.cache/ms-playwright/chrome' });
    expect(await findBrowser(probe)).toEqual({ path: '/home/me/.cache/ms-playwright/chrome', source: 'playwright' });
    expect(tried).not.toContain('download');
  });

  it("downloads Playwright's Chromium when nothing is installed", async () => {
    let downloaded = false;
    const { probe, tried } = machine({
      isRoot: true,
      playwrightChromium: () => (downloaded ? '/cache/chrome' : undefined),
      downloadPlaywrightChromium: async () => (downloaded = true),
    });
    expect(await findBrowser(probe)).toEqual({ path: '/cache/chrome', source: 'playwright' });
    expect(tried).not.toContain('apt-get');
  });

  it('installs Debian chromium with apt-get as root when the download fails', async () => {
    let installed = false;
    const { probe, tried } = machine({
      isRoot: true,
      locate: (candidate) => (installed && candidate === 'chromium' ? '/usr/bin/chromium' : undefined),
      installWithAptGet: async () => {
        tried.push('apt-get');
        return (installed = true);
      },
    });
    expect(await findBrowser(probe)).toEqual({ path: '/usr/bin/chromium', source: 'apt-get' });
    expect(tried).toEqual(['download', 'apt-get']);
  });

  it('does not run apt-get when not root: one line says what to install', async () => {
    const { probe, tried } = machine({ isRoot: false });
    expect(await findBrowser(probe)).toEqual({ missing: MISSING_BROWSER });
    expect(tried).not.toContain('apt-get');
    expect(MISSING_BROWSER).not.toContain('\n');
    expect(MISSING_BROWSER).toMatch(/apt-get install chromium.*npx playwright install chromium.*CHROMIUM_PATH/);
  });

  it('does not run apt-get where there is none', async () => {
    const { probe, tried } = machine({ isRoot: true, hasAptGet: false });
    expect(await findBrowser(probe)).toEqual({ missing: MISSING_BROWSER });
    expect(tried).not.toContain('apt-get');
  });

  it('says what to install when apt-get fails or installs nothing that runs', async () => {
    const failing = machine({ isRoot: true });
    expect(await findBrowser(failing.probe)).toEqual({ missing: MISSING_BROWSER });
    expect(failing.tried).toContain('apt-get');

    const useless = machine({ isRoot: true, installWithAptGet: async () => true });
    expect(await findBrowser(useless.probe)).toEqual({ missing: MISSING_BROWSER });
  });
});
