import { describe, expect, it } from 'vitest';
import type { BankTransactionView, ReviewList, StatementImport, StatementImportResult, StatementList, StatementPreview } from '../../src/lib/admin/bank-statements';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { useApiFixture } from '../helpers/api-fixture';
import { camt053, camtOfAccounts, LHV_ACCOUNT, singleByte, STATEMENT_ACCOUNT, swedbankCsv, utf16, WINDOWS_1257, type GeneratedTx } from '../helpers/bank-statements';
import { readJson } from '../helpers/http';
import { PRICED_BOOKING_OWED as OWED } from '../helpers/priced-booking';

/**
 * Bank statements as the banks send them (issue 36), over real HTTP and a real database: a file of several accounts,
 * an account that is not the company's, money in other currencies, the encodings of the banks' exports, hostile XML,
 * and several statements paying the same booking at once.
 */

const f = useApiFixture();

const DUTCH = 'NL26VAYB8060476890';
const afterTheStatements = () => f.clock.set('2026-04-30T10:00:00.000Z');
const ref = (id: number) => bookingReferenceNumber(id);
let archived = 0;
const archive = () => `ARH36-${Date.now()}-${++archived}`;
const payment = (more: Partial<GeneratedTx> = {}): GeneratedTx => ({ bookedOn: '2026-04-02', payerName: 'Mari Tamm', archiveId: archive(), ...more, amountCents: more.amountCents ?? OWED });

const form = (content: string | Uint8Array<ArrayBuffer>, name: string) => {
  const body = new FormData();
  body.set('file', new Blob([content]), name);
  return body;
};
const upload = (content: string | Uint8Array<ArrayBuffer>, name = 'valjavote.xml') => f.admin.b.upload('/api/admin/bank-statements', form(content, name));

