import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GREGORIAN_ONLY_SOURCE } from '../../scripts/vite/gregorian-calendar.mjs';

// scripts/vite/gregorian-calendar.mjs swaps @internationalized/date's createCalendar for one that makes only the
// Gregorian calendar in the browser's bundle. That is right while the admin app's locale asks for no other calendar
// and the swapped module keeps the one export its importers use: an upgrade or a locale change fails here first.
describe('the Gregorian-only createCalendar', () => {
  const require = createRequire(import.meta.url);
  // The package exports no package.json; its entry is dist/index.cjs.
  const dist = path.dirname(require.resolve('@internationalized/date'));
  const original = readFileSync(path.join(dist, 'private/createCalendar.mjs'), 'utf8');

  it('replaces a module whose only export is createCalendar, defaulting to the Gregorian calendar', () => {
    expect([...original.matchAll(/export \{([^}]*)\}/g)].map((m) => m[1]!.trim())).toEqual([expect.stringMatching(/ as createCalendar$/)]);
    expect(original).toMatch(/case 'gregory':\s*default:\s*return new \(0, [\w$]+\)\(\);/);
    expect(original).toMatch(/import \{GregorianCalendar as [\w$]+\} from "\.\/calendars\/GregorianCalendar\.mjs";/);
    expect(GREGORIAN_ONLY_SOURCE).toContain("from './calendars/GregorianCalendar.mjs'");
    expect(GREGORIAN_ONLY_SOURCE).toMatch(/export function createCalendar\(/);
  });

  it("is all the admin app's locale needs", () => {
    // The admin app's I18nProvider (src/islands/admin/admin-app.tsx) and React Aria's date fields ask the formatter.
    expect(new Intl.DateTimeFormat('et-EE').resolvedOptions().calendar).toBe('gregory');
    expect(readFileSync('src/islands/admin/admin-app.tsx', 'utf8')).toContain('<I18nProvider locale="et-EE">');
  });
});
