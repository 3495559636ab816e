/**
 * Finds the Chromium the browser tests run in, so `npm test` works on a machine that has none yet. In this order:
 *   1. CHROMIUM_PATH, when set (and nothing else: a wrong path is an error, not a reason to look elsewhere);
 *   2. a system Chromium or Chrome (on PATH, then the usual install paths);
 *   3. Playwright's own download, fetching it first when its download host answers (offline it gives up in seconds);
 *   4. Debian's chromium through apt-get, when running as root;
 * else one line that says what to install. playwright.config.ts and scripts/bench/lighthouse.ts call
 * `requireBrowser()`; `npm test` runs this file first so a missing browser stops it before the build.
 *
 *   npx tsx scripts/find-browser.ts     # prints the browser's path, installing one when needed
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type BrowserSource = 'CHROMIUM_PATH' | 'system' | 'playwright' | 'apt-get';
export type BrowserSearch = { path: string; source: BrowserSource } | { missing: string };

export interface BrowserProbes {
  /** CHROMIUM_PATH, when set to something. */
  configured: string | undefined;
  /** System browsers in order of preference: names looked up on PATH, or absolute paths. */
  systemCandidates: readonly string[];
  /** The runnable browser a candidate names, if there is one. */
  locate(candidate: string): string | undefined;
  /** Playwright's own Chromium, if it has been downloaded. */
  playwrightChromium(): string | undefined;
  /** Downloads Playwright's Chromium; false when it could not (quickly when its host does not answer). */
  downloadPlaywrightChromium(): Promise<boolean>;
  isRoot: boolean;
  hasAptGet: boolean;
  /** Installs Debian's chromium package; false when apt-get failed. */
  installWithAptGet(): Promise<boolean>;
  log(line: string): void;
}

export const MISSING_BROWSER =
  'No Chromium for the browser tests: install one (Debian/Ubuntu: sudo apt-get install chromium; elsewhere: npx playwright install chromium) or set CHROMIUM_PATH to a Chrome or Chromium binary.';

export const SYSTEM_CANDIDATES = [
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/snap/bin/chromium',
  '/opt/google/chrome/chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
] as const;

export async function findBrowser(probe: BrowserProbes): Promise<BrowserSearch> {
  if (probe.configured !== undefined) {
    const configured = probe.locate(probe.configured);
    if (configured) return { path: configured, source: 'CHROMIUM_PATH' };
    return { missing: `CHROMIUM_PATH=${probe.configured} is not a browser that runs: point it at a Chrome or Chromium binary, or unset it.` };
  }
  const onSystem = () => probe.systemCandidates.map((candidate) => probe.locate(candidate)).find(Boolean);
  const system = onSystem();
  if (system) return { path: system, source: 'system' };

  const downloaded = probe.playwrightChromium();
  if (downloaded) return { path: downloaded, source: 'playwright' };
  probe.log("find-browser: no Chromium on this machine; trying Playwright's download");
  if (await probe.downloadPlaywrightChromium()) {
    const fetched = probe.playwrightChromium();
    if (fetched) return { path: fetched, source: 'playwright' };
  }

  if (probe.isRoot && probe.hasAptGet) {
    probe.log("find-browser: installing Debian's chromium with apt-get");
    if (await probe.installWithAptGet()) {
      const installed = onSystem();
      if (installed) return { path: installed, source: 'apt-get' };
    }
  }
  return { missing: MISSING_BROWSER };
}

// ---------------------------------------------------------------------------------------------------------------
// The probes on this machine

const DOWNLOAD_HOST_WAIT_MS = 5_000;
const INSTALL_TIMEOUT_MS = 10 * 60_000;

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A wrapper can outlive its browser (Debian's /usr/bin/chromium is a script; Ubuntu's chromium-browser asks for snap). */
function runs(executable: string): boolean {
  return spawnSync(executable, ['--version'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
}

function executablesNamed(candidate: string): string[] {
  const files = candidate.includes(path.sep)
    ? [path.resolve(candidate)]
    : (process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, candidate));
  return files.filter(isExecutableFile);
}

function locate(candidate: string): string | undefined {
  return executablesNamed(candidate).find(runs);
}

const require = createRequire(import.meta.url);

function playwrightChromium(): string | undefined {
  // Loaded only when needed: most machines stop at the system browser, and Playwright takes seconds to load.
  const { chromium } = require('@playwright/test') as typeof import('@playwright/test');
  const executable = chromium.executablePath();
  return isExecutableFile(executable) ? executable : undefined;
}

/** Without network the download would retry for minutes; ask its host first. Node's fetch ignores proxies, the download does not. */
async function downloadHostAnswers(): Promise<boolean> {
  if (process.env.HTTPS_PROXY ?? process.env.https_proxy ?? process.env.HTTP_PROXY ?? process.env.http_proxy) return true;
  const host = process.env.PLAYWRIGHT_CHROMIUM_DOWNLOAD_HOST ?? process.env.PLAYWRIGHT_DOWNLOAD_HOST ?? 'https://cdn.playwright.dev';
  try {
    await fetch(host, { method: 'HEAD', signal: AbortSignal.timeout(DOWNLOAD_HOST_WAIT_MS) });
    return true;
  } catch {
    return false;
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  return new Promise((resolve) => {
    // stdout to stderr: the CLI's stdout is the browser's path and nothing else.
    const child = spawn(command, args, { env, stdio: ['ignore', process.stderr, 'inherit'], timeout: INSTALL_TIMEOUT_MS });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

async function downloadPlaywrightChromium(): Promise<boolean> {
  if (!(await downloadHostAnswers())) {
    console.error("find-browser: Playwright's download host does not answer (offline?)");
    return false;
  }
  const cli = require.resolve('@playwright/test/cli');
  return run(process.execPath, [cli, 'install', 'chromium']);
}

async function installWithAptGet(): Promise<boolean> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return (await run('apt-get', ['update', '-qq'], env)) && run('apt-get', ['install', '-y', '-qq', 'chromium'], env);
}

export function machineProbes(): BrowserProbes {
  return {
    configured: process.env.CHROMIUM_PATH || undefined,
    systemCandidates: SYSTEM_CANDIDATES,
    locate,
    playwrightChromium,
    downloadPlaywrightChromium,
    isRoot: process.getuid?.() === 0,
    hasAptGet: executablesNamed('apt-get').length > 0,
    installWithAptGet,
    log: (line) => console.error(line),
  };
}

/**
 * The browser's path, or the process ends with the one line that says what to install. Sets CHROMIUM_PATH so the
 * processes started after this (Playwright's workers load the config again) take the first branch at once.
 */
export async function requireBrowser(): Promise<string> {
  const found = await findBrowser(machineProbes());
  if ('missing' in found) {
    console.error(found.missing);
    process.exit(1);
  }
  process.env.CHROMIUM_PATH = found.path;
  return found.path;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  console.log(await requireBrowser());
}