async function imported(content: string | Uint8Array<ArrayBuffer>, name?: string): Promise<StatementImport[]> {
  const res = await upload(content, name);
  const body = await readJson(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  return (body as unknown as StatementImportResult).imports;
}

const paymentsOf = (id: number) => f.app.rows(`SELECT amount_cents FROM payments WHERE booking_id = ${id} ORDER BY id`);
const written = async () => ({
  statements: await f.app.count('bank_statements'),
  transactions: await f.app.count('bank_transactions'),
  payments: await f.app.count('payments'),
  audits: await f.app.count("audit_logs WHERE action LIKE 'bank_statement.%' OR action = 'payment.import'"),
});

describe('a file with several accounts’ statements', () => {
  it('imports each account’s statement: the company’s matched, the other account’s money waiting under a warning that names it', async () => {
    const ours = await f.pricedBooking();
    const theirs = await f.pricedBooking();
    await afterTheStatements();
    const xml = camtOfAccounts([
      { account: STATEMENT_ACCOUNT, entries: [payment({ reference: ref(ours) }), payment({ direction: 'debit', amountCents: 1_500, text: 'Teenustasu' })] },
      { account: DUTCH, entries: [payment({ reference: ref(theirs) })] },
    ]);

    const imports = await imported(xml, 'koik-kontod.xml');
    expect(imports.map((i) => [i.statement.accountIban, i.statement.companyAccount, i.statement.transactions, i.statement.fileName])).toEqual([
      [STATEMENT_ACCOUNT, true, 2, 'koik-kontod.xml'],
      [DUTCH, false, 1, 'koik-kontod.xml'],
    ]);
    expect(imports[0]!.transactions.map((t) => [t.account, t.outcome])).toEqual([
      [STATEMENT_ACCOUNT, 'matched'],
      [STATEMENT_ACCOUNT, 'debit'],
    ]);
    expect(imports[1]!.transactions).toEqual([expect.objectContaining({ account: DUTCH, outcome: 'review', reviewReason: 'foreign_account', allocations: [] })]);
    expect(await paymentsOf(ours)).toEqual([{ amount_cents: OWED }]);
    expect(await paymentsOf(theirs)).toEqual([]);

    // Stored as two imports, each audited, each opening on its own; the review list names the account.
    expect(await f.app.count("audit_logs WHERE action = 'bank_statement.import'")).toBe(2);
    const list = (await readJson(await f.admin.b.get('/api/admin/bank-statements'))) as unknown as StatementList;
    expect(list.items.map((s) => [s.accountIban, s.companyAccount])).toEqual([
      [DUTCH, false],
      [STATEMENT_ACCOUNT, true],
    ]);
    const stored = (await readJson(await f.admin.b.get(`/api/admin/bank-statements/${imports[1]!.statement.id}`))) as unknown as StatementImport;
    expect(stored.transactions.map((t) => t.reviewReason)).toEqual(['foreign_account']);
    const review = (await readJson(await f.admin.b.get('/api/admin/bank-statements/review'))) as unknown as ReviewList;
    expect(review.items).toEqual([expect.objectContaining({ account: DUTCH, reviewReason: 'foreign_account' })]);
  });

  it('the company’s other account (the settings’ otherAccounts) is matched like the seller’s IBAN', async () => {
    const id = await f.pricedBooking();
    await afterTheStatements();
    const [only] = await imported(camt053([payment({ reference: ref(id) })], { account: LHV_ACCOUNT }));
    expect(only!.statement).toMatchObject({ accountIban: LHV_ACCOUNT, companyAccount: true });
    expect(only!.transactions[0]).toMatchObject({ outcome: 'matched' });
  });

  it('a statement of another account alone: imported, nothing matched, the preview says so before anything is written', async () => {
    const id = await f.pricedBooking();
    await afterTheStatements();
    const xml = camt053([payment({ reference: ref(id) })], { account: DUTCH });
    const before = await written();
    const res = await f.admin.b.upload('/api/admin/bank-statements/preview', form(xml, 'a.xml'));
    expect(res.status).toBe(200);
    expect((await readJson(res)) as unknown as StatementPreview).toEqual({
      format: 'camt.053',
      accounts: [{ account: DUTCH, companyAccount: false, transactions: 1, currencies: ['EUR'] }],
    });
    expect(await written()).toEqual(before);

    const [only] = await imported(xml);
    expect(only!.transactions[0]).toMatchObject({ outcome: 'review', reviewReason: 'foreign_account' });
    expect(await paymentsOf(id)).toEqual([]);
  });

  it('the preview refuses what the upload would, in the same words', async () => {
    const res = await f.admin.b.upload('/api/admin/bank-statements/preview', form('Tere!', 'tere.txt'));
    expect(res.status).toBe(422);
    expect(await readJson(res)).toMatchObject({ error: { code: 'statement_unknown_format' } });
  });
});

describe('amounts in their own currency', () => {
  it('totals per currency, never added across; only euros are matched, and a line in kronor cannot be assigned to a booking', async () => {
    const id = await f.pricedBooking();
    await afterTheStatements();
    const [only] = await imported(
      camt053([
        payment({ amountCents: 30_000, reference: ref(id) }),
        payment({ amountCents: 50_000, currency: 'SEK', reference: ref(id) }),
        payment({ amountCents: 7_000, currency: 'GBP', text: 'Tundmatu' }),
        payment({ amountCents: 20_000, currency: 'SEK', text: 'Tundmatu 2' }),
      ]),
    );
    expect(only!.transactions.map((t) => [t.outcome, t.currency, t.reviewReason])).toEqual([
      ['partial', 'EUR', null],
      ['review', 'SEK', 'currency'],
      ['review', 'GBP', 'currency'],
      ['review', 'SEK', 'currency'],
    ]);
    expect(only!.totals.partial).toEqual({ count: 1, amounts: [{ currency: 'EUR', cents: 30_000 }] });
    expect(only!.totals.review).toEqual({
      count: 3,
      amounts: [
        { currency: 'GBP', cents: 7_000 },
        { currency: 'SEK', cents: 70_000 },
      ],
    });
    expect(await paymentsOf(id)).toEqual([{ amount_cents: 30_000 }]);

    const sek = only!.transactions[1]!;
    const before = await written();
    const res = await f.admin.b.post(`/api/admin/bank-statements/review/${sek.id}/assign`, { bookingId: id });
    expect(res.status).toBe(422);
    expect(await readJson(res)).toMatchObject({ error: { code: 'bank_transaction_not_euro' } });
    expect(await written()).toEqual(before);
    const dismissed = await f.admin.b.post(`/api/admin/bank-statements/review/${sek.id}/dismiss`, { reason: 'Kroonides, tagastatud' });
    expect(((await readJson(dismissed)) as unknown as { transaction: BankTransactionView }).transaction).toMatchObject({ outcome: 'dismissed' });
  });
});

describe('the encodings of the banks’ exports', () => {
  const NAME = 'Žanna Šmidt-Põldäär ja Jüri Kaškiž-Öövel';
  const TEXT = 'Öö süü šž ŠŽ';
  it.each([
    ['windows-1257', (csv: string) => singleByte(csv, WINDOWS_1257)],
    ['UTF-16LE with its byte-order mark', (csv: string) => utf16(csv, 'le', true)],
    ['UTF-8 with its byte-order mark', (csv: string) => Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(csv)])],
  ])('%s: the payer’s name is stored letter for letter', async (_, encode) => {
    const id = await f.pricedBooking();
    await afterTheStatements();
    const [only] = await imported(encode(swedbankCsv([payment({ payerName: NAME, text: TEXT, reference: ref(id) })])) as Uint8Array<ArrayBuffer>, 'swedbank.csv');
    expect(only!.transactions[0]).toMatchObject({ counterpartyName: NAME, text: TEXT, outcome: 'matched' });
    expect(await f.app.rows(`SELECT counterparty_name AS name FROM bank_transactions WHERE id = ${only!.transactions[0]!.id}`)).toEqual([{ name: NAME }]);
  });
});

