import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Editors change content/ through pull requests; a file that breaks its collection schema must stop the build
// with a message that names the file and the field. This runs Astro's real content sync on a copy of the site.
const REPO = path.resolve(import.meta.dirname, '../..');
let site: string;

function astroSync(cwd: string) {
  const result = spawnSync(process.execPath, [path.join(REPO, 'node_modules/astro/bin/astro.mjs'), 'sync'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0', NO_COLOR: '1' },
    timeout: 90_000,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

beforeAll(async () => {
  site = await mkdtemp(path.join(os.tmpdir(), 'content-build-'));
  for (const entry of ['astro.config.mjs', 'tsconfig.json', 'package.json', 'src', 'content', 'public', 'scripts/csp', 'scripts/vite', 'scripts/astro']) {
    await cp(path.join(REPO, entry), path.join(site, entry), { recursive: true });
  }
  await symlink(path.join(REPO, 'node_modules'), path.join(site, 'node_modules'), 'dir');
});

afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});

describe('content validation at build time', () => {
  it('accepts the content as it is', () => {
    const { status, output } = astroSync(site);
    expect(output).not.toMatch(/InvalidContentEntryDataError/);
    expect(status).toBe(0);
  });

  it('fails on a broken file, naming the file and the field', async () => {
    const file = path.join(site, 'content/programme/paev-01.json');
    const entry = JSON.parse(await readFile(file, 'utf8'));
    entry.day = 11;
    await writeFile(file, JSON.stringify(entry));

    const { status, output } = astroSync(site);
    expect(status).not.toBe(0);
    expect(output).toContain('content/programme/paev-01.json');
    expect(output).toMatch(/\bday\b/);
  });
});
