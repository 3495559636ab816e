/**
 * The invoice number's shape from the settings (`invoicing.numberFormat`, e.g. "{YYYY}-{NNNN}" → "2026-0001"):
 * the series number is one counter that never restarts (docs/decisions/013), so numbers stay unique and
 * consecutive across years; {YYYY} only shows the year of issue.
 */
import { sql, type SQL } from 'drizzle-orm';

export interface NumberShape {
  prefix: string;
  digits: number;
  suffix: string;
}

/** The format for one issue year: the text before and after the series number, and its zero-padded width. */
export function numberShape(format: string, year: number): NumberShape {
  const filled = format.replaceAll('{YYYY}', String(year));
  const match = /^([^{}]*)\{(N+)\}([^{}]*)$/.exec(filled);
  if (!match) throw new Error(`invoicing.numberFormat "${format}" needs exactly one {N…}`);
  return { prefix: match[1]!, digits: match[2]!.length, suffix: match[3]! };
}

export function formatInvoiceNumber(shape: NumberShape, seriesNumber: number): string {
  return `${shape.prefix}${String(seriesNumber).padStart(shape.digits, '0')}${shape.suffix}`;
}

/** The same as SQL, for the INSERT that takes the next number inside its own statement. */
export function invoiceNumberSql(shape: NumberShape, seriesNumber: SQL): SQL {
  return sql`${shape.prefix} || printf(${`%0${shape.digits}d`}, ${seriesNumber}) || ${shape.suffix}`;
}
