import { describe, expect, it } from 'vitest';
import { decodeStatementBytes } from '../../worker/domain/bank/decode';
import { parseStatement } from '../../worker/domain/bank/statement';
import { camt053, lhvCsv, sebCsv, singleByte, swedbankCsv, utf16, WINDOWS_1252, WINDOWS_1257, type GeneratedTx } from '../helpers/bank-statements';

// Every letter Estonian adds to ASCII, in both cases: š ž Š Ž are where the code pages part, õ ä ö ü where they agree.
const entries: GeneratedTx[] = [
  { amountCents: 12_345, bookedOn: '2026-01-05', payerName: 'Žanna Šmidt-Põldäär ja Jüri Kaškiž-Öövel', text: 'Öö süü šž', archiveId: '2026010500001' },
  { amountCents: 5_000, bookedOn: '2026-01-06', payerName: 'Üllar Öpik', text: 'Žürii ja Šveitsi õhtu, ÕÄÖÜ', archiveId: '2026010600002' },
];
const NAMES = ['Žanna Šmidt-Põldäär ja Jüri Kaškiž-Öövel', 'Üllar Öpik'];
const TEXTS = ['Öö süü šž', 'Žürii ja Šveitsi õhtu, ÕÄÖÜ'];

const withBytes = (prefix: number[], rest: Uint8Array) => Uint8Array.from([...prefix, ...rest]);
const utf8 = (text: string) => new TextEncoder().encode(text);

const encodings: [string, (text: string) => Uint8Array][] = [
  ['UTF-8', utf8],
  ['UTF-8 with a byte-order mark', (text) => withBytes([0xef, 0xbb, 0xbf], utf8(text))],
  ['UTF-16LE with a byte-order mark', (text) => utf16(text, 'le', true)],
  ['UTF-16BE with a byte-order mark', (text) => utf16(text, 'be', true)],
  ['UTF-16LE without one', (text) => utf16(text, 'le', false)],
  ['UTF-16BE without one', (text) => utf16(text, 'be', false)],
  ['windows-1257 (Baltic: Š at 0xD0)', (text) => singleByte(text, WINDOWS_1257)],
  ['windows-1252 (older exports: Š at 0x8A)', (text) => singleByte(text, WINDOWS_1252)],
];

const banks: [string, () => string][] = [
  ['Swedbank', () => swedbankCsv(entries)],
  ['SEB', () => sebCsv(entries, { language: 'et' })],
  ['LHV', () => lhvCsv(entries)],
];

describe('a bank CSV reads back letter for letter in each encoding', () => {
  describe.each(encodings)('%s', (_, encode) => {
    it.each(banks)('%s', (_, csv) => {
      const { transactions } = parseStatement(encode(csv()));
      expect(transactions.map((t) => t.counterpartyName)).toEqual(NAMES);
      expect(transactions.map((t) => t.text)).toEqual(TEXTS);
    });
  });

  it('a camt.053 file in UTF-16LE, as Windows tools save XML', () => {
    const { transactions } = parseStatement(utf16(camt053(entries), 'le', true));
    expect(transactions.map((t) => t.counterpartyName)).toEqual(NAMES);
    expect(transactions.map((t) => t.text)).toEqual(TEXTS);
  });
});

describe('decodeStatementBytes', () => {
  it('reads Š š Ž ž at 0xD0 0xF0 0xDE 0xFE as windows-1257: Estonian text has no Ð ð Þ þ', () => {
    expect(decodeStatementBytes(Uint8Array.of(0x53, 0xd0, 0xf0, 0xde, 0xfe))).toBe('SŠšŽž');
    expect(decodeStatementBytes(Uint8Array.of(0xfe))).toBe('ž');
  });

  it('reads Š š Ž ž at 0x8A 0x9A 0x8E 0x9E as windows-1252', () => {
    expect(decodeStatementBytes(Uint8Array.of(0x53, 0x8a, 0x9a, 0x8e, 0x9e))).toBe('SŠšŽž');
    expect(decodeStatementBytes(Uint8Array.of(0xf5, 0x9a))).toBe('õš');
  });

  it('takes windows-1257 when only õ ä ö ü are there, which both pages write alike', () => {
    const shared = Uint8Array.of(0xf5, 0xe4, 0xf6, 0xfc, 0xd5, 0xc4, 0xd6, 0xdc);
    expect(decodeStatementBytes(shared)).toBe('õäöüÕÄÖÜ');
    expect(new TextDecoder('windows-1252').decode(shared)).toBe('õäöüÕÄÖÜ');
    // Where the pages do differ, the default shows: 0xE8 is č in windows-1257 (è in windows-1252).
    expect(decodeStatementBytes(Uint8Array.of(0xe8))).toBe('č');
  });

  it('takes windows-1257 when the bytes hold both pages’ Š', () => {
    expect(decodeStatementBytes(Uint8Array.of(0xd0, 0x20, 0x8a))).toBe('Š \u008a');
  });

  it('prefers valid UTF-8 to any code page', () => {
    expect(decodeStatementBytes(utf8('Šž õ'))).toBe('Šž õ');
    // "Ð" in UTF-8 is 0xC3 0x90, which would be "Ă" and a C1 control in windows-1257.
    expect(decodeStatementBytes(Uint8Array.of(0xc3, 0x90))).toBe('Ð');
  });

  it('drops the byte-order mark and decodes as it says', () => {
    expect(decodeStatementBytes(Uint8Array.of(0xef, 0xbb, 0xbf, 0xc5, 0xa0))).toBe('Š');
    expect(decodeStatementBytes(Uint8Array.of(0xff, 0xfe, 0x60, 0x01, 0x7e, 0x01))).toBe('Šž');
    expect(decodeStatementBytes(Uint8Array.of(0xfe, 0xff, 0x01, 0x60, 0x01, 0x7e))).toBe('Šž');
  });

  it('tells UTF-16 without a byte-order mark by its first two characters being ASCII and a NUL', () => {
    expect(decodeStatementBytes(utf16('"Kõik"', 'le', false))).toBe('"Kõik"');
    expect(decodeStatementBytes(utf16('"Kõik"', 'be', false))).toBe('"Kõik"');
    // One ASCII character and a NUL is not enough to call a file UTF-16.
    expect(decodeStatementBytes(Uint8Array.of(0x41, 0x00, 0xf5))).toBe('A\u0000õ');
  });

  it('gives an empty string for no bytes and for a byte-order mark alone', () => {
    expect(decodeStatementBytes(new Uint8Array(0))).toBe('');
    expect(decodeStatementBytes(Uint8Array.of(0xef, 0xbb, 0xbf))).toBe('');
    expect(decodeStatementBytes(Uint8Array.of(0xff, 0xfe))).toBe('');
  });
});
