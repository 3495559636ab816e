import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { parseStatement, STATEMENT_MAX_BYTES } from '../../worker/domain/bank/statement';
import {
  expectedTransactions,
  LHV_ACCOUNT,
  lhvCsv,
  sampleTransactions,
  sebCsv,
  STATEMENT_ACCOUNT,
  swedbankCsv,
  windows1252,
  type GeneratedTx,
} from '../helpers/bank-statements';
import { bytes, parseText, refusal, withoutLines } from '../helpers/statement-parsing';

const EXPECTED = 'oodati ISO 20022 camt.053 või camt.054 XML-faili või Swedbanki, SEB või LHV CSV-väljavõtet.';

// Names, quotes, the delimiters themselves and a line break inside fields, as the banks' exports carry them.
const entries: GeneratedTx[] = [
  { amountCents: 129_900, bookedOn: '2026-01-05', payerName: 'Jüri Õunapuu', payerAccount: 'EE471000001020145685', payerIdCode: '38001085718', reference: '1234561', text: 'Broneering "Bali"; 2 inimest, jaanuar', archiveId: '2026010500001' },
  { direction: 'debit', amountCents: 4_599, bookedOn: '2026-01-06', payerName: 'Telia Eesti AS', payerAccount: 'EE382200221020145685', payerIdCode: '10234957', text: 'Arve 123\n456', archiveId: '2026010600002' },
  { amountCents: 30_000, bookedOn: '2026-01-31', payerName: 'Šarlota Žukova', text: 'ettemaks, viitenumber 1234 561', archiveId: '2026013100003' },
  { amountCents: 5, bookedOn: '2026-02-01', payerName: 'OÜ Päike', archiveId: '2026020100004' },
];

const files = {
  'swedbank-csv': () => swedbankCsv(entries),
  'seb-csv (en)': () => sebCsv(entries, { language: 'en' }),
  'seb-csv (et)': () => sebCsv(entries, { language: 'et' }),
  'lhv-csv': () => lhvCsv(entries),
};

describe('bank CSV exports read back as written', () => {
  it.each(Object.entries(files))('%s', (name, file) => {
    const format = name.split(' ')[0] as 'swedbank-csv' | 'seb-csv' | 'lhv-csv';
    const statement = parseText(file());
    expect(statement.format).toBe(format);
    expect(statement.accounts).toEqual([format === 'lhv-csv' ? LHV_ACCOUNT : STATEMENT_ACCOUNT]);
    expect(withoutLines(statement.transactions)).toEqual(expectedTransactions(entries, format));
  });

  it('reads Swedbank’s transaction rows (20) only, numbering rows as a spreadsheet does', () => {
    const csv = swedbankCsv(entries);
    expect(csv.split('\r\n').filter((line) => /^"EE\d+";"(10|82|86)"/.test(line))).toHaveLength(4);
    const { transactions } = parseText(csv);
    expect(transactions.map((t) => t.text)).not.toContain('Algsaldo');
    // Row 1 is the header and row 2 the opening balance.
    expect(transactions.map((t) => t.line)).toEqual([3, 4, 5, 6]);
  });

  it('takes K and C for credit and D for debit', () => {
    const { transactions } = parseText(swedbankCsv(entries));
    expect(transactions.map((t) => t.direction)).toEqual(['credit', 'debit', 'credit', 'credit']);
    expect(parseText(swedbankCsv(entries).replace(';"K";"2026010500001"', ';"C";"2026010500001"')).transactions[0]!.direction).toBe('credit');
  });

  it('reads a windows-1252 file (older exports) and one with a byte-order mark', () => {
    const statement = parseStatement(windows1252(swedbankCsv(entries)));
    expect(statement.transactions.map((t) => t.counterpartyName)).toEqual(['Jüri Õunapuu', 'Telia Eesti AS', 'Šarlota Žukova', 'OÜ Päike']);
    expect(withoutLines(parseText(`\uFEFF${lhvCsv(entries)}`).transactions)).toEqual(expectedTransactions(entries, 'lhv-csv'));
  });

  it('finds the columns by name, in any order, whatever their case and surrounding spaces', () => {
    const rows = parse(sebCsv(entries, { language: 'en' }), { delimiter: ';' }) as string[][];
    const order = rows[0]!.map((_, i) => i).reverse();
    const shuffled = rows.map((row, r) => order.map((i) => (r === 0 ? `  ${row[i]!.toUpperCase()} ` : row[i]!)));
    const statement = parseText(stringify(shuffled, { delimiter: ';' }));
    expect(statement.format).toBe('seb-csv');
    expect(withoutLines(statement.transactions)).toEqual(expectedTransactions(entries, 'seb-csv'));
  });

  it('tells SEB’s Estonian export from LHV’s by LHV’s own columns, not by the delimiter alone', () => {
    const rows = parse(lhvCsv(entries), { delimiter: ',' }) as string[][];
    const semicolons = stringify(rows, { delimiter: ';' });
    expect(parseText(semicolons).format).toBe('lhv-csv');
    expect(parseText(sebCsv(entries, { language: 'et' })).format).toBe('seb-csv');
  });

  it('takes LHV’s debits from the D/C column, and from the sign when that column is blank', () => {
    const csv = lhvCsv(entries);
    expect(csv).toContain('"D","-45.99"');
    expect(parseText(csv.replace('"D","-45.99"', '"","-45.99"')).transactions[1]).toMatchObject({ direction: 'debit', amountCents: 4_599 });
    expect(parseText(csv.replace('"C","1299.00"', '"","1299.00"')).transactions[0]).toMatchObject({ direction: 'credit', amountCents: 129_900 });
  });

  it('accepts LHV’s older dd.mm.yyyy dates', () => {
    expect(parseText(lhvCsv(entries).replace('"2026-01-05"', '"05.01.2026"')).transactions[0]!.bookedOn).toBe('2026-01-05');
  });

  it('skips zero rows and blank lines, and reads a header with no rows as no transactions', () => {
    const csv = sebCsv(entries, { language: 'et' }).replace(';0,05;', ';0,00;');
    expect(parseText(`${csv}\r\n\r\n`).transactions).toHaveLength(3);
    const headerOnly = parseText(`${csv.split('\r\n')[0]}\r\n`);
    expect(headerOnly).toEqual({ format: 'seb-csv', accounts: [], transactions: [] });
  });

  it('parses 1,000 rows of each bank, quickly', () => {
    const many = sampleTransactions(1_000);
    for (const [format, csv] of [
      ['swedbank-csv', swedbankCsv(many)],
      ['seb-csv', sebCsv(many, { language: 'et' })],
      ['lhv-csv', lhvCsv(many)],
    ] as const) {
      const started = performance.now();
      const statement = parseText(csv);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(withoutLines(statement.transactions)).toEqual(expectedTransactions(many, format));
    }
  });
});

