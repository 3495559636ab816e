/**
 * ISO 20022 bank-to-customer messages: camt.053 statements (`BkToCstmrStmt/Stmt`) and camt.054 debit/credit
 * notifications (`BkToCstmrDbtCdtNtfctn/Ntfctn`), versions 001.02 on; the entries (`Ntry`) and their transaction
 * details (`NtryDtls/TxDtls`) have the same shape in both. Elements are found by local name, so a file that prefixes
 * the namespace (`<ns2:Document>`) reads the same. Which fields are read, and why, is in docs/decisions/020.
 */
import { XMLParser, XMLValidator, type EntityDecoderOptions } from 'fast-xml-parser';
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

/**
 * XML's own five entities and character references, nothing else. fast-xml-parser's default decoder leaves `&#228;`
 * undecoded unless HTML entities are switched on; and entities a DOCTYPE declares are not expanded at all.
 */
const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const xmlEntityDecoder: EntityDecoderOptions = {
  setExternalEntities: () => {},
  addInputEntities: () => {},
  reset: () => {},
  setXmlVersion: () => {},
  decode: (text) =>
    text.replace(/&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(lt|gt|amp|quot|apos));/g, (whole, dec?: string, hex?: string, name?: string) => {
      if (name) return XML_ENTITIES[name]!;
      const codePoint = dec ? Number(dec) : parseInt(hex!, 16);
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
    }),
};

// Every element becomes an array, so one TxDtls and three read alike; every value stays text ("8.850", "0001").
// `jPath: false` spares building a path string per element for the isArray callback, which ignores it: a third faster.
const parser = new XMLParser({
  jPath: false,
  ignoreAttributes: false,
  ignoreDeclaration: true,
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
  captureMetaData: true,
  entityDecoder: xmlEntityDecoder,
});
// Typed as the `Symbol` wrapper object; the value is a primitive symbol.
const META = XMLParser.getMetaDataSymbol() as symbol;

type XmlNode = Record<string | symbol, unknown>;

function children(node: unknown, name: string): unknown[] {
  const value = node && typeof node === 'object' ? (node as XmlNode)[name] : undefined;
  return Array.isArray(value) ? value : [];
}

function child(node: unknown, ...path: string[]): unknown {
  return path.reduce<unknown>((current, name) => children(current, name)[0], node);
}

/** The trimmed text of the element at `path`, or null when it is absent or empty. */
function text(node: unknown, ...path: string[]): string | null {
  const found = child(node, ...path);
  const value = typeof found === 'string' ? found : found && typeof found === 'object' ? (found as XmlNode)['#text'] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** 1-based line numbers from the parser's character offsets. */
function lineFinder(xml: string): (node: unknown) => number {
  const breaks: number[] = [];
  for (let i = xml.indexOf('\n'); i !== -1; i = xml.indexOf('\n', i + 1)) breaks.push(i);
  return (node) => {
    const offset = ((node as XmlNode)[META] as { startIndex?: number } | undefined)?.startIndex ?? 0;
    let low = 0;
    let high = breaks.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (breaks[mid]! < offset) low = mid + 1;
      else high = mid;
    }
    return low + 1;
  };
}

const MESSAGES = {
  'camt.053': { message: 'BkToCstmrStmt', report: 'Stmt', missing: 'camt.053 failis pole ühtegi väljavõtet (Stmt).' },
  'camt.054': { message: 'BkToCstmrDbtCdtNtfctn', report: 'Ntfctn', missing: 'camt.054 failis pole ühtegi teatist (Ntfctn).' },
} as const;

/** A camt file is a dozen levels deep; nesting far past that is an attack on the parser, not a statement. */
const MAX_DEPTH = 64;

/**
 * Why the XML is refused before any parsing, or null when it may be parsed: what a bank's statement never carries and
 * a hostile file does, a DOCTYPE or an entity declaration (external entities, parameter entities, "billion laughs"),
 * and nesting beyond reason, which would take the parser's recursion down. A restrictive parser, as OWASP ASVS 1.5.1
 * asks (docs/decisions/020); one linear pass, so a 5 MB file is refused in milliseconds. 'other' is a document with a
 * DOCTYPE that is no statement at all (an HTML page), refused as an unknown format.
 */
function unsafeXml(xml: string): StatementFormatError | 'other' | null {
  if (/<!(?:DOCTYPE|ENTITY)/i.test(xml)) {
    if (!xml.includes('BkToCstmr')) return 'other';
    return new StatementFormatError('statement_unsafe_xml', 'XML-failis on dokumendi tüübi (DOCTYPE) või olemite deklaratsioon, mida pangaväljavõttes ei ole: faili ei loetud.');
  }
  let depth = 0;
  // Start tags deepen, end tags return; self-closing tags, comments, CDATA and processing instructions do neither.
  for (const [, close, selfClosing] of xml.matchAll(/<(\/?)[A-Za-z_:][^>]*?(\/?)>/g)) {
    if (close) depth--;
    else if (!selfClosing) depth++;
    if (depth > MAX_DEPTH) {
      return new StatementFormatError('statement_unsafe_xml', `XML-failis on elemente üle ${MAX_DEPTH} taseme sügavusel: see ei ole pangaväljavõte.`);
    }
  }
  return null;
}

