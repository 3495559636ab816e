// React Aria's DatePicker hands its props to the Calendar inside its popover through two React contexts that
// Calendar.mjs defines, so DatePicker.mjs imports Calendar.mjs, and with it the calendar's grid, state and hooks:
// every screen with a date field would load the calendar before anyone opens one. In the browser's bundle this moves
// the two contexts into a module of their own that both files import, so the bundler can leave the calendar to the
// chunk that draws it (src/islands/admin/ui/date-picker-calendar.tsx, loaded when a date field is reached for;
// docs/decisions/023-page-javascript.md). The contexts are the same objects for both, as before.
//
// The rewrite matches React Aria's published code exactly and stops the build when that changes (an upgrade): then
// adapt the patterns below, or drop this plugin and the lazy calendar. tests/unit/calendar-contexts.test.ts runs it
// on the installed files.

const DATE_PICKER = /[\\/]react-aria-components[\\/]dist[\\/]private[\\/]DatePicker\.mjs$/;
const CALENDAR = /[\\/]react-aria-components[\\/]dist[\\/]private[\\/]Calendar\.mjs$/;
const VIRTUAL = 'virtual:react-aria-calendar-contexts';
const RESOLVED = `\0${VIRTUAL}`;
const CONTEXTS = ['CalendarContext', 'RangeCalendarContext'];

export const CONTEXTS_SOURCE = `import { createContext } from 'react';
${CONTEXTS.map((name) => `export const ${name} = /*#__PURE__*/ createContext(null);`).join('\n')}
`;

const fail = (what) => {
  throw new Error(`calendar-contexts (scripts/vite/calendar-contexts.mjs): ${what}; React Aria's code changed`);
};

/** DatePicker.mjs with its import of the contexts from ./Calendar.mjs taken from the shared module instead. */
export function rewriteDatePicker(code) {
  const from = /import \{([^}]*)\} from "\.\/Calendar\.mjs";/;
  const match = from.exec(code);
  if (!match) fail('DatePicker.mjs no longer imports from ./Calendar.mjs');
  const imported = match[1].split(',').map((part) => part.trim().split(/\s+as\s+/)[0]);
  if (imported.some((name) => !CONTEXTS.includes(name))) fail(`DatePicker.mjs imports ${imported.join(', ')} from ./Calendar.mjs`);
  return code.replace(from, `import {${match[1]}} from "${VIRTUAL}";`);
}

/** Calendar.mjs with the two contexts imported from the shared module instead of created (its exports unchanged). */
export function rewriteCalendar(code) {
  let out = code;
  for (const name of CONTEXTS) {
    const local = new RegExp(`([\\w$]+) as ${name}\\b`).exec(code)?.[1];
    if (!local) fail(`Calendar.mjs exports no ${name}`);
    const created = new RegExp(`const ${local.replace(/\$/g, '\\$')} = /\\*#__PURE__\\*/ \\(0, [\\w$]+\\)\\(null\\);`);
    if (!created.test(out)) fail(`Calendar.mjs creates ${name} differently`);
    out = out.replace(created, `import {${name} as ${local}} from "${VIRTUAL}";`);
  }
  return out;
}

/** @returns {import('vite').Plugin} */
export function calendarContextsApart() {
  return {
    name: 'calendar-contexts-apart',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? CONTEXTS_SOURCE : null),
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (DATE_PICKER.test(file)) return { code: rewriteDatePicker(code), map: null };
      if (CALENDAR.test(file)) return { code: rewriteCalendar(code), map: null };
      return null;
    },
  };
}
