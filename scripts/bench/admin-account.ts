// The administrator a back-office benchmark signs in as: made by SQL with the database's other rows, signed in over
// HTTP like a browser, so each benchmark times the screens and not the account's set-up.
import type { InStatement } from '@libsql/client';
import { nodePasswordHasher } from '../../worker/hosts/passwords-node';
import { BenchmarkFailed } from './load';

const EMAIL = 'bench-admin@example.com';
const PASSWORD = 'Bench12345';

/** The admin's user row and role, for the benchmark's loading batch, and the admin's id for rows that name them. */
export async function benchAdmin(): Promise<{ adminId: string; rows: InStatement[] }> {
  const adminId = crypto.randomUUID();
  const rows = [
    {
      sql: 'INSERT INTO users (id, email, password_hash, first_name, last_name, email_confirmed_at) VALUES (?, ?, ?, ?, ?, ?)',
      args: [adminId, EMAIL, await nodePasswordHasher.hash(PASSWORD), 'Bench', 'Admin', new Date().toISOString()],
    },
    { sql: "INSERT INTO user_roles (user_id, role) VALUES (?, 'admin')", args: [adminId] },
  ];
  return { adminId, rows };
}

/** Signs the admin in at `origin` and answers the session's Cookie header; a refused sign-in fails the run. */
export async function signInBenchAdmin(origin: string): Promise<string> {
  const signIn = await fetch(`${origin}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!signIn.ok) throw new BenchmarkFailed(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
