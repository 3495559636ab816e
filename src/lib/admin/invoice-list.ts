/** Moved to the neutral src/lib/invoices/list.ts. */
export * from '../invoices/list';
