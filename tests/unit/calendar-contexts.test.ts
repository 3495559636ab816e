import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTEXTS_SOURCE, rewriteCalendar, rewriteDatePicker } from '../../scripts/vite/calendar-contexts.mjs';

// scripts/vite/calendar-contexts.mjs rewrites two of React Aria's files so the date picker's calendar can load on
// its own (docs/decisions/023-page-javascript.md). It matches their published code exactly: an upgrade that changes
// it fails here (and stops the build) rather than quietly loading the calendar with every date field again.
describe('the calendar contexts moved apart', () => {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('react-aria-components/package.json'));
  const source = (file: string) => readFileSync(path.join(root, 'dist/private', file), 'utf8');
  const virtual = 'virtual:react-aria-calendar-contexts';

  it('DatePicker.mjs takes the contexts from the shared module and nothing from Calendar.mjs', () => {
    const code = rewriteDatePicker(source('DatePicker.mjs'));
    expect(code).not.toContain('"./Calendar.mjs"');
    expect(code).toMatch(new RegExp(`import \\{CalendarContext as [\\w$]+, RangeCalendarContext as [\\w$]+\\} from "${virtual}";`));
  });

  it('Calendar.mjs imports the same two contexts and still exports them', () => {
    const original = source('Calendar.mjs');
    const code = rewriteCalendar(original);
    for (const name of ['CalendarContext', 'RangeCalendarContext']) {
      const local = new RegExp(`([\\w$]+) as ${name}\\b`).exec(original)![1]!;
      expect(code).toContain(`import {${name} as ${local}} from "${virtual}";`);
      expect(code).not.toContain(`const ${local} =`);
      expect(code).toMatch(new RegExp(`${local.replace(/\$/g, '\\$')} as ${name}\\b`));
    }
    // The calendar's state contexts stay where they were.
    expect(code.match(/createContext\)\(null\)/g)?.length).toBe((original.match(/createContext\)\(null\)/g)?.length ?? 0) - 2);
  });

  it('the shared module creates each context once', () => {
    expect(CONTEXTS_SOURCE).toContain('export const CalendarContext = /*#__PURE__*/ createContext(null);');
    expect(CONTEXTS_SOURCE).toContain('export const RangeCalendarContext = /*#__PURE__*/ createContext(null);');
  });

  it('refuses code it does not recognise', () => {
    expect(() => rewriteDatePicker('import {CalendarStateContext as x} from "./Calendar.mjs";')).toThrow(/React Aria's code changed/);
    expect(() => rewriteDatePicker('export {}')).toThrow(/React Aria's code changed/);
    expect(() => rewriteCalendar('export {}')).toThrow(/React Aria's code changed/);
  });
});
