/** Moved to the neutral src/lib/payments.ts (the ledger's contract is the core's). */
export * from '../payments';
