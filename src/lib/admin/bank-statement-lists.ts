/** Moved to the neutral src/lib/bank-statements.ts (the statement import is the core's). */
export * from '../bank-statements';
