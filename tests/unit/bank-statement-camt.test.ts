import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isValidReferenceNumber } from '../../src/lib/reference-number';
import { referenceCandidatesInText } from '../../worker/domain/bank/references';
import { parseStatement } from '../../worker/domain/bank/statement';
import { camt053, camtOfAccounts, expectedTransactions, sampleTransactions, STATEMENT_ACCOUNT, type GeneratedTx } from '../helpers/bank-statements';
import { bytes, parseText, refusal, withoutLines } from '../helpers/statement-parsing';

const FIXTURES = join(import.meta.dirname, '../fixtures/bank-statements/genkgo-camt');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

// genkgo's JSON dump: objects by getter name, "__RECURSIVITY__" where an object was already written.
type Dump = Record<string, any>;
const resolved = (entry: Dump): Dump[] =>
  entry.getTransactionDetails.map((d: Dump | string) => (typeof d === 'string' ? entry.getTransactionDetail : d));
const party = (detail: Dump, role: 'Debtor' | 'Creditor') =>
  (detail.getRelatedParties ?? []).find((p: Dump) => p.getRelatedPartyType.__CLASS__.endsWith(`\\${role}`));

describe('genkgo/camt examples', () => {
  const examples = readdirSync(FIXTURES).filter((f) => f.endsWith('.xml') && f !== 'camt053.v2.wrong.xml');

  it('has the seven examples', () => {
    expect(examples).toHaveLength(7);
  });

  it.each(examples)('%s parses, one transaction per entry, agreeing with genkgo’s own parse', (name) => {
    const xml = fixture(name);
    const statement = parseText(xml);
    expect(statement.format).toBe(name.startsWith('camt054') ? 'camt.054' : 'camt.053');
    expect(statement.transactions).toHaveLength(xml.match(/<Ntry>/g)!.length);

    const dump = JSON.parse(fixture(name.replace(/\.xml$/, '.json'))) as Dump;
    expect(dump.getEntries.length).toBeGreaterThan(0);
    for (const entry of dump.getEntries as Dump[]) {
      const signed = Number(entry.getAmount.getAmount);
      const direction = signed < 0 ? 'debit' : 'credit';
      expect(entry.getCreditDebitIndicator).toBe(direction === 'debit' ? 'DBIT' : 'CRDT');
      const tx = statement.transactions.find((t) => t.amountCents === Math.abs(signed) && t.direction === direction);
      expect(tx, `${name}: ${signed}`).toBeDefined();
      expect(tx!.currency).toBe(entry.getAmount.getCurrency.getCode);
      expect(tx!.bookedOn).toBe(entry.getBookingDate['0'].slice(0, 10));

      const details = resolved(entry);
      expect(tx!.archiveId).toBe(entry.getAccountServicerReference ?? details[0]?.getReference?.getAccountServicerReference ?? null);
      if (details.length !== 1) continue;
      const [detail] = details as [Dump];
      const other = party(detail, direction === 'credit' ? 'Debtor' : 'Creditor');
      expect(tx!.counterpartyName).toBe(other?.getRelatedPartyType.getName ?? null);
      expect(tx!.counterpartyAccount).toBe(other?.getAccount?.getIdentification ?? null);
      expect(tx!.counterpartyIdCode).toBe(other?.getRelatedPartyType.getIdentification?.getOtherId ?? null);
      const cri = detail.getRemittanceInformation?.getCreditorReferenceInformation;
      expect(tx!.reference).toBe(cri?.getRef ?? null);
      expect(tx!.endToEndId).toBe(detail.getReference?.getEndToEndId ?? null);
      if (detail.getRemittanceInformation?.getUnstructuredBlocks.length) expect(tx!.text).toBe(detail.getRemittanceInformation.getMessage);
    }
  });

  it('keeps the minimal example’s structured reference as written, and it fails the 7-3-1 check', () => {
    const [tx] = parseText(fixture('camt053.v2.minimal.xml')).transactions;
    expect(tx).toMatchObject({ reference: '4654654654654654', counterpartyName: 'NAME NAME', direction: 'credit', amountCents: 885 });
    expect(isValidReferenceNumber(tx!.reference!)).toBe(false);
  });

  it('reads every statement of a multi-statement file, in order', () => {
    const { transactions } = parseText(fixture('camt053.v2.multi.statement.xml'));
    expect(transactions.map((t) => [t.direction, t.amountCents, t.text])).toEqual([
      ['credit', 885, 'Transaction Description 1'],
      ['debit', 700, 'Transaction Description 2'],
    ]);
    // The debit's counterparty is the creditor.
    expect(transactions[1]!.counterpartyName).toBe('Company Name 2');
  });

  it('reads the payer’s personal code from Dbtr/Id/PrvtId', () => {
    expect(parseText(fixture('camt053.v2.with-party-ids.xml')).transactions[0]!.counterpartyIdCode).toBe('19121212-1212');
  });

  it('takes 8.850 as 8.85 exactly', () => {
    expect(parseText(fixture('camt053.v2.five.decimals.xml')).transactions[0]!.amountCents).toBe(885);
  });

  it('books the entry’s amount, not a single TxDtls’s own (0 SEK in the v4 and v8 examples), and finds an Othr/Id account', () => {
    for (const name of ['camt053.v4.xml', 'camt053.v8.xml']) {
      const statement = parseText(fixture(name));
      expect(statement.accounts).toEqual(['NL26VAYB8060476890']);
      expect(statement.transactions[0]).toMatchObject({ amountCents: 885, currency: 'EUR', archiveId: 'AAAASESS-FP-CN_98765/01' });
    }
    // v8: a date-time booking date gives its own day, the name is inside Pty.
    expect(parseText(fixture('camt053.v8.xml')).transactions[0]).toMatchObject({ bookedOn: '2014-12-31', counterpartyName: 'NAME NAME', endToEndId: 'MUELL/FINP/RA12345' });
  });

  it('keeps a notification entry whose three TxDtls state no amounts as one transaction, with only what they agree on', () => {
    const statement = parseText(fixture('camt054.v2.xml'));
    expect(statement.accounts).toEqual(['CH2801234000123456789']);
    expect(withoutLines(statement.transactions)).toEqual([
      {
        archiveId: 'AAAASESS-FP-ACCR001',
        bookedOn: '2007-10-18',
        direction: 'debit',
        amountCents: 20_000_000,
        currency: 'SEK',
        // Only debtors are named, and this is a debit: no creditor.
        counterpartyName: null,
        counterpartyAccount: null,
        counterpartyIdCode: null,
        // Three different references: none of them is the whole entry's.
        reference: null,
        text: 'Unstructured Remittance Information V1 Unstructured Remittance Information V3 block 1 Unstructured Remittance Information V3 block 2',
        endToEndId: 'MUELL/FINP/RA12345',
        account: 'CH2801234000123456789',
      },
    ]);
  });

  it('refuses the example without a statement', () => {
    const error = refusal(() => parseText(fixture('camt053.v2.wrong.xml')));
    expect(error.code).toBe('statement_malformed');
    expect(error.message).toContain('Stmt');
  });

  it('gives each transaction the line its entry starts on', () => {
    expect(parseText(fixture('camt053.v2.minimal.xml')).transactions[0]!.line).toBe(90);
    expect(parseText(fixture('camt053.v2.multi.statement.xml')).transactions.map((t) => t.line)).toEqual([66, 145]);
  });
});