/** The statement in a camt.053 or camt.054 file; null when the XML is some other document. */
export function parseCamt(xml: string): ParsedStatement | null {
  const unsafe = unsafeXml(xml);
  if (unsafe === 'other') return null;
  if (unsafe) throw unsafe;
  const document = child(parseXml(xml), 'Document');
  const format = (Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).find((f) => child(document, MESSAGES[f].message));
  if (!format) return null;

  const reports = children(child(document, MESSAGES[format].message), MESSAGES[format].report);
  if (reports.length === 0) throw new StatementFormatError('statement_malformed', MESSAGES[format].missing);
  const lineOf = lineFinder(xml);
  const statements = reports.map((report) => ({
    account: compactAccount(text(report, 'Acct', 'Id', 'IBAN') ?? text(report, 'Acct', 'Id', 'Othr', 'Id')),
    entries: children(report, 'Ntry'),
  }));
  const transactions = statements.flatMap(({ account, entries }) =>
    entries.flatMap((entry) => entryTransactions(entry, lineOf).map((tx) => ({ ...tx, account }))),
  );
  return { format, accounts: distinctAccounts(statements.map((s) => s.account)), transactions };
}

/** The document's tree; broken XML that names a bank-to-customer message is a damaged statement, anything else none. */
function parseXml(xml: string): unknown {
  let validation: ReturnType<typeof XMLValidator.validate>;
  try {
    validation = XMLValidator.validate(xml);
  } catch {
    // The validator's own failure (its recursion on a pathological file): the file is not one we can read.
    throw new StatementFormatError('statement_malformed', 'XML-faili ei õnnestunud lugeda.');
  }
  if (validation !== true) {
    if (!xml.includes('BkToCstmr')) return null;
    const { line, col } = validation.err;
    throw new StatementFormatError('statement_malformed', `XML-fail on vigane (rida ${line}, veerg ${col}).`, line);
  }
  try {
    return parser.parse(xml);
  } catch {
    throw new StatementFormatError('statement_malformed', 'XML-faili ei õnnestunud lugeda.');
  }
}

interface Money {
  cents: number;
  currency: string;
  direction: 'credit' | 'debit';
}

/**
 * One entry's transactions. An entry with one TxDtls (or none) is one transaction for the entry's own amount, which is
 * what the account was booked: a single TxDtls's Amt may be the instructed amount in another currency (genkgo's v4
 * and v8 examples carry `0 SEK` there). A batch (several TxDtls) is split into its transactions when each states its
 * amount in the entry's currency and they add up to the entry; otherwise it stays one transaction, for the entry's
 * amount, with the details the TxDtls agree on.
 */
function entryTransactions(entry: unknown, lineOf: (node: unknown) => number): Omit<StatementTransaction, 'account'>[] {
  const line = lineOf(entry);
  const status = text(entry, 'Sts') ?? text(entry, 'Sts', 'Cd');
  // Pending (PDNG) and information-only (INFO) entries are not money on the account yet: the booked one comes later.
  if (status !== null && status !== 'BOOK') return [];

  const money = moneyOf(entry, line);
  if (money.cents === 0) return [];
  const bookedOn = bookingDate(entry, line);
  const entryArchiveId = text(entry, 'AcctSvcrRef');
  const entryText = text(entry, 'AddtlNtryInf');
  const details = children(entry, 'NtryDtls').flatMap((d) => children(d, 'TxDtls'));
  const base = { bookedOn, currency: money.currency, line };

  if (details.length <= 1) {
    const d = details[0];
    return [
      {
        ...base,
        ...transactionDetails(d, money.direction, entryText),
        archiveId: text(d, 'Refs', 'AcctSvcrRef') ?? entryArchiveId,
        direction: money.direction,
        amountCents: money.cents,
      },
    ];
  }

  const parts = splitBatch(details, money, line);
  if (parts) {
    return details.map((d, i) => ({
      ...base,
      ...transactionDetails(d, parts[i]!.direction, null),
      archiveId: text(d, 'Refs', 'AcctSvcrRef') ?? (entryArchiveId && `${entryArchiveId}/${i + 1}`),
      direction: parts[i]!.direction,
      amountCents: parts[i]!.cents,
      line: lineOf(d),
    }));
  }

  const each = details.map((d) => transactionDetails(d, money.direction, null));
  const agreed = <K extends keyof TransactionDetails>(key: K): TransactionDetails[K] | null =>
    each.every((e) => e[key] === each[0]![key]) ? each[0]![key] : null;
  return [
    {
      ...base,
      counterpartyName: agreed('counterpartyName'),
      counterpartyAccount: agreed('counterpartyAccount'),
      counterpartyIdCode: agreed('counterpartyIdCode'),
      reference: agreed('reference'),
      endToEndId: agreed('endToEndId'),
      text: collapseWhitespace(each.map((e) => e.text).join(' ')) || collapseWhitespace(entryText),
      archiveId: entryArchiveId,
      direction: money.direction,
      amountCents: money.cents,
    },
  ];
}

