import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { workersPasswordHasher as hasher } from '../../worker/hosts/passwords-workers';

// The Workers hasher inside workerd (the .wasm imported as a compiled module, as in the deployed bundle), checked
// against the Node host's hasher through NODE_PASSWORDS, a service binding that runs in Node (vitest.config.ts).
const node = (env as unknown as { NODE_PASSWORDS: Fetcher }).NODE_PASSWORDS;

async function askNode<T>(body: { password: string; hash?: string }): Promise<T> {
  const res = await node.fetch('http://node/', { method: 'POST', body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.json<T>();
}

const PASSWORDS = ['Passw0rd', 'Õunapuu1ä', 'Šokolaad2žÜ', 'pässw0rd 🙂 with spaces'];

describe('workers password hasher in workerd', () => {
  it('makes argon2id PHC strings with m=19456, t=2, p=1 and a fresh salt each time', async () => {
    const [a, b] = [await hasher.hash('Passw0rd'), await hasher.hash('Passw0rd')];
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(await hasher.verify(a, 'Passw0rd')).toBe(true);
    expect(await hasher.verify(a, 'passw0rd')).toBe(false);
  });

  it.each(PASSWORDS)('verifies a hash of %j made by the Node hasher, not a wrong password', async (password) => {
    const { hash } = await askNode<{ hash: string }>({ password });
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, password)).toBe(true);
    expect(await hasher.verify(hash, password + 'x')).toBe(false);
  });

  it.each(PASSWORDS)('makes a hash of %j that the Node hasher verifies, not a wrong password', async (password) => {
    const hash = await hasher.hash(password);
    expect(await askNode<{ ok: boolean }>({ password, hash })).toEqual({ ok: true });
    expect(await askNode<{ ok: boolean }>({ password: password.slice(0, -1), hash })).toEqual({ ok: false });
  });

  it('does not confuse non-ASCII passwords that share a UTF-16 length and a UTF-8 prefix', async () => {
    const hash = await hasher.hash('Õunapuu1ä');
    expect(await hasher.verify(hash, 'Õunapuu1ö')).toBe(false);
  });

  it('answers false, without throwing, for hashes it cannot read', async () => {
    const good = await hasher.hash('Passw0rd');
    for (const bad of [
      '',
      'not a hash',
      '$2b$10$abcdefghijklmnopqrstuuJ9Yd0H6y7cQ9XK1j0Xn3Zr3Zr3Zr3Zr',
      '$argon2id$v=19$m=19456,t=2,p=1$!!!$???',
      good.slice(0, -10),
      good.replace('$argon2id$', '$argon2i$'),
      '$argon2id$v=19$m=4294967295,t=2,p=1$' + good.split('$').slice(-2).join('$'),
    ]) {
      expect(await hasher.verify(bad, 'Passw0rd'), bad).toBe(false);
    }
    // And still works afterwards.
    expect(await hasher.verify(good, 'Passw0rd')).toBe(true);
  });
});
