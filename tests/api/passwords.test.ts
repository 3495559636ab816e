import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { nodePasswordHasher } from '../../worker/hosts/passwords-node';
import { workersPasswordHasher } from '../../worker/hosts/passwords-workers';

// On Workers the .wasm import is a compiled WebAssembly.Module (wrangler's CompiledWasm rule); here it is compiled
// from the same file, so the Workers hasher runs in Node too and both directions can be checked without workerd.
// tests/workerd/passwords.test.ts checks the same inside workerd.
vi.mock('@phi-ag/argon2/argon2.wasm', () => ({
  default: new WebAssembly.Module(readFileSync(createRequire(import.meta.url).resolve('@phi-ag/argon2/argon2.wasm'))),
}));

const PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;
const PASSWORDS = ['Passw0rd', 'Õunapuu1ä', 'Šokolaad2žÜ', 'pässw0rd 🙂 with spaces', 'x'.repeat(128)];
const MALFORMED = [
  '',
  'not a hash',
  '$2b$10$abcdefghijklmnopqrstuuJ9Yd0H6y7cQ9XK1j0Xn3Zr3Zr3Zr3Zr',
  '$argon2id$',
  '$argon2id$v=19$m=19456,t=2,p=1$!!!$???',
  '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA',
];

describe.each([
  ['node (@node-rs/argon2)', nodePasswordHasher],
  ['workers (@phi-ag/argon2 wasm, run in Node)', workersPasswordHasher],
])('%s hasher', (_name, hasher) => {
  it('makes an argon2id PHC string with m=19456, t=2, p=1, a 16-byte salt and a 32-byte hash', async () => {
    expect(await hasher.hash('Passw0rd')).toMatch(PHC);
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hasher.hash('Passw0rd');
    expect(await hasher.verify(hash, 'Passw0rd')).toBe(true);
    expect(await hasher.verify(hash, 'passw0rd')).toBe(false);
    expect(await hasher.verify(hash, 'Passw0rd ')).toBe(false);
    expect(await hasher.verify(hash, '')).toBe(false);
  });

  it('salts: two hashes of one password differ and both verify', async () => {
    const [a, b] = await Promise.all([hasher.hash('Passw0rd'), hasher.hash('Passw0rd')]);
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await hasher.verify(a, 'Passw0rd')).toBe(true);
    expect(await hasher.verify(b, 'Passw0rd')).toBe(true);
  });

  it('returns false, never throws, for a hash it cannot read', async () => {
    const good = await hasher.hash('Passw0rd');
    for (const bad of [...MALFORMED, good.slice(0, -10), good.replace('$argon2id$', '$argon2i$')]) {
      await expect(hasher.verify(bad, 'Passw0rd'), bad).resolves.toBe(false);
    }
    expect(await hasher.verify(good, 'Passw0rd')).toBe(true);
  });

  it('hashes non-ASCII passwords in full (no collision on a shared UTF-8 prefix)', async () => {
    const hash = await hasher.hash('Õunapuu1ä');
    expect(await hasher.verify(hash, 'Õunapuu1ä')).toBe(true);
    expect(await hasher.verify(hash, 'Õunapuu1ö')).toBe(false);
    expect(await hasher.verify(hash, 'Õunapuu1')).toBe(false);
  });
});

describe('hashes made by one host verify on the other', () => {
  it.each(PASSWORDS)('%j: node → workers and workers → node', async (password) => {
    const fromNode = await nodePasswordHasher.hash(password);
    const fromWorkers = await workersPasswordHasher.hash(password);
    expect(await workersPasswordHasher.verify(fromNode, password)).toBe(true);
    expect(await nodePasswordHasher.verify(fromWorkers, password)).toBe(true);
    expect(await workersPasswordHasher.verify(fromNode, password + '!')).toBe(false);
    expect(await nodePasswordHasher.verify(fromWorkers, password + '!')).toBe(false);
  });
});

/** Counts setInterval ticks while `work` runs: a hasher that blocks the event loop lets none through. */
async function ticksDuring(work: () => Promise<unknown>) {
  let ticks = 0;
  let last = performance.now();
  let maxGap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
    ticks++;
  }, 1);
  try {
    await work();
    return { ticks, maxGap: Math.max(maxGap, performance.now() - last) };
  } finally {
    clearInterval(timer);
  }
}

describe('node hasher and the event loop', () => {
  const five = (hash: (password: string) => Promise<string>) => () =>
    Promise.all(Array.from({ length: 5 }, (_, i) => hash(`Passw0rd${i}`)));

  it('keeps the event loop ticking during 5 parallel hashes and verifies', async () => {
    const hashes = await five(nodePasswordHasher.hash)();
    const during = await ticksDuring(async () => {
      await five(nodePasswordHasher.hash)();
      await Promise.all(hashes.map((hash, i) => nodePasswordHasher.verify(hash, `Passw0rd${i}`)));
    });
    expect(during.ticks).toBeGreaterThanOrEqual(3);
    expect(during.maxGap).toBeLessThan(100);
  });

  it('(control) the probe does catch a blocking hasher: the wasm one runs on the main thread', async () => {
    await workersPasswordHasher.hash('warm-up');
    const during = await ticksDuring(five(workersPasswordHasher.hash));
    expect(during.ticks).toBe(0);
  });
});
