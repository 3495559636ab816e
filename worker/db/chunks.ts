/**
 * Rows split for multi-row statements: SQLite (and Turso's) bound-value limit caps how many rows one INSERT may carry,
 * so each caller names a size that keeps its rows' values far below it.
 */
export const chunks = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
