// npm run admin:create -- --email <e-mail> --first-name <name> --last-name <name>
// Creates the first admin from a shell, like /create-main-admin does with the setup link; only while no admin
// exists. The password is read from standard input (asked for twice on a terminal), never from the command line,
// so it stays out of shell history and process lists.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { emailField, nameField, passwordField } from '../src/lib/validation/fields';
import { createDb } from '../worker/db';
import { migrateDatabase } from '../worker/db/migrate';
import { nodePasswordHasher } from '../worker/hosts/passwords-node';
import { ApiError } from '../worker/errors';
import { adminExists } from '../worker/domain/auth/roles';
import { createMainAdmin } from '../worker/domain/auth/setup';
import { describeUrl, openDatabaseFromEnv } from './db-env';

const { values } = parseArgs({
  options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
});

async function readPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      if (process.stdin.isTTY) {
        // Echo nothing while the password is typed.
        const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl);
        (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => write(s.startsWith(question) ? question : '');
      }
      rl.question(question, (answer) => resolve(answer));
    });
  const first = await ask('Password: ');
  const second = process.stdin.isTTY ? await ask('\nPassword again: ') : first;
  rl.close();
  if (process.stdin.isTTY) process.stdout.write('\n');
  if (first !== second) throw new Error('The two passwords differ.');
  return first;
}

const input = z
  .object({ email: emailField, firstName: nameField, lastName: nameField, password: passwordField })
  .safeParse({ email: values.email, firstName: values['first-name'], lastName: values['last-name'], password: await readPassword() });
if (!input.success) {
  for (const issue of input.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
  console.error('\nUsage: npm run admin:create -- --email <e-mail> --first-name <name> --last-name <name>  (password on stdin)');
  process.exit(2);
}

const { client, url } = openDatabaseFromEnv();
try {
  await migrateDatabase(client);
  // Creating an account needs no site address, mail or session key: only the database, the hasher and a clock.
  const deps = { db: createDb(client), passwords: nodePasswordHasher, now: () => new Date(), log: () => {} };
  if (await adminExists(deps)) {
    console.error('Admin Already Set Up: an admin exists, so this command does nothing. Admins manage roles at /admin/users.');
    process.exit(1);
  }
  await createMainAdmin(deps, input.data, {});
  console.log(`Admin created successfully! ${input.data.email} can now sign in at /auth (database: ${describeUrl(url)}).`);
} catch (err) {
  console.error(err instanceof ApiError ? `${err.message}` : err);
  process.exit(1);
} finally {
  client.close();
}