describe('a statement shaped like pretix’s sepatools example (debits, a batch, BBANs, references in the text only)', () => {
  const entries: GeneratedTx[] = [
    { direction: 'debit', amountCents: 200, archiveId: '2013122710583450000', payerName: 'Testkonto Nummer 2', payerAccount: '740618130100033626', text: 'TEST UEBERWEISUNG MITTELS BLZ UND KONTONUMMER' },
    { direction: 'debit', amountCents: 300, archiveId: '2013122710583600000', payerName: 'Testkonto Nummer 2', payerAccount: 'DE58740618130100033626', text: 'SEPA IBAN: DE58740618130100033626 BIC: GENODEF1PFK' },
    { amountCents: 100, archiveId: '2013122711085260000', payerName: 'Mari Tamm', payerAccount: '740618130100033626', text: 'Broneering, viitenumber 1234 561' },
    {
      direction: 'debit',
      amountCents: 0,
      archiveId: '2013122711513230000',
      batch: [
        { amountCents: 350, payerName: 'Jaan Kask', payerAccount: 'EE382200221020145685', text: 'Sammelueberweisung 1. Zahlung', endToEndId: 'STZV-EtE-1' },
        { amountCents: 250, payerName: 'Kati Karu', payerAccount: 'EE471000001020145685', text: 'Sammelueberweisung 2. Zahlung', endToEndId: 'STZV-EtE-2' },
      ],
    },
  ];
  const statement = parseText(camt053(entries));

  it('reads every entry, and splits the batch into its two transactions with their own amounts', () => {
    expect(withoutLines(statement.transactions)).toEqual(expectedTransactions(entries, 'camt.053'));
    expect(statement.transactions.map((t) => [t.direction, t.amountCents, t.archiveId])).toEqual([
      ['debit', 200, '2013122710583450000'],
      ['debit', 300, '2013122710583600000'],
      ['credit', 100, '2013122711085260000'],
      ['debit', 350, '2013122711513230000/1'],
      ['debit', 250, '2013122711513230000/2'],
    ]);
  });

  it('takes a BBAN from Othr/Id, drops EndToEndId NOTPROVIDED, and leaves the reference to the text', () => {
    const credit = statement.transactions[2]!;
    expect(credit).toMatchObject({ counterpartyAccount: '740618130100033626', endToEndId: null, reference: null });
    expect(referenceCandidatesInText(credit.text)).toEqual(['1234561']);
  });

  it('gives the batch’s transactions their own lines', () => {
    const lines = statement.transactions.map((t) => t.line);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });
});

