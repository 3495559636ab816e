/** Moved to the neutral src/lib/invoices/documents.ts (the core issues the documents). */
export * from '../invoices/documents';