describe('files that are refused', () => {
  it('an unknown CSV header, naming the shapes expected (and the file when named)', () => {
    const error = refusal(() => parseStatement(bytes('Date;Amount;Payee\n05.01.2026;12,00;Mari\n'), 'konto.csv'));
    expect(error.code).toBe('statement_unknown_format');
    expect(error.message).toBe(`Faili „konto.csv“ ei õnnestunud lugeda: ${EXPECTED}`);
    expect(refusal(() => parseText('%PDF-1.7 binary')).message).toBe(`Faili ei õnnestunud lugeda: ${EXPECTED}`);
  });

  it('a header that has only some of a bank’s columns', () => {
    const header = '"Kliendi konto";"Reatüüp";"Kuupäev";"Saaja/Maksja";"Selgitus";"Summa";"Valuuta"\r\n';
    expect(refusal(() => parseText(header)).code).toBe('statement_unknown_format');
  });

  it('an empty file, a blank one and a byte-order mark alone', () => {
    for (const file of [new Uint8Array(0), bytes(' \r\n\t'), bytes('\uFEFF')]) {
      const error = refusal(() => parseStatement(file));
      expect(error.code).toBe('statement_empty');
      expect(error.message).toBe(`Fail on tühi: ${EXPECTED}`);
    }
  });

  it('a file over 5 MB, before reading it', () => {
    expect(STATEMENT_MAX_BYTES).toBe(5 * 1024 * 1024);
    const error = refusal(() => parseStatement(new Uint8Array(STATEMENT_MAX_BYTES + 1), 'aasta.xml'));
    expect(error.code).toBe('statement_too_large');
    expect(error.message).toBe('Fail „aasta.xml“ on liiga suur: väljavõte võib olla kuni 5 MB.');
  });

  it.each([
    ['an amount that is not one', ';"1299,00";', ';"12x";', 'Rida 3: summa „12x“ ei ole summa.'],
    ['a day that does not exist', '"05.01.2026";"Jüri', '"31.02.2026";"Jüri', 'Rida 3: kuupäev „31.02.2026“ ei ole kuupäev.'],
    ['an unknown debit/credit mark', ';"K";"2026010500001"', ';"X";"2026010500001"', 'Rida 3: deebet/kreedit peab olema D, K või C, failis on „X“.'],
    ['a missing currency', ';"1299,00";"EUR";', ';"1299,00";"";', 'Rida 3: valuuta „“ ei ole valuutakood.'],
    ['a decimal point where the bank writes a comma', ';"1299,00";', ';"1299.00";', 'Rida 3: summa „1299.00“ ei ole summa.'],
  ])('a row with %s, naming its row', (_what, from, to, message) => {
    const csv = swedbankCsv(entries);
    expect(csv).toContain(from);
    const error = refusal(() => parseText(csv.replace(from, to)));
    expect(error).toMatchObject({ code: 'statement_malformed', line: 3, message });
  });

  it('an LHV amount finer than a cent, rather than a thousand times larger', () => {
    const error = refusal(() => parseText(lhvCsv(entries).replace('"1299.00"', '"1.299"')));
    expect(error).toMatchObject({ code: 'statement_malformed', line: 2, message: 'Rida 2: summa „1.299“ on sendist täpsem.' });
  });

  it('a quote left open', () => {
    const error = refusal(() => parseText(`${sebCsv(entries, { language: 'en' })}EE1;"oops\r\n`));
    expect(error.code).toBe('statement_malformed');
    expect(error.message).toMatch(/^CSV-fail on vigane \(rida \d+\): jutumärkides on viga\.$/);
  });

  it('rows of two accounts: each row on its own account', () => {
    const csv = sebCsv(entries, { language: 'en' });
    const last = csv.lastIndexOf(STATEMENT_ACCOUNT);
    const statement = parseText(`${csv.slice(0, last)}EE471000001020145685${csv.slice(last + STATEMENT_ACCOUNT.length)}`);
    expect(statement.accounts).toEqual([STATEMENT_ACCOUNT, 'EE471000001020145685']);
    expect(statement.transactions.map((t) => t.account)).toEqual([...entries.slice(1).map(() => STATEMENT_ACCOUNT), 'EE471000001020145685']);
  });
});