describe('generated statements read back as written', () => {
  const entries: GeneratedTx[] = [
    { amountCents: 129_900, payerName: 'Jüri Õunapuu & Co <OÜ>', payerAccount: 'EE382200221020145685', payerIdCode: '38001085718', reference: '1234 561', text: 'Broneering "Bali"\n2026', archiveId: 'A-1', endToEndId: 'E2E-1' },
    { direction: 'debit', amountCents: 4_599, payerName: 'Telia Eesti AS', payerAccount: 'EE471000001020145685', text: 'Arve 123', archiveId: 'A-2' },
    { amountCents: 30_000, payerName: 'Šarlota Žukova', text: 'ettemaks' },
    { amountCents: 0, archiveId: 'B-1', batch: [{ amountCents: 10_000, payerName: 'Mari', reference: '121312952' }, { amountCents: 20_050, payerName: 'Mati', archiveId: 'B-1-2' }] },
  ];

  it.each([
    ['camt.053', '001.02', false],
    ['camt.053', '001.08', false],
    ['camt.054', '001.02', true],
    ['camt.054', '001.08', true],
  ] as const)('%s version %s', (format, version, notification) => {
    const statement = parseText(camt053(entries, { version, notification }));
    expect(statement.format).toBe(format);
    expect(statement.accounts).toEqual(['EE382200221020145685']);
    expect(withoutLines(statement.transactions)).toEqual(expectedTransactions(entries, format));
  });

  it('reads a namespace prefix, a byte-order mark and character references', () => {
    const prefixed = camt053(entries).replace(/<(\/?)(?=[A-Z])/g, '<$1c:').replace('<c:Document xmlns=', '<c:Document xmlns:c=');
    expect(prefixed).toContain('<c:Ntry>');
    expect(withoutLines(parseStatement(bytes(`\uFEFF${prefixed}`)).transactions)).toEqual(expectedTransactions(entries, 'camt.053'));
    const referenced = camt053([{ amountCents: 100, payerName: 'J&#xFC;ri &#213;un & poeg' }]).replace(/&amp;#/g, '&#');
    expect(parseText(referenced).transactions[0]!.counterpartyName).toBe('Jüri Õun & poeg');
  });

  it('skips entries that are not booked yet', () => {
    const xml = camt053(entries.slice(0, 2)).replace('<Sts>BOOK</Sts>', '<Sts>PDNG</Sts>');
    expect(parseText(xml).transactions.map((t) => t.archiveId)).toEqual(['A-2']);
  });

  it('keeps a batch whose amounts do not add up to the entry as one transaction for the entry', () => {
    const xml = camt053([entries[3]!]).replace('<Amt Ccy="EUR">300.50</Amt>', '<Amt Ccy="EUR">300.00</Amt>');
    expect(withoutLines(parseText(xml).transactions)).toEqual([
      expect.objectContaining({ amountCents: 30_000, archiveId: 'B-1', counterpartyName: null, reference: null }),
    ]);
  });

  it('parses a 1,000-entry statement, quickly', () => {
    const many = sampleTransactions(1_000);
    const xml = camt053(many);
    const started = performance.now();
    const statement = parseText(xml);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(withoutLines(statement.transactions)).toEqual(expectedTransactions(many, 'camt.053'));
  });
});

describe('camt files that are refused', () => {
  it('a truncated file, naming the line', () => {
    const xml = camt053([{ amountCents: 100 }]);
    const error = refusal(() => parseText(xml.slice(0, xml.indexOf('</Ntry>'))));
    expect(error.code).toBe('statement_malformed');
    expect(error.message).toMatch(/^XML-fail on vigane \(rida \d+, veerg \d+\)\.$/);
  });

  it('an amount with a non-zero third decimal, naming its line', () => {
    const xml = camt053([{ amountCents: 100 }, { amountCents: 885 }]).replace('>8.85<', '>8.855<');
    const error = refusal(() => parseText(xml));
    expect(error).toMatchObject({ code: 'statement_malformed', line: 9 });
    expect(error.message).toBe('Rida 9: summa „8.855“ on sendist täpsem.');
  });

  it('statements of two accounts in one file: each transaction on its own account’s', () => {
    const xml = fixture('camt053.v2.multi.statement.xml');
    const second = xml.lastIndexOf('NL26VAYB8060476890');
    const statement = parseText(`${xml.slice(0, second)}NL91ABNA0417164300${xml.slice(second + 18)}`);
    expect(statement.accounts).toEqual(['NL26VAYB8060476890', 'NL91ABNA0417164300']);
    // One entry in each of the fixture's two statements.
    expect(statement.transactions.map((t) => t.account)).toEqual(['NL26VAYB8060476890', 'NL91ABNA0417164300']);
  });

  it('a two-account camt.053 from the helper: both accounts, each with its transactions, an account without any listed too', () => {
    const other = 'NL26VAYB8060476890';
    const statement = parseText(
      camtOfAccounts([
        { account: STATEMENT_ACCOUNT, entries: [{ amountCents: 100, archiveId: 'A1' }] },
        { account: other, entries: [{ amountCents: 200, archiveId: 'B1' }, { amountCents: 300, archiveId: 'B2', currency: 'SEK' }] },
        { account: 'EE471000001020145685', entries: [] },
      ]),
    );
    expect(statement.accounts).toEqual([STATEMENT_ACCOUNT, other, 'EE471000001020145685']);
    expect(statement.transactions.map(({ account, amountCents, currency }) => [account, amountCents, currency])).toEqual([
      [STATEMENT_ACCOUNT, 100, 'EUR'],
      [other, 200, 'EUR'],
      [other, 300, 'SEK'],
    ]);
  });

  it('other XML: a camt.052 report, an HTML page', () => {
    const report = camt053([{ amountCents: 100 }]).replaceAll('BkToCstmrStmt', 'BkToCstmrAcctRpt').replaceAll('Stmt>', 'Rpt>');
    for (const other of [report, '<!DOCTYPE html><html><body><p>Tere</p></body></html>']) {
      const error = refusal(() => parseStatement(bytes(other), 'valjavote.xml'));
      expect(error.code).toBe('statement_unknown_format');
      expect(error.message).toBe(
        'Faili „valjavote.xml“ ei õnnestunud lugeda: oodati ISO 20022 camt.053 või camt.054 XML-faili või Swedbanki, SEB või LHV CSV-väljavõtet.',
      );
    }
  });
});
