/** Moved to src/lib/validation/form-fields.ts (the core reads it too). */
export * from '../validation/form-fields';
