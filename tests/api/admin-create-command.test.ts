import { spawn, spawnSync } from 'node:child_process';
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

  it('of five commands run at once, exactly one creates an admin', { timeout: 120_000 }, async () => {
    const runs = Array.from({ length: 5 }, (_, i) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', '--email', `juht${i}@example.com`, '--first-name', 'Ada', '--last-name', 'Admin'], {
        cwd: REPO,
        env: { ...process.env, DATABASE_URL: db.url },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      const exited = new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
      return { child, asking: () => stdout.includes('Password:'), exited };
    });
    // Each waits for its password; handing them out together lines the five up on the same check.
    await expect.poll(() => runs.every((r) => r.asking()), { timeout: 60_000, interval: 100 }).toBe(true);
    for (const run of runs) run.child.stdin.end('Admin12345\n');
    const results = await Promise.all(runs.map((r) => r.exited));
    expect(results.filter((r) => r.status === 0)).toHaveLength(1);
    for (const lost of results.filter((r) => r.status !== 0)) {
      expect(lost.status).toBe(1);
      expect(lost.stderr).toContain('Admin Already Set Up');
    }
    expect((await db.client.execute("SELECT count(*) AS n FROM user_roles WHERE role = 'admin'")).rows[0]!.n).toBe(1);
    expect((await db.client.execute('SELECT count(*) AS n FROM users')).rows[0]!.n).toBe(1);
  });

  it('applies the password and name rules', { timeout: 60_000 }, () => {
    const weak = run(['--email', 'juht@example.com', '--first-name', 'Ada', '--last-name', 'Admin'], 'lihtne');
    expect(weak.status).toBe(2);
    expect(weak.stderr).toContain('Password must be at least 8 characters');
  });
});
