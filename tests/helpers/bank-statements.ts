/**
 * Bank statement files made for tests, in each format the import reads: camt.053/054 XML (versions 001.02 and 001.08)
 * and the Swedbank, SEB and LHV CSV exports, written the way those banks write them. Generated rather than kept as
 * files, so a test states the transactions it is about and a 1,000-row statement costs one line (`sampleTransactions`).
 * `expectedTransactions` says what the parser should read back from a generated file, without the line numbers.
 */
import { stringify } from 'csv-stringify/sync';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import type { StatementFormat, StatementTransaction } from '../../worker/domain/bank/statement';

export interface GeneratedTx {
  amountCents: number;
  /** EUR unless said. */
  currency?: string;
  direction?: 'credit' | 'debit';
  bookedOn?: string;
  /** The other party: the payer of a credit, the beneficiary of a debit. */
  payerName?: string;
  /** An IBAN, or any other account number, which camt writes as a BBAN (`Othr/Id`). */
  payerAccount?: string;
  payerIdCode?: string;
  reference?: string;
  text?: string;
  archiveId?: string;
  endToEndId?: string;
  /** camt only: the entry is a batch (`Btch`) of these transactions, for the sum of their amounts. */
  batch?: GeneratedTx[];
}

/** The company's account (the seller's IBAN in content/settings/site.json): its statements' money in is matched. */
export const STATEMENT_ACCOUNT = 'EE382200221020145685';
/** The account the LHV export is of by default: the company's other account (`invoicing.otherAccounts`). */
export const LHV_ACCOUNT = 'EE717700771001735865';
const DEFAULT_DATE = '2026-03-02';

export interface CamtOptions {
  version?: '001.02' | '001.08';
  /** camt.054 (a debit/credit notification) instead of a camt.053 statement. */
  notification?: boolean;
  account?: string;
}

export function camt053(entries: GeneratedTx[], opts: CamtOptions = {}): string {
  return camtOfAccounts([{ account: opts.account ?? STATEMENT_ACCOUNT, entries }], opts);
}

/** One file with a statement (`Stmt`, or `Ntfctn`) per account, as a bank's "all accounts" export holds them. */
export function camtOfAccounts(statements: { account: string; entries: GeneratedTx[] }[], opts: Omit<CamtOptions, 'account'> = {}): string {
  const version = opts.version ?? '001.02';
  const [kind, message, report] = opts.notification
    ? ['camt.054', 'BkToCstmrDbtCdtNtfctn', 'Ntfctn']
    : ['camt.053', 'BkToCstmrStmt', 'Stmt'];
  const v8 = version === '001.08';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${kind}.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
    `  <${message}>`,
    `    <GrpHdr><MsgId>TEST-${kind}</MsgId><CreDtTm>2026-03-03T08:00:00+02:00</CreDtTm></GrpHdr>`,
    ...statements.flatMap(({ account, entries }, i) => [
      `    <${report}>`,
      `      <Id>TEST-${i + 1}</Id><CreDtTm>2026-03-03T08:00:00+02:00</CreDtTm>`,
      `      <Acct><Id>${accountXml(account)}</Id><Ccy>EUR</Ccy></Acct>`,
      ...entries.map((tx) => entryXml(tx, v8)),
      `    </${report}>`,
    ]),
    `  </${message}>`,
    '</Document>',
    '',
  ].join('\n');
}

function entryXml(tx: GeneratedTx, v8: boolean): string {
  const direction = tx.direction ?? 'credit';
  const amount = tx.batch ? tx.batch.reduce((sum, t) => sum + t.amountCents, 0) : tx.amountCents;
  const currency = tx.currency ?? 'EUR';
  // Each of a batch's transactions on a line of its own, so that each has its own line number.
  const batch = tx.batch?.map((t) => `\n        ${txDetailsXml({ direction, ...t }, v8, true)}`).join('');
  const details = tx.batch
    ? `<Btch><NbOfTxs>${tx.batch.length}</NbOfTxs></Btch>${batch}`
    : txDetailsXml({ ...tx, direction }, v8, false);
  return [
    '      <Ntry>',
    `<Amt Ccy="${currency}">${euros(amount, '.')}</Amt>`,
    `<CdtDbtInd>${direction === 'credit' ? 'CRDT' : 'DBIT'}</CdtDbtInd>`,
    v8 ? '<Sts><Cd>BOOK</Cd></Sts>' : '<Sts>BOOK</Sts>',
    `<BookgDt><Dt>${tx.bookedOn ?? DEFAULT_DATE}</Dt></BookgDt>`,
    `<ValDt><Dt>${tx.bookedOn ?? DEFAULT_DATE}</Dt></ValDt>`,
    tx.archiveId ? `<AcctSvcrRef>${esc(tx.archiveId)}</AcctSvcrRef>` : '',
    `<NtryDtls>${details}</NtryDtls>`,
    '</Ntry>',
  ].join('');
}

