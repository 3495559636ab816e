/**
 * A bank statement file, as uploaded, turned into the list of its transactions: ISO 20022 camt.053 statements and
 * camt.054 notifications, and the CSV exports of Swedbank, SEB and LHV. Pure and host-independent (bytes in, values
 * out, Web APIs only), so the import runs the same on Workers and on Node; matching and writing are the import
 * service's. The format is told from the content, never from the file name (docs/decisions/020).
 */
import { STATEMENT_MAX_BYTES } from '../../../src/lib/bank-statements';
import { bankCsvSteps } from './bank-csv';
import { parseCamt } from './camt';
import { decodeStatementBytes } from './decode';

export type StatementFormat = 'camt.053' | 'camt.054' | 'swedbank-csv' | 'seb-csv' | 'lhv-csv';

export interface StatementTransaction {
  /** The bank's archive id (AcctSvcrRef, Arhiveerimistunnus, Archive ID), or null when the bank gives none. */
  archiveId: string | null;
  bookedOn: string; // 'YYYY-MM-DD'
  direction: 'credit' | 'debit'; // credit = money in
  amountCents: number; // > 0, integer
  currency: string; // 'EUR'
  counterpartyName: string | null; // payer for a credit, beneficiary for a debit
  counterpartyAccount: string | null; // IBAN or BBAN
  counterpartyIdCode: string | null;
  /** The structured creditor reference as the bank gave it, spaces removed; null when none. */
  reference: string | null;
  /** Free text (Ustrd / Selgitus), whitespace collapsed. */
  text: string;
  endToEndId: string | null;
  /** Position in the file, from 1, for messages ("rida 12"): the XML line of the entry, or the CSV row. */
  line: number;
  /** The account whose statement the transaction is on (compact IBAN or BBAN); null when the file names none. */
  account: string | null;
}

/**
 * A file's transactions in the file's order, and the accounts it has statements of: a bank's camt.053 may hold
 * several accounts' statements (each a `Stmt`), and each is imported as that account's statement.
 */
export interface ParsedStatement {
  format: StatementFormat;
  /** Distinct, in the order the file first names them; an account whose statement has no transactions is listed too. */
  accounts: (string | null)[];
  transactions: StatementTransaction[];
}

export { STATEMENT_MAX_BYTES };

export type StatementErrorCode =
  | 'statement_unknown_format'
  | 'statement_malformed'
  | 'statement_too_large'
  | 'statement_empty'
  | 'statement_unsafe_xml';

/** A file that cannot be imported, with an Estonian message for the person who uploaded it. */
export class StatementFormatError extends Error {
  readonly code: StatementErrorCode;
  /** The line of the file the problem is on, when it is one line's. */
  readonly line?: number;

  constructor(code: StatementErrorCode, message: string, line?: number) {
    super(message);
    this.name = 'StatementFormatError';
    this.code = code;
    this.line = line;
  }
}

const EXPECTED = 'oodati ISO 20022 camt.053 või camt.054 XML-faili või Swedbanki, SEB või LHV CSV-väljavõtet';

/**
 * The statement in an uploaded file, or a StatementFormatError saying what is wrong with it. The file name only
 * names the file in the message.
 */
export function parseStatement(bytes: Uint8Array, fileName?: string): ParsedStatement {
  const steps = statementSteps(bytes, fileName);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * parseStatement with a turn for other requests at each of its pauses (`turn` decides whether to take it): a large
 * CSV's rows are read a few hundred at a time. A camt file is one parser call (~600 ms at the 5 MB limit).
 */
export async function parseStatementInTurns(bytes: Uint8Array, fileName: string | undefined, turn: () => Promise<void>): Promise<ParsedStatement> {
  const steps = statementSteps(bytes, fileName);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await turn();
  }
}

function* statementSteps(bytes: Uint8Array, fileName?: string): Generator<void, ParsedStatement> {
  const named = fileName ? ` „${fileName}“` : '';
  if (bytes.byteLength > STATEMENT_MAX_BYTES) {
    throw new StatementFormatError('statement_too_large', `Fail${named} on liiga suur: väljavõte võib olla kuni 5 MB.`);
  }
  const text = decodeStatementBytes(bytes);
  if (text.trim() === '') throw new StatementFormatError('statement_empty', `Fail${named} on tühi: ${EXPECTED}.`);
  yield;
  const statement = text.trimStart().startsWith('<') ? parseCamt(text) : yield* bankCsvSteps(text);
  if (!statement) throw new StatementFormatError('statement_unknown_format', `Faili${named} ei õnnestunud lugeda: ${EXPECTED}.`);
  return statement;
}

/** Whitespace and line breaks inside a field become single spaces: banks wrap free text at fixed widths. */
export function collapseWhitespace(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

/** An account number as compared and stored: "EE38 2200 2210 2014 5685" → "EE382200221020145685"; blank → null. */
export function compactAccount(value: string | null | undefined): string | null {
  const compact = (value ?? '').replace(/\s+/g, '').toUpperCase();
  return compact === '' ? null : compact;
}

/** 'YYYY-MM-DD' for a real calendar day, else null (31.02 is refused, not rolled into March). */
export function calendarDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The distinct accounts, in their first order. */
export function distinctAccounts(accounts: Iterable<string | null>): (string | null)[] {
  return [...new Set(accounts)];
}
