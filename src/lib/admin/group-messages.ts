/** Moved to the neutral src/lib/group-messages.ts. */
export * from '../group-messages';
