import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodePasswordHasher } from '../../worker/hosts/passwords-node';
import { createTestDb, type TestDb } from '../helpers/test-db';

// `npm run admin:create` end to end: a real process, the password on standard input, a real database file.
const REPO = path.resolve(import.meta.dirname, '../..');
let db: TestDb;
beforeEach(async () => {
  db = await createTestDb();
});
afterEach(async () => {
  await db.cleanup();
});

function run(args: string[], password: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', ...args], {
    cwd: REPO,
    input: `${password}\n`,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: db.url },
    timeout: 60_000,
  });
}

describe('admin:create', () => {
  it('creates a confirmed admin once, and refuses while one exists', { timeout: 120_000 }, async () => {
    const ok = run(['--email', 'Juht@Example.com', '--first-name', 'Ada', '--last-name', 'Admin'], 'Admin12345');
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('Admin created successfully!');
    const [user] = (await db.client.execute('SELECT id, email, password_hash, email_confirmed_at FROM users')).rows;
    expect(user).toMatchObject({ email: 'juht@example.com' });
    expect(user!.email_confirmed_at).not.toBeNull();
    expect(await nodePasswordHasher.verify(String(user!.password_hash), 'Admin12345')).toBe(true);
    expect((await db.client.execute('SELECT role FROM user_roles')).rows).toEqual([expect.objectContaining({ role: 'admin' })]);

    const again = run(['--email', 'teine@example.com', '--first-name', 'Bob', '--last-name', 'Admin'], 'Admin12345');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('Admin Already Set Up');
  });

  it('applies the password and name rules', { timeout: 60_000 }, () => {
    const weak = run(['--email', 'juht@example.com', '--first-name', 'Ada', '--last-name', 'Admin'], 'lihtne');
    expect(weak.status).toBe(2);
    expect(weak.stderr).toContain('Password must be at least 8 characters');
  });
});
