import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bookingReferenceNumber, isValidReferenceNumber } from '../../src/lib/reference-number';
import { parseAmount } from '../../worker/domain/bank/amounts';
import { bankFamily, transactionKey, transactionKeys } from '../../worker/domain/bank/fingerprint';
import { normaliseReference, referenceCandidatesInText, tokensInText } from '../../worker/domain/bank/references';
import { parseStatement, type ParsedStatement, type StatementTransaction } from '../../worker/domain/bank/statement';
import { camt053, lhvCsv, sampleTransactions, swedbankCsv, type GeneratedTx } from '../helpers/bank-statements';

describe('parseAmount', () => {
  it.each([
    ['1299,00', 129_900],
    ['1299.00', 129_900],
    ['1 299,00', 129_900],
    ['1\u00A0299,00', 129_900],
    ['1\u202F299,00', 129_900],
    [' 1 299,00 ', 129_900],
    ['23.000,00', 2_300_000],
    ['23,000.00', 2_300_000],
    ['1.234.567,89', 123_456_789],
    ['1,234,567.89', 123_456_789],
    ['23,000', 2_300_000],
    ['0,5', 50],
    ['0.05', 5],
    ['+5', 500],
    ['885.00000', 88_500],
    ['007,10', 710],
  ])('%s → %i cents', (raw, cents) => {
    expect(parseAmount(raw)).toEqual({ ok: true, cents, negative: false });
  });

  it('keeps the sign apart: amounts are positive, the minus says debit', () => {
    expect(parseAmount('-300,00')).toEqual({ ok: true, cents: 30_000, negative: true });
    expect(parseAmount('-0,00')).toEqual({ ok: true, cents: 0, negative: false });
  });

  it('reads three decimals by the format’s decimal mark; without one, a lone mark before three digits groups thousands', () => {
    expect(parseAmount('8.850', '.')).toEqual({ ok: true, cents: 885, negative: false });
    expect(parseAmount('8.850', ',')).toEqual({ ok: true, cents: 885_000, negative: false });
    expect(parseAmount('8.850')).toEqual({ ok: true, cents: 885_000, negative: false });
  });

  it('refuses a fraction of a cent instead of rounding it', () => {
    expect(parseAmount('8.855', '.')).toEqual({ ok: false, problem: 'sub_cent' });
    expect(parseAmount('885.00001')).toEqual({ ok: false, problem: 'sub_cent' });
    // Nor is it a thousand: no one groups 0,001.
    expect(parseAmount('0,001')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(parseAmount('0,001', ',')).toEqual({ ok: false, problem: 'sub_cent' });
  });

  it.each(['', 'abc', '12,', ',50', '1..2', '12,34,5', '1 2,00', '12.3,45', '--5', '5-', '1e3', '€5'])('refuses %j', (raw) => {
    expect(parseAmount(raw)).toEqual({ ok: false, problem: 'not_a_number' });
  });

  it('refuses the other mark in the place of the known decimal one', () => {
    expect(parseAmount('1299.00', ',')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(parseAmount('1299,00', '.')).toEqual({ ok: false, problem: 'not_a_number' });
  });

  it('refuses what is no bank amount', () => {
    expect(parseAmount('12345678901234,00')).toEqual({ ok: false, problem: 'too_large' });
    expect(parseAmount('1234567890123,00')).toEqual({ ok: true, cents: 123_456_789_012_300, negative: false });
  });

  it('is exact where floating point is not (1.15 × 100 = 114.99999999999999)', () => {
    expect(1.15 * 100).not.toBe(115);
    for (let cents = 0; cents < 200_000; cents += 37) {
      const euros = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      expect(parseAmount(euros, '.')).toMatchObject({ cents });
      expect(parseAmount(euros.replace('.', ','), ',')).toMatchObject({ cents });
    }
  });
});

describe('normaliseReference', () => {
  it('removes spaces and line breaks, and keeps an RF reference’s letters', () => {
    expect(normaliseReference(' 1234 561\n')).toBe('1234561');
    expect(normaliseReference('RF18 5390 0754 7034')).toBe('RF18539007547034');
    expect(normaliseReference('  ')).toBeNull();
    expect(normaliseReference(null)).toBeNull();
    expect(isValidReferenceNumber(normaliseReference('RF18 5390 0754 7034')!)).toBe(false);
  });
});

describe('Estonian reference numbers (7-3-1): the public vectors', () => {
  const VALID = ['121312952', '88476148', '6178000702765896', '3199099', '1026832235', '50065377003', '5586079', '192020406', '1370645', '10000000000237147645', '99805922899', '14589261', '827364'];

  it.each(VALID)('%s is valid, and is found in free text', (ref) => {
    expect(isValidReferenceNumber(ref)).toBe(true);
    expect(referenceCandidatesInText(`Makse viitenumbriga ${ref}.`)).toEqual([ref]);
  });

  it('4654654654654654 is not, and is not proposed', () => {
    expect(isValidReferenceNumber('4654654654654654')).toBe(false);
    expect(referenceCandidatesInText('ref 4654654654654654')).toEqual([]);
  });
});

describe('referenceCandidatesInText', () => {
  const ref = bookingReferenceNumber(2345); // 123453

  it('joins a number split by spaces or a line break', () => {
    expect(ref).toBe('123453');
    expect(referenceCandidatesInText('viitenumber 1 2345 3')).toEqual([ref]);
    expect(referenceCandidatesInText('ref:\n123453')).toEqual([ref]);
    expect(referenceCandidatesInText('Broneering, viitenumber 12\n3453.')).toEqual([ref]);
    expect(referenceCandidatesInText('(123453)')).toEqual([ref]);
  });

  it('lists each candidate once, in order of appearance', () => {
    expect(referenceCandidatesInText('ref 1234561, veel kord 1234561 ja 121312952')).toEqual(['1234561', '121312952']);
    expect(referenceCandidatesInText('121312952 1234561')).toEqual(['121312952', '1234561']);
  });

  it('reads numbers listed with commas as separate numbers, never joined across the comma', () => {
    // 1234561 and 1234574 are both valid; joined (12345611234574) they would be read as one more.
    const joined = '1234561' + '1234574';
    expect(referenceCandidatesInText('viitenumbrid 1234561, 1234574')).toEqual(['1234561', '1234574']);
    expect(referenceCandidatesInText('1234561 , 1234574')).not.toContain(joined);
  });

  it('leaves out dates, amounts, invoice numbers and IBANs', () => {
    // 2024 alone passes the check, so each case below would propose it if it were not excluded.
    expect(referenceCandidatesInText('aasta 2024')).toEqual(['2024']);
    expect(referenceCandidatesInText('makstud 2024-01-15')).toEqual([]);
    expect(referenceCandidatesInText('makstud 15.01.2024')).toEqual([]);
    expect(referenceCandidatesInText('arve ARV-2024-2024 ja 2024/7')).toEqual([]);
    expect(referenceCandidatesInText('summa 2 024,00 eurot')).toEqual([]);
    // The IBAN's digits joined would pass (221020145685); as an IBAN, whole or in groups, they are an account.
    expect(referenceCandidatesInText('2200 2210 2014 5685')).toContain('221020145685');
    expect(referenceCandidatesInText('konto EE38 2200 2210 2014 5685')).toEqual([]);
    expect(referenceCandidatesInText('konto EE382200221020145685 viitenumber 1234561')).toEqual(['1234561']);
    expect(referenceCandidatesInText('konto EE38 2200 2210 2014 5685 viitenumber 1234561')).toEqual(['1234561']);
  });

  it('takes 2 to 20 digits only', () => {
    expect(referenceCandidatesInText('1')).toEqual([]);
    expect(referenceCandidatesInText('10000000000237147645')).toEqual(['10000000000237147645']);
    expect(referenceCandidatesInText('100000000002371476450')).toEqual([]);
  });
});

describe('tokensInText', () => {
  it('gives upper-case words of letters, digits, dashes and slashes, 3 to 40 characters, each once', () => {
    expect(tokensInText('Arve ARV-2026-0007, broneering 2026/7 ja arve')).toEqual(['ARVE', 'ARV-2026-0007', 'BRONEERING', '2026/7']);
  });

  it('reads a typographic dash as a hyphen, keeps Estonian letters, and drops dashes at the ends', () => {
    expect(tokensInText('arv–2026–0007 tšekk -x- /abc/')).toEqual(['ARV-2026-0007', 'TŠEKK', 'ABC']);
    expect(tokensInText(`${'A'.repeat(41)} ${'B'.repeat(40)}`)).toEqual(['B'.repeat(40)]);
  });
});

describe('transaction keys', () => {
  const tx: StatementTransaction = {
    archiveId: null,
    bookedOn: '2026-03-02',
    direction: 'credit',
    amountCents: 129_900,
    currency: 'EUR',
    counterpartyName: 'Mari Tamm',
    counterpartyAccount: 'EE382200221020145685',
    counterpartyIdCode: '48001010000',
    reference: '1234561',
    text: 'Broneering',
    endToEndId: 'E2E',
    line: 3,
    account: null,
  };
  const statement = (transactions: StatementTransaction[], format: ParsedStatement['format'] = 'lhv-csv'): ParsedStatement => ({
    format,
    accounts: [null],
    transactions,
  });

  it('is the bank’s archive id, under the bank it comes from', async () => {
    expect(await transactionKey({ ...tx, archiveId: '2026030200001' }, 'swedbank')).toBe('arch:swedbank:2026030200001');
    expect(bankFamily('seb-csv', null)).toBe('seb');
    expect(bankFamily('camt.053', 'EE382200221020145685')).toBe('swedbank');
    expect(bankFamily('camt.054', 'EE717700771001735865')).toBe('lhv');
    expect(bankFamily('camt.053', 'NL26VAYB8060476890')).toBe('camt');
  });

  it('is otherwise the SHA-256 of the booking day, direction, amount, currency, account, name, reference and text', async () => {
    const content = JSON.stringify(['2026-03-02', 'credit', 129_900, 'EUR', 'EE382200221020145685', 'Mari Tamm', '1234561', 'Broneering']);
    expect(await transactionKey(tx, 'lhv')).toBe(`sum:${createHash('sha256').update(content).digest('hex')}`);
    // The line, the id code and the end-to-end id are not part of it.
    expect(await transactionKey({ ...tx, line: 99, counterpartyIdCode: null, endToEndId: null }, 'lhv')).toBe(await transactionKey(tx, 'lhv'));
  });

  it.each([
    ['bookedOn', '2026-03-03'],
    ['direction', 'debit'],
    ['amountCents', 129_901],
    ['currency', 'SEK'],
    ['counterpartyAccount', null],
    ['counterpartyName', 'Mari Tamn'],
    ['reference', null],
    ['text', 'Broneering '],
  ] as const)('changes with %s', async (field, value) => {
    expect(await transactionKey({ ...tx, [field]: value }, 'lhv')).not.toBe(await transactionKey(tx, 'lhv'));
  });

  it('tells identical transactions in one file apart by their order', async () => {
    const keys = await transactionKeys(statement([tx, { ...tx, line: 4 }, { ...tx, text: 'other' }, { ...tx, line: 6 }]));
    expect(keys[1]).toBe(`${keys[0]}#2`);
    expect(keys[3]).toBe(`${keys[0]}#3`);
    expect(keys[2]).not.toContain('#');
    expect(await transactionKey(tx, 'lhv', 2)).toBe(keys[1]);
  });

  it('is the same when the same file is imported again, and for the transactions two overlapping statements share', async () => {
    const noArchive = sampleTransactions(30).map(({ archiveId: _archiveId, ...t }): GeneratedTx => t);
    const once = parseStatement(new TextEncoder().encode(lhvCsv(noArchive)));
    const again = parseStatement(new TextEncoder().encode(lhvCsv(noArchive)));
    expect(await transactionKeys(again)).toEqual(await transactionKeys(once));

    const [first, second] = [noArchive.slice(0, 20), noArchive.slice(10)].map((part) => parseStatement(new TextEncoder().encode(lhvCsv(part))));
    const [a, b] = await Promise.all([transactionKeys(first!), transactionKeys(second!)]);
    expect(a.slice(10)).toEqual(b.slice(0, 10));
    expect(new Set([...a, ...b]).size).toBe(30);
  });

  it('keeps the archive ids of a camt batch apart', async () => {
    const parsed = parseStatement(new TextEncoder().encode(camt053([{ amountCents: 0, archiveId: 'X1', batch: [{ amountCents: 100 }, { amountCents: 100 }] }])));
    expect(await transactionKeys(parsed)).toEqual(['arch:swedbank:X1/1', 'arch:swedbank:X1/2']);
    const csv = parseStatement(new TextEncoder().encode(swedbankCsv([{ amountCents: 100, archiveId: 'X1' }])));
    expect(await transactionKeys(csv)).toEqual(['arch:swedbank:X1']);
  });
});