/** The batch's own amounts, when every TxDtls has one in the entry's currency and together they make the entry. */
function splitBatch(details: unknown[], entry: Money, line: number): Money[] | null {
  const parts: Money[] = [];
  for (const d of details) {
    if (!child(d, 'Amt') && !child(d, 'AmtDtls', 'TxAmt', 'Amt')) return null;
    const part = moneyOf(d, line, entry.direction);
    if (part.currency !== entry.currency) return null;
    parts.push(part);
  }
  const signed = (m: Money) => (m.direction === 'credit' ? m.cents : -m.cents);
  const total = parts.reduce((sum, p) => sum + signed(p), 0);
  return total === signed(entry) && parts.every((p) => p.cents > 0) ? parts : null;
}

function moneyOf(node: unknown, line: number, defaultDirection?: 'credit' | 'debit'): Money {
  const amount = child(node, 'Amt') ?? child(node, 'AmtDtls', 'TxAmt', 'Amt');
  const raw = text(amount) ?? '';
  const currency = (amount && typeof amount === 'object' ? (amount as XmlNode)['@_Ccy'] : undefined) as string | undefined;
  const parsed = parseAmount(raw, '.');
  const code = currency?.trim().toUpperCase() ?? '';
  const isCode = /^[A-Z]{3}$/.test(code);
  if (!parsed.ok || parsed.negative || !isCode) {
    const why = !parsed.ok ? AMOUNT_PROBLEM_WORDS[parsed.problem] : !currency ? 'on ilma valuutata' : !isCode ? `on valuutas „${currency}“, mis ei ole valuutakood` : 'ei tohi olla negatiivne';
    throw new StatementFormatError('statement_malformed', `Rida ${line}: summa „${raw}“ ${why}.`, line);
  }
  const indicator = text(node, 'CdtDbtInd');
  const direction = indicator === 'CRDT' ? 'credit' : indicator === 'DBIT' ? 'debit' : defaultDirection;
  if (!direction) {
    const message = `Rida ${line}: CdtDbtInd peab olema CRDT või DBIT, failis on „${indicator ?? ''}“.`;
    throw new StatementFormatError('statement_malformed', message, line);
  }
  return { cents: parsed.cents, currency: code, direction };
}

/** The booking day (BookgDt), else the value day (ValDt); of a date-time, the day as the bank wrote it. */
function bookingDate(entry: unknown, line: number): string {
  const raw =
    text(entry, 'BookgDt', 'Dt') ?? text(entry, 'BookgDt', 'DtTm') ?? text(entry, 'ValDt', 'Dt') ?? text(entry, 'ValDt', 'DtTm');
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw ?? '');
  const date = match && calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  if (!date) throw new StatementFormatError('statement_malformed', `Rida ${line}: kande kuupäev „${raw ?? ''}“ ei ole kuupäev.`, line);
  return date;
}

type TransactionDetails = Pick<
  StatementTransaction,
  'counterpartyName' | 'counterpartyAccount' | 'counterpartyIdCode' | 'reference' | 'text' | 'endToEndId'
>;

/**
 * The other party (the debtor of money in, the creditor of money out), the references and the free text of one
 * TxDtls. Version 001.08 wraps a party's name and id in `Pty`; accounts without an IBAN are in `Id/Othr/Id`.
 */
function transactionDetails(details: unknown, direction: 'credit' | 'debit', entryText: string | null): TransactionDetails {
  const side = direction === 'credit' ? 'Dbtr' : 'Cdtr';
  const parties = child(details, 'RltdPties');
  const partyNode = child(parties, side);
  const party = child(partyNode, 'Pty') ?? partyNode;
  const remittance = children(details, 'RmtInf');
  const unstructured = remittance.flatMap((r) => children(r, 'Ustrd')).map((u) => text(u) ?? '');
  const reference = remittance
    .flatMap((r) => children(r, 'Strd'))
    .map((s) => text(s, 'CdtrRefInf', 'Ref'))
    .find((r) => r !== null);
  const endToEndId = text(details, 'Refs', 'EndToEndId');
  return {
    counterpartyName: collapseWhitespace(text(party, 'Nm')) || null,
    counterpartyAccount: compactAccount(text(parties, `${side}Acct`, 'Id', 'IBAN') ?? text(parties, `${side}Acct`, 'Id', 'Othr', 'Id')),
    counterpartyIdCode: text(party, 'Id', 'PrvtId', 'Othr', 'Id') ?? text(party, 'Id', 'OrgId', 'Othr', 'Id'),
    reference: normaliseReference(reference),
    text: collapseWhitespace(unstructured.join(' ')) || collapseWhitespace(text(details, 'AddtlTxInf') ?? entryText),
    endToEndId: endToEndId === 'NOTPROVIDED' ? null : endToEndId,
  };
}
