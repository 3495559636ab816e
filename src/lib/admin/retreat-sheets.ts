/** Moved to the neutral src/lib/retreat-sheets.ts (the core draws the sheets). */
export * from '../retreat-sheets';