function txDetailsXml(tx: GeneratedTx & { direction: 'credit' | 'debit' }, v8: boolean, inBatch: boolean): string {
  const side = tx.direction === 'credit' ? 'Dbtr' : 'Cdtr';
  const archiveId = inBatch && tx.archiveId ? `<AcctSvcrRef>${esc(tx.archiveId)}</AcctSvcrRef>` : '';
  const refs = `<Refs>${archiveId}<EndToEndId>${esc(tx.endToEndId ?? 'NOTPROVIDED')}</EndToEndId></Refs>`;
  const amount = `<Amt Ccy="${tx.currency ?? 'EUR'}">${euros(tx.amountCents, '.')}</Amt>`;
  const indicator = `<CdtDbtInd>${tx.direction === 'credit' ? 'CRDT' : 'DBIT'}</CdtDbtInd>`;
  // A batch's transactions state their own amounts: in TxDtls/Amt from version 001.04 on, in AmtDtls/TxAmt before.
  const ownAmount = !inBatch ? '' : v8 ? `${amount}${indicator}` : `<AmtDtls><TxAmt>${amount}</TxAmt></AmtDtls>`;
  const party = [
    tx.payerName ? `<Nm>${esc(tx.payerName)}</Nm>` : '',
    tx.payerIdCode ? `<Id><PrvtId><Othr><Id>${esc(tx.payerIdCode)}</Id></Othr></PrvtId></Id>` : '',
  ].join('');
  const parties = [
    party ? `<${side}>${v8 ? `<Pty>${party}</Pty>` : party}</${side}>` : '',
    tx.payerAccount ? `<${side}Acct><Id>${accountXml(tx.payerAccount)}</Id></${side}Acct>` : '',
  ].join('');
  const remittance = [
    tx.text ? `<Ustrd>${esc(tx.text)}</Ustrd>` : '',
    tx.reference
      ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${esc(tx.reference)}</Ref></CdtrRefInf></Strd>`
      : '',
  ].join('');
  return [
    '<TxDtls>',
    refs,
    ownAmount,
    parties ? `<RltdPties>${parties}</RltdPties>` : '',
    remittance ? `<RmtInf>${remittance}</RmtInf>` : '',
    '</TxDtls>',
  ].join('');
}

function accountXml(account: string): string {
  if (/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(account)) return `<IBAN>${account}</IBAN>`;
  return `<Othr><Id>${esc(account)}</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr>`;
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

/** 129900 → "1299,00" or "1299.00", as the banks write amounts: no grouping, two decimals. */
function euros(cents: number, decimal: ',' | '.'): string {
  return `${Math.floor(cents / 100)}${decimal}${String(cents % 100).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' → 'dd.mm.yyyy'. */
function dotted(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}`;
}

/** CSV files have no batches: a batch entry's transactions are rows of their own. */
function rowsOf(entries: GeneratedTx[]): (GeneratedTx & { direction: 'credit' | 'debit'; bookedOn: string })[] {
  return entries.flatMap((tx) =>
    (tx.batch ?? [tx]).map((t) => ({
      ...t,
      direction: t.direction ?? tx.direction ?? 'credit',
      bookedOn: t.bookedOn ?? tx.bookedOn ?? DEFAULT_DATE,
    })),
  );
}

export const SWEDBANK_HEADER = [
  'Kliendi konto', 'Reatüüp', 'Kuupäev', 'Saaja/Maksja', 'Selgitus', 'Summa', 'Valuuta', 'Deebet/Kreedit',
  'Arhiveerimistunnus', 'Tehingu tüüp', 'Viitenumber', 'Dokumendi number',
];

/**
 * Swedbank's export: every field quoted, `;`, decimal comma, dd.mm.yyyy; the opening balance (row type 10), turnover
 * (82) and closing balance (86) rows around the transactions (20).
 */
export function swedbankCsv(entries: GeneratedTx[], opts: { account?: string } = {}): string {
  const account = opts.account ?? STATEMENT_ACCOUNT;
  const rows = rowsOf(entries);
  const first = rows[0]?.bookedOn ?? DEFAULT_DATE;
  const last = rows.at(-1)?.bookedOn ?? DEFAULT_DATE;
  const credits = rows.filter((r) => r.direction === 'credit').reduce((sum, r) => sum + r.amountCents, 0);
  const debits = rows.filter((r) => r.direction === 'debit').reduce((sum, r) => sum + r.amountCents, 0);
  return stringify(
    [
      SWEDBANK_HEADER,
      [account, '10', dotted(first), '', 'Algsaldo', '1000,00', 'EUR', 'K', '', 'AS', '', ''],
      ...rows.map((r, i) => [
        account, '20', dotted(r.bookedOn), r.payerName ?? '', r.text ?? '', euros(r.amountCents, ','), r.currency ?? 'EUR',
        r.direction === 'credit' ? 'K' : 'D', r.archiveId ?? '', 'MK', r.reference ?? '', String(i + 1),
      ]),
      [account, '82', dotted(last), '', 'Käive', euros(credits, ','), 'EUR', 'K', '', 'K2', '', ''],
      [account, '82', dotted(last), '', 'Käive', euros(debits, ','), 'EUR', 'D', '', 'K2', '', ''],
      [account, '86', dotted(last), '', 'lõppsaldo', euros(100_000 + credits - debits, ','), 'EUR', 'K', '', 'LS', '', ''],
    ],
    { delimiter: ';', quoted: true, record_delimiter: '\r\n' },
  );
}

export const SEB_HEADERS = {
  en: [
    'Account', 'Document No.', 'Date', "Beneficiary's account", "Beneficiary's name", 'BIC/SWIFT', 'Type', '(D/C)',
    'Amount', 'Reference no.', 'Archive ID', 'Description', 'Commission fee', 'Currency', 'ID code/Registry code',
  ],
  et: [
    'Kliendi konto', 'Dokumendi number', 'Kuupäev', 'Saaja/maksja konto', 'Saaja/maksja nimi', 'Saaja panga kood',
    'Tüüp', 'Deebet/Kreedit (D/C)', 'Summa', 'Viitenumber', 'Arhiveerimistunnus', 'Selgitus', 'Teenustasu', 'Valuuta',
    'Isikukood või registrikood',
  ],
};

/** SEB's export in English or Estonian: the same columns in the same order, `;`, decimal comma, dd.mm.yyyy. */
export function sebCsv(entries: GeneratedTx[], opts: { language: 'en' | 'et'; account?: string }): string {
  const account = opts.account ?? STATEMENT_ACCOUNT;
  return stringify(
    [
      SEB_HEADERS[opts.language],
      ...rowsOf(entries).map((r, i) => [
        account, String(i + 1), dotted(r.bookedOn), r.payerAccount ?? '', r.payerName ?? '', 'HABAEE2X', 'MK',
        r.direction === 'credit' ? 'C' : 'D', euros(r.amountCents, ','), r.reference ?? '', r.archiveId ?? '',
        r.text ?? '', '0,00', r.currency ?? 'EUR', r.payerIdCode ?? '',
      ]),
    ],
    { delimiter: ';', record_delimiter: '\r\n' },
  );
}

export const LHV_HEADER = [
  'Kliendi konto', 'Dokumendi number', 'Kuupäev', 'Saaja/maksja konto', 'Saaja/maksja nimi', 'Saaja panga kood', 'Tühi',
  'Deebet/Kreedit (D/C)', 'Summa', 'Viitenumber', 'Arhiveerimistunnus', 'Selgitus', 'Teenustasu', 'Valuuta',
  'Isikukood või registrikood', 'Saaja/maksja panga BIC', 'Makse algataja nimi', 'Kande viide', 'Konto teenusepakkuja viide',
];

/** LHV's export: every field quoted, `,`, decimal point, yyyy-mm-dd, and debits signed negative. */
export function lhvCsv(entries: GeneratedTx[], opts: { account?: string } = {}): string {
  const account = opts.account ?? LHV_ACCOUNT;
  return stringify(
    [
      LHV_HEADER,
      ...rowsOf(entries).map((r, i) => [
        account, String(i + 1), r.bookedOn, r.payerAccount ?? '', r.payerName ?? '', '', '',
        r.direction === 'credit' ? 'C' : 'D', `${r.direction === 'debit' ? '-' : ''}${euros(r.amountCents, '.')}`,
        r.reference ?? '', r.archiveId ?? '', r.text ?? '', '0.00', r.currency ?? 'EUR', r.payerIdCode ?? '', 'LHVBEE22', '', `K${i + 1}`, '',
      ]),
    ],
    { delimiter: ',', quoted: true, record_delimiter: '\r\n' },
  );
}

/**
 * What the parser should read from a file made here from `entries`, line numbers left out. A camt batch entry's
 * transactions inherit the entry's direction and, without their own archive id, get the entry's with `/1`, `/2`….
 * Swedbank's export has no counterparty account or id code.
 */
export function expectedTransactions(
  entries: GeneratedTx[],
  format: StatementFormat,
  account = format === 'lhv-csv' ? LHV_ACCOUNT : STATEMENT_ACCOUNT,
): Omit<StatementTransaction, 'line'>[] {
  const camt = format === 'camt.053' || format === 'camt.054';
  const swedbank = format === 'swedbank-csv';
  return entries.flatMap((entry) =>
    (entry.batch ?? [entry]).map((tx, i) => ({
      archiveId: tx.archiveId ?? (entry.batch && camt && entry.archiveId ? `${entry.archiveId}/${i + 1}` : null),
      bookedOn: tx.bookedOn ?? entry.bookedOn ?? DEFAULT_DATE,
      direction: tx.direction ?? entry.direction ?? 'credit',
      amountCents: tx.amountCents,
      currency: tx.currency ?? 'EUR',
      counterpartyName: tx.payerName ?? null,
      counterpartyAccount: swedbank ? null : (tx.payerAccount ?? null),
      counterpartyIdCode: swedbank ? null : (tx.payerIdCode ?? null),
      reference: tx.reference?.replace(/\s+/g, '') || null,
      text: (tx.text ?? '').replace(/\s+/g, ' ').trim(),
      endToEndId: camt ? (tx.endToEndId ?? null) : null,
      account,
    })),
  );
}

const NAMES = ['Mari Tamm', 'Jüri Õunapuu', 'Šarlota Žukova', 'OÜ Päikesekiir', 'Kärt Lõhmus', 'Mati Ööbik'];

/**
 * `count` varied transactions: mostly guests paying with their booking's reference number, some paying with the
 * number only in the text, and some payments out; every one with its own archive id.
 */
export function sampleTransactions(count: number): GeneratedTx[] {
  return Array.from({ length: count }, (_, i) => {
    const day = String((i % 28) + 1).padStart(2, '0');
    const name = NAMES[i % NAMES.length]!;
    const base = {
      bookedOn: `2026-04-${day}`,
      archiveId: `2026040${String(i + 1).padStart(7, '0')}`,
      payerAccount: `EE${10 + (i % 89)}22002210${20_000_000 + i}`,
    };
    if (i % 10 === 9) {
      return { ...base, direction: 'debit', amountCents: 1_500 + i, payerName: 'Telia Eesti AS', text: `Arve nr ${9_000 + i}` };
    }
    const reference = bookingReferenceNumber(i + 1);
    if (i % 5 === 4) return { ...base, amountCents: 30_000, payerName: name, text: `Ettemaks, viitenumber ${reference}` };
    const amountCents = 129_900 - (i % 3) * 30_000;
    return { ...base, amountCents, payerName: name, payerIdCode: `4${8_001_010_000 + i}`, reference, text: `Broneering ${i + 1}` };
  });
}

/** Text as windows-1252 bytes, the code page of older Estonian bank exports (only the characters tests use). */
export function windows1252(text: string): Uint8Array {
  return singleByte(text, WINDOWS_1252);
}

// Bytes for the letters the statements here use; the rest is ASCII, the same in every encoding tested.
const SHARED = { Õ: 0xd5, õ: 0xf5, Ä: 0xc4, ä: 0xe4, Ö: 0xd6, ö: 0xf6, Ü: 0xdc, ü: 0xfc };
/** The Baltic code page Estonian banks' CSV exports are in: Š at 0xD0. */
export const WINDOWS_1257: Record<string, number> = { ...SHARED, Š: 0xd0, š: 0xf0, Ž: 0xde, ž: 0xfe };
/** The Western code page of older exports and spreadsheets: Š at 0x8A. */
export const WINDOWS_1252: Record<string, number> = { ...SHARED, Š: 0x8a, š: 0x9a, Ž: 0x8e, ž: 0x9e, '€': 0x80 };

/** Text in a single-byte code page, for the letters `page` has; anything else beyond ASCII throws. */
export function singleByte(text: string, page: Record<string, number>): Uint8Array {
  return Uint8Array.from(text, (c) => {
    const code = page[c] ?? c.charCodeAt(0);
    if (code > 0xff || (code >= 0x80 && !(c in page))) throw new Error(`no byte for ${c} here`);
    return code;
  });
}

/** Text in UTF-16 (the Basic Multilingual Plane is enough here), little- or big-endian, with or without a byte-order mark. */
export function utf16(text: string, order: 'le' | 'be', bom: boolean): Uint8Array {
  const units = [...(bom ? [0xfeff] : []), ...Array.from(text, (c) => c.charCodeAt(0))];
  return Uint8Array.from(units.flatMap((u) => (order === 'le' ? [u & 0xff, u >> 8] : [u >> 8, u & 0xff])));
}
