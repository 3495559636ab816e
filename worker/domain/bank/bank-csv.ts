/**
 * The CSV statement exports of the three Estonian banks, each told by its header row and read by column name, not
 * position (the banks have added columns before). csv-parse's sync API does the quoting; it imports nothing from
 * Node (docs/decisions/020).
 */
import { parse, CsvError } from 'csv-parse/sync';
import { AMOUNT_PROBLEM_WORDS, parseAmount } from './amounts';
import { normaliseReference } from './references';
import {
  calendarDate,
  collapseWhitespace,
  compactAccount,
  distinctAccounts,
  StatementFormatError,
  type ParsedStatement,
  type StatementTransaction,
} from './statement';

/** The header names (compared in lower case) of the columns a transaction is read from. */
interface Columns {
  account: string;
  date: string;
  name: string;
  counterpartyAccount?: string;
  debitCredit: string;
  amount: string;
  currency: string;
  archiveId: string;
  reference: string;
  text: string;
  idCode?: string;
}

interface Layout {
  format: 'swedbank-csv' | 'seb-csv' | 'lhv-csv';
  decimalSeparator: ',' | '.';
  columns: Columns;
  /** Whether a header with all the columns is this bank's and not another's with the same names. */
  owns: (header: Set<string>, delimiter: string) => boolean;
}

// SEB's Estonian export and LHV's have the same names for every column read here.
const ESTONIAN_COLUMNS: Columns = {
  account: 'kliendi konto',
  date: 'kuupäev',
  name: 'saaja/maksja nimi',
  counterpartyAccount: 'saaja/maksja konto',
  debitCredit: 'deebet/kreedit (d/c)',
  amount: 'summa',
  currency: 'valuuta',
  archiveId: 'arhiveerimistunnus',
  reference: 'viitenumber',
  text: 'selgitus',
  idCode: 'isikukood või registrikood',
};

/** Columns only LHV's export has: "Tühi" stands where SEB has "Tüüp", and LHV appends payment-initiator details. */
const LHV_ONLY = ['tühi', 'makse algataja nimi', 'kande viide', 'konto teenusepakkuja viide', 'saaja/maksja panga bic'];

/** Swedbank's "Reatüüp": 20 is a transaction; 10 is the opening balance, 82 the turnover, 86 the closing balance. */
const SWEDBANK_ROW_TYPE = 'reatüüp';
const SWEDBANK_TRANSACTION = '20';

const LAYOUTS: Layout[] = [
  {
    format: 'swedbank-csv',
    decimalSeparator: ',',
    columns: {
      account: 'kliendi konto',
      date: 'kuupäev',
      name: 'saaja/maksja',
      debitCredit: 'deebet/kreedit',
      amount: 'summa',
      currency: 'valuuta',
      archiveId: 'arhiveerimistunnus',
      reference: 'viitenumber',
      text: 'selgitus',
    },
    owns: (header) => header.has(SWEDBANK_ROW_TYPE),
  },
  {
    format: 'seb-csv',
    decimalSeparator: ',',
    columns: {
      account: 'account',
      date: 'date',
      name: "beneficiary's name",
      counterpartyAccount: "beneficiary's account",
      debitCredit: '(d/c)',
      amount: 'amount',
      currency: 'currency',
      archiveId: 'archive id',
      reference: 'reference no.',
      text: 'description',
      idCode: 'id code/registry code',
    },
    owns: () => true,
  },
  {
    format: 'lhv-csv',
    decimalSeparator: '.',
    columns: ESTONIAN_COLUMNS,
    owns: (header, delimiter) => delimiter === ',' || LHV_ONLY.some((name) => header.has(name)),
  },
  {
    format: 'seb-csv',
    decimalSeparator: ',',
    columns: ESTONIAN_COLUMNS,
    owns: (header) => header.has('tüüp'),
  },
];

