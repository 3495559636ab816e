/**
 * Issue 41, one contract: a route's answer changed on the server is a compile error in the
 * screen that reads it. Type-checks the discount-code screens with TypeScript's own API with the route's answer renamed in memory (`{ discountCode }` → `{ code }`): the hook that reads
 * `.discountCode` must then fail. The files on disk are never changed.
 */
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ROUTE = path.join(ROOT, 'worker/routes/admin/discount-codes.ts');
const SCREENS = ['src/islands/admin/screens/discount-codes/index.tsx', 'src/islands/admin/screens/discount-codes/code-dialog.tsx'].map((f) =>
  path.join(ROOT, f),
);

/** The screens' type errors with the route's source edited in memory (as they are, they have none: npm run typecheck). */
function errorsWith(edit: (text: string) => string) {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!;
  const host = ts.createCompilerHost(config.options);
  const read = host.readFile;
  host.readFile = (file) => {
    const text = read(file);
    return text !== undefined && path.resolve(file) === ROUTE ? edit(text) : text;
  };
  const program = ts.createProgram({ rootNames: [...SCREENS, path.join(ROOT, '.astro/types.d.ts')], options: config.options, host });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? path.relative(ROOT, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0]}`);
}

it('fails to compile the screens when the route renames its answer', () => {
  const errors = errorsWith((text) => text.replaceAll('return c.json({ discountCode });', 'return c.json({ code: discountCode });'));
  expect(errors).toContainEqual(expect.stringMatching(/^src\/islands\/admin\/api\/discount-codes\.ts: Property 'discountCode' does not exist/));
}, 120_000);
