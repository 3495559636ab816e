/** Moved to the neutral src/lib/labels.ts (the core's run sheets read it too). */
export * from '../labels';
