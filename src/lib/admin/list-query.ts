/** Moved to the neutral src/lib/list-query.ts (the core reads it too). */
export * from '../list-query';