function headerName(cell: string): string {
  return cell.replace(/^\uFEFF/, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Rows read between two of the steps' pauses: a few milliseconds' work. */
const ROWS_PER_STEP = 500;

/**
 * The statement in a bank CSV export; null when the first line is not one of the known headers. A generator that
 * pauses (yields) every ROWS_PER_STEP rows, so that an import can let other requests in between (./statement).
 */
export function* bankCsvSteps(text: string): Generator<void, ParsedStatement | null> {
  const headerLine = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  // Header names contain neither mark, so whichever the header line has is the delimiter.
  const delimiter = count(headerLine, ';') >= count(headerLine, ',') ? ';' : ',';
  let header: string[];
  try {
    header = parse(headerLine, { delimiter, relax_column_count: true })[0]?.map(headerName) ?? [];
  } catch {
    return null;
  }
  const names = new Set(header);
  const layout = LAYOUTS.find((l) => Object.values(l.columns).every((name) => names.has(name)) && l.owns(names, delimiter));
  if (!layout) return null;

  let rows: string[][];
  try {
    rows = parse(text, { delimiter, relax_column_count: true });
  } catch (error) {
    const line = error instanceof CsvError && typeof error.lines === 'number' ? error.lines : undefined;
    throw new StatementFormatError('statement_malformed', `CSV-fail on vigane${line ? ` (rida ${line})` : ''}: jutumärkides on viga.`, line);
  }

  const index = new Map(header.map((name, i) => [name, i]));
  const headerRow = rows.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  const accounts: (string | null)[] = [];
  const transactions: StatementTransaction[] = [];
  for (const [i, row] of rows.entries()) {
    if (i % ROWS_PER_STEP === 0) yield;
    if (i <= headerRow || row.every((cell) => cell.trim() === '')) continue;
    const cell = (name: string | undefined) => (name === undefined ? '' : (row[index.get(name) ?? -1] ?? '').trim());
    if (layout.format === 'swedbank-csv' && cell(SWEDBANK_ROW_TYPE) !== SWEDBANK_TRANSACTION) continue;
    // Rows are numbered as a spreadsheet shows them: the header is row 1.
    const line = i + 1;
    // An export of several accounts (a bank's "all accounts" download) names each row's account.
    const account = compactAccount(cell(layout.columns.account));
    accounts.push(account);
    const transaction = readRow(cell, layout, line);
    if (transaction) transactions.push({ ...transaction, account });
  }
  return { format: layout.format, accounts: distinctAccounts(accounts), transactions };
}

function readRow(cell: (name: string | undefined) => string, layout: Layout, line: number): Omit<StatementTransaction, 'account'> | null {
  const { columns } = layout;
  const malformed = (what: string) => new StatementFormatError('statement_malformed', `Rida ${line}: ${what}.`, line);

  const rawAmount = cell(columns.amount);
  const amount = parseAmount(rawAmount, layout.decimalSeparator);
  if (!amount.ok) throw malformed(`summa „${rawAmount}“ ${AMOUNT_PROBLEM_WORDS[amount.problem]}`);
  // A zero row moves no money (some banks list a zero-fee line); there is nothing to match.
  if (amount.cents === 0) return null;

  const rawDate = cell(columns.date);
  const bookedOn = parseDate(rawDate);
  if (!bookedOn) throw malformed(`kuupäev „${rawDate}“ ei ole kuupäev`);

  // The D/C column decides; LHV also signs its amounts, which is the fallback when the column is blank.
  const debitCredit = cell(columns.debitCredit).toUpperCase();
  const direction = debitCredit === '' ? (amount.negative ? 'debit' : 'credit') : DIRECTIONS[debitCredit];
  if (!direction) throw malformed(`deebet/kreedit peab olema D, K või C, failis on „${debitCredit}“`);

  const currency = cell(columns.currency).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw malformed(`valuuta „${currency}“ ei ole valuutakood`);

  return {
    archiveId: cell(columns.archiveId) || null,
    bookedOn,
    direction,
    amountCents: amount.cents,
    currency,
    counterpartyName: collapseWhitespace(cell(columns.name)) || null,
    counterpartyAccount: compactAccount(cell(columns.counterpartyAccount)),
    counterpartyIdCode: cell(columns.idCode) || null,
    reference: normaliseReference(cell(columns.reference)),
    text: collapseWhitespace(cell(columns.text)),
    endToEndId: null,
    line,
  };
}

/** Swedbank writes K (kreedit) where SEB and LHV write C. */
const DIRECTIONS: Record<string, 'credit' | 'debit' | undefined> = { D: 'debit', K: 'credit', C: 'credit' };

/** 'dd.mm.yyyy' (Swedbank, SEB, older LHV) or 'yyyy-mm-dd' (LHV) → 'YYYY-MM-DD'; null when neither, or no such day. */
function parseDate(raw: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(raw);
  if (dotted) return calendarDate(Number(dotted[3]), Number(dotted[2]), Number(dotted[1]));
  return null;
}

function count(text: string, mark: string): number {
  return text.split(mark).length - 1;
}
