/**
 * A run sheet as data (issue 24): what the PDF draws (worker/domain/retreats/sheets/pdf.ts, loaded on demand) and
 * what the CSV writes, built by the pure functions beside this file. A cell may carry a warning (a passport that runs
 * out too soon): the PDF prints it in red, and each sheet's CSV says it in a column of its own.
 */
import type { SheetEdition } from './people';

export type SheetCell = string | { text: string; warn: true };

export interface SheetTable {
  heading?: string;
  /** Widths are shares of the line (they need not add up to 1: they are scaled). */
  columns: { label: string; width: number }[];
  rows: SheetCell[][];
  /** Shown instead of an empty table. */
  empty?: string;
}

export interface SheetDocument {
  title: string;
  edition: SheetEdition;
  /** When it was made (ISO instant), printed in its footer. */
  generatedAt: string;
  /** Lines under the title: counts and the like. */
  summary: string[];
  tables: SheetTable[];
  /** Lines after the tables (the health sheet's retention, warnings). */
  notes: string[];
}

export interface SheetCsv {
  header: string[];
  rows: (string | number)[][];
}

export interface Sheet {
  document: SheetDocument;
  csv: SheetCsv;
}

export const cellText = (cell: SheetCell): string => (typeof cell === 'string' ? cell : cell.text);
export const warn = (text: string): SheetCell => ({ text, warn: true });