describe('hostile XML', () => {
  const statement = camt053([payment({ amountCents: 100 })]);
  const withDoctype = (doctype: string) => statement.replace('<Document', `${doctype}\n<Document`);
  const deep = (levels: number) => statement.replace('<BkToCstmrStmt>', `<BkToCstmrStmt>${'<a>'.repeat(levels)}${'</a>'.repeat(levels)}`);

  it.each([
    ['an external entity', withDoctype('<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>').replace('Mari Tamm', '&xxe;')],
    ['a parameter entity', withDoctype('<!DOCTYPE Document [<!ENTITY % p SYSTEM "http://example.com/x.dtd"> %p;]>')],
    ['an entity expansion ("billion laughs")', withDoctype(`<!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`).join('')}]>`).replace('Mari Tamm', '&j;')],
    ['a bare DOCTYPE', withDoctype('<!DOCTYPE Document SYSTEM "camt.dtd">')],
    ['200 000-deep nesting', deep(200_000)],
    ['65 levels, just past reason', deep(63)],
  ])('%s: 422 statement_unsafe_xml in Estonian, nothing written', async (_, xml) => {
    const res = await upload(xml);
    const body = await readJson(res);
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(422);
    expect(body).toMatchObject({ error: { code: 'statement_unsafe_xml', message: expect.stringMatching(/^XML-failis on /) } });
    expect(await written()).toEqual({ statements: 0, transactions: 0, payments: 0, audits: 0 });
  });

  it('a camt file 64 levels deep, far past what banks write, is still read', async () => {
    expect(await imported(deep(62))).toHaveLength(1);
  });
});

describe('several statements paying the same booking at once', () => {
  it('never answers 5xx: each upload is imported, or refused as busy with nothing written; no payment doubled', async () => {
    const id = await f.pricedBooking();
    await afterTheStatements();
    const statuses: number[] = [];
    const amounts: number[] = [];
    for (let round = 0; round < 6; round++) {
      const files = Array.from({ length: 5 }, (_, i) => ({ cents: 100 * (round * 5 + i + 1), xml: camt053([payment({ amountCents: 100 * (round * 5 + i + 1), reference: ref(id) })]) }));
      const answers = await Promise.all(files.map(async ({ cents, xml }) => ({ cents, res: await upload(xml), })));
      for (const { cents, res } of answers) {
        const body = await readJson(res);
        statuses.push(res.status);
        if (res.status === 201) amounts.push(cents);
        else expect(body, JSON.stringify(body)).toMatchObject({ error: { code: 'statement_busy' } });
      }
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const paid = await paymentsOf(id);
    expect(paid.map((p) => p.amount_cents).sort((a, b) => Number(a) - Number(b))).toEqual(amounts.sort((a, b) => a - b));
    const [booking] = await f.app.rows(`SELECT amount_paid_cents AS paid FROM bookings WHERE id = ${id}`);
    expect(booking!.paid).toBe(amounts.reduce((sum, c) => sum + c, 0));
  }, 120_000);
});
