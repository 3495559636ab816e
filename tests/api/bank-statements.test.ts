import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BankTransactionView, StatementImport, StatementImportResult } from '../../src/lib/admin/bank-statements';
import { BANK_STATEMENT_MESSAGES } from '../../src/lib/admin/bank-statements';
import type { PaymentLedger } from '../../src/lib/payments';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { camt053, lhvCsv, sampleTransactions, sebCsv, STATEMENT_ACCOUNT, swedbankCsv, type GeneratedTx } from '../helpers/bank-statements';
import { browser } from '../helpers/browser-client';
import { readJson } from '../helpers/http';
import { PRICED_BOOKING_ADVANCE as ADVANCE, PRICED_BOOKING_OWED as OWED } from '../helpers/priced-booking';

/**
 * Bank statements imported and matched by reference number (issue "Collect"), over real HTTP and a real database:
 * the cases of pretix's bank-import tests with Estonian reference numbers (paid in full, underpaid, in parts over two
 * statements, overpaid, a cancelled booking, the reference in the free text with spaces or line breaks, a wrong check
 * digit, "23.000,00", kept unmatched, split across two bookings, the same file twice, 1 000 rows), each bank's CSV,
 * the review list's assign and dismiss, and files that are refused with nothing written.
 */

const f = useApiFixture();

/** Bookings are requested on the test clock (editions open); statements are read in April 2026, by an admin signed in then. */
const afterTheStatements = () => f.clock.set('2026-04-30T10:00:00.000Z');

const pricedBooking = () => f.pricedBooking();
const ref = (id: number) => bookingReferenceNumber(id);

function upload(content: string | Uint8Array<ArrayBuffer>, name = 'valjavote.xml') {
  const form = new FormData();
  form.set('file', new Blob([content]), name);
  return f.admin.b.upload('/api/admin/bank-statements', form);
}

async function importedAll(content: string | Uint8Array<ArrayBuffer>, name?: string): Promise<StatementImportResult> {
  const res = await upload(content, name);
  const body = await readJson(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body as unknown as StatementImportResult;
}

/** A one-account file's import. */
async function imported(content: string | Uint8Array<ArrayBuffer>, name?: string): Promise<StatementImport> {
  const { imports } = await importedAll(content, name);
  expect(imports).toHaveLength(1);
  return imports[0]!;
}

const payment = (bookedOn = '2026-04-02', more: Partial<GeneratedTx> = {}): GeneratedTx => ({ bookedOn, payerName: 'Mari Tamm', payerAccount: 'EE471000001020145685', ...more, amountCents: more.amountCents ?? OWED });
const archive = (() => {
  let n = 0;
  return () => `ARH${Date.now()}${++n}`;
})();

const booking = async (id: number) =>
  (await f.app.rows(`SELECT amount_paid_cents AS paid, owed_cents AS owed, payment_status AS status, balance_paid, deposit_paid FROM bookings WHERE id = ${id}`))[0]!;
const paymentsOf = (id: number) => f.app.rows(`SELECT amount_cents, method, received_on, bank_transaction_id, reference FROM payments WHERE booking_id = ${id} ORDER BY id`);

describe('authorisation', () => {
  it('answers 401 and 403 on every route and writes nothing', async () => {
    const user = await signedIn(f.app);
    const xml = camt053([payment()]);
    for (const client of [browser(f.app), user.b]) {
      const form = new FormData();
      form.set('file', new Blob([xml]), 'a.xml');
      const expected = client === user.b ? 403 : 401;
      expect((await client.upload('/api/admin/bank-statements', form)).status).toBe(expected);
      for (const path of ['/api/admin/bank-statements', '/api/admin/bank-statements/review', '/api/admin/bank-statements/1']) expect((await client.get(path)).status, path).toBe(expected);
      for (const path of ['/api/admin/bank-statements/review/1/assign', '/api/admin/bank-statements/review/1/dismiss']) expect((await client.post(path, { bookingId: 1, reason: 'x' })).status, path).toBe(expected);
    }
    expect(await f.app.count('bank_statements')).toBe(0);
  });
});

describe('matching by reference number (pretix\'s cases, Estonian references)', () => {
  it('paid in full by the structured reference: a ledger payment from the transaction, the booking paid, audited, its source on the ledger', async () => {
    const id = await pricedBooking();
    await afterTheStatements();
    const archiveId = archive();
    const result = await imported(camt053([payment('2026-04-02', { reference: ref(id), text: 'Retriit', archiveId })]));
    expect(result.statement).toMatchObject({ format: 'camt.053', transactions: 1, duplicates: 0, importedBy: f.admin.email });
    expect(result.transactions).toHaveLength(1);
    expect(result.transactions[0]).toMatchObject({ outcome: 'matched', reviewReason: null, amountCents: OWED, allocations: [{ bookingId: id, amountCents: OWED, guestName: 'Mari Tamm' }] });
    expect(result.totals.matched).toEqual({ count: 1, amounts: [{ currency: 'EUR', cents: OWED }] });
    expect(await paymentsOf(id)).toEqual([{ amount_cents: OWED, method: 'bank_transfer', received_on: '2026-04-02', bank_transaction_id: result.transactions[0]!.id, reference: ref(id) }]);
    expect(await booking(id)).toMatchObject({ paid: OWED, status: 'paid', balance_paid: 1, deposit_paid: 1 });
    const audits = await f.app.rows("SELECT action, resource_type, resource_id, user_id FROM audit_logs WHERE action IN ('payment.import', 'bank_statement.import') ORDER BY id");
    expect(audits).toEqual([
      { action: 'bank_statement.import', resource_type: 'bank_statement', resource_id: String(result.statement.id), user_id: f.admin.userId },
      { action: 'payment.import', resource_type: 'booking', resource_id: String(id), user_id: f.admin.userId },
    ]);
    const ledger = (await readJson(await f.admin.b.get(`/api/admin/bookings/${id}/payments`))) as unknown as PaymentLedger;
    expect(ledger.items[0]!.bankTransaction).toEqual({ id: result.transactions[0]!.id, statementId: result.statement.id, bookedOn: '2026-04-02', counterpartyName: 'Mari Tamm', counterpartyAccount: 'EE471000001020145685', archiveId });
  });

  it('underpaid: a partial payment; paid in parts over two statements: matched when the rest comes', async () => {
    const id = await pricedBooking();
    await afterTheStatements();
    const first = await imported(camt053([payment('2026-04-02', { amountCents: ADVANCE, reference: ref(id), archiveId: archive() })]));
    expect(first.transactions[0]).toMatchObject({ outcome: 'partial', allocations: [{ bookingId: id, amountCents: ADVANCE }] });
    expect(await booking(id)).toMatchObject({ paid: ADVANCE, deposit_paid: 1, balance_paid: 0 });
    const second = await imported(swedbankCsv([payment('2026-04-20', { amountCents: OWED - ADVANCE, reference: ref(id), archiveId: archive() })]), 'swedbank.csv');
    expect(second.transactions[0]).toMatchObject({ outcome: 'matched' });
    expect(await booking(id)).toMatchObject({ paid: OWED, status: 'paid', balance_paid: 1 });
  });

  it('two payments to one booking in one file: the second sees the first (partial, then matched)', async () => {
    const id = await pricedBooking();
    await afterTheStatements();
    const result = await imported(camt053([payment('2026-04-02', { amountCents: 30_000, reference: ref(id), archiveId: archive() }), payment('2026-04-03', { amountCents: OWED - 30_000, reference: ref(id), archiveId: archive() })]));
    expect(result.transactions.map((t) => t.outcome)).toEqual(['partial', 'matched']);
    expect(await booking(id)).toMatchObject({ paid: OWED, status: 'paid' });
  });

  it('overpaid: recorded in full and flagged', async () => {
    const id = await pricedBooking();
    await afterTheStatements();
    const result = await imported(camt053([payment('2026-04-02', { amountCents: OWED + 10_000, reference: ref(id), archiveId: archive() })]));
    expect(result.transactions[0]).toMatchObject({ outcome: 'overpaid', allocations: [{ bookingId: id, amountCents: OWED + 10_000 }] });
    expect(result.totals.overpaid).toEqual({ count: 1, amounts: [{ currency: 'EUR', cents: OWED + 10_000 }] });
    expect(await booking(id)).toMatchObject({ paid: OWED + 10_000, balance_paid: 1 });
  });

  it('a cancelled booking: the money is not applied, it waits for a refund decision naming the booking', async () => {
    const id = await pricedBooking();
    await f.cancel(id);
    await afterTheStatements();
    const result = await imported(camt053([payment('2026-04-02', { reference: ref(id), archiveId: archive() })]));
    expect(result.transactions[0]).toMatchObject({ outcome: 'review', reviewReason: 'cancelled_booking', namedBookingId: id, allocations: [] });
    expect(await paymentsOf(id)).toEqual([]);
  });

  it('the reference only in the free text, also split by spaces or a line break; not the amount written out', async () => {
    const a = await pricedBooking();
    const b = await pricedBooking();
    const c = await pricedBooking();
    await afterTheStatements();
    const spaced = (r: string) => `${r.slice(0, 2)} ${r.slice(2)}`;
    const result = await imported(
      camt053([
        payment('2026-04-02', { text: `Ettemaks viitenumber ${ref(a)}`, amountCents: 30_000, archiveId: archive() }),
        payment('2026-04-02', { text: `Retriit viitenr ${spaced(ref(b))} aitäh`, amountCents: 30_000, archiveId: archive() }),
        payment('2026-04-02', { text: `Makse\n${ref(c)}`, amountCents: 30_000, archiveId: archive() }),
      ]),
    );
    expect(result.transactions.map((t) => [t.outcome, t.allocations.map((x) => x.bookingId)])).toEqual([
      ['partial', [a]],
      ['partial', [b]],
      ['partial', [c]],
    ]);
  });

  it('a structured reference that fails its check digit never matches, even with a good one in the text', async () => {
    const id = await pricedBooking();
    await afterTheStatements();
    const good = ref(id);
    const wrong = good.slice(0, -1) + String((Number(good.at(-1)) + 1) % 10);
    const result = await imported(camt053([payment('2026-04-02', { reference: wrong, text: `viitenumber ${good}`, archiveId: archive() })]));
    expect(result.transactions[0]).toMatchObject({ outcome: 'review', reviewReason: 'invalid_reference' });
    expect(await f.app.count('payments')).toBe(0);
  });

  it('a valid reference no booking has, and a payment naming nothing, are kept for review', async () => {
    await afterTheStatements();
    const result = await imported(camt053([payment('2026-04-02', { reference: ref(99_999), archiveId: archive() }), payment('2026-04-02', { text: 'Kingitus', archiveId: archive() })]));
    expect(result.transactions.map((t) => [t.outcome, t.reviewReason])).toEqual([
      ['review', 'unknown_reference'],
      ['review', 'no_reference'],
    ]);
    const review = await readJson(await f.admin.b.get('/api/admin/bank-statements/review'));
    expect(review.total).toBe(2);
  });

  it('an invoice number in the free text pays the invoice\'s booking', async () => {
    const id = await pricedBooking();
    const { number } = await f.invoice(id);
    await afterTheStatements();
    const result = await imported(camt053([payment('2026-04-02', { amountCents: 50_000, text: `Tasun arve ${number.toLowerCase()}`, archiveId: archive() })]));
    expect(result.transactions[0]).toMatchObject({ outcome: 'partial', allocations: [{ bookingId: id, amountCents: 50_000 }] });
  });

  it('"23.000,00": a Swedbank amount with thousands dots is 23 000 €', async () => {
    const id = await pricedBooking();
    await f.price(id, { totalCents: 2_300_000, services: [], companionPrices: [null] });
    await afterTheStatements();
    const csv = swedbankCsv([payment('2026-04-02', { amountCents: 2_300_000, reference: ref(id), archiveId: archive() })]);
    expect(csv).toContain('"23000,00"');
    const result = await imported(csv.replace('"23000,00"', '"23.000,00"'), 'swedbank.csv');
    expect(result.transactions[0]).toMatchObject({ outcome: 'matched', amountCents: 2_300_000 });
    expect(await booking(id)).toMatchObject({ paid: 2_300_000, status: 'paid' });
  });

  it('one transfer for two bookings is split only when it pays exactly what is open on both', async () => {
    const a = await pricedBooking();
    const b = await pricedBooking();
    const c = await pricedBooking();
    const d = await pricedBooking();
    await afterTheStatements();
    const result = await imported(
      camt053([
        payment('2026-04-02', { amountCents: 2 * OWED, text: `Broneeringud ${ref(a)} ja ${ref(b)}`, archiveId: archive() }),
        payment('2026-04-02', { amountCents: 2 * OWED - 100, text: `Broneeringud ${ref(c)}, ${ref(d)}`, archiveId: archive() }),
      ]),
    );
    expect(result.transactions[0]).toMatchObject({ outcome: 'matched', allocations: [{ bookingId: a, amountCents: OWED }, { bookingId: b, amountCents: OWED }] });
    expect(result.transactions[1]).toMatchObject({ outcome: 'review', reviewReason: 'several_bookings', allocations: [] });
    expect(await booking(a)).toMatchObject({ paid: OWED, status: 'paid' });
    expect(await booking(b)).toMatchObject({ paid: OWED, status: 'paid' });
    expect(await paymentsOf(c)).toEqual([]);
    expect(await paymentsOf(d)).toEqual([]);
  });

  it('money out is listed, not applied; a payment in another currency waits for review', async () => {
    const id = await pricedBooking();
    await afterTheStatements();
    const result = await imported(camt053([payment('2026-04-02', { direction: 'debit', amountCents: 12_345, reference: ref(id), archiveId: archive() })]));
    expect(result.transactions[0]).toMatchObject({ outcome: 'debit', direction: 'debit', allocations: [] });
    expect(result.totals.debit).toEqual({ count: 1, amounts: [{ currency: 'EUR', cents: 12_345 }] });
    expect(await f.app.count('payments')).toBe(0);
    const usd = camt053([payment('2026-04-03', { reference: ref(id), archiveId: archive() })]).replaceAll('Ccy="EUR"', 'Ccy="USD"');
    expect((await imported(usd)).transactions[0]).toMatchObject({ outcome: 'review', reviewReason: 'currency' });
  });
});

describe('the same money once', () => {
  it('the same file twice adds nothing; an overlapping one adds only its new transactions', async () => {
    const a = await pricedBooking();
    const b = await pricedBooking();
    await afterTheStatements();
    const first = payment('2026-04-02', { amountCents: 30_000, reference: ref(a), archiveId: archive() });
    const xml = camt053([first, payment('2026-04-02', { text: 'Tundmatu', archiveId: archive() })]);
    await imported(xml);
    const counts = async () => ({ transactions: await f.app.count('bank_transactions'), payments: await f.app.count('payments'), paid: (await booking(a)).paid });
    const before = await counts();
    const again = await imported(xml);
    expect(again.transactions.map((t) => t.outcome)).toEqual(['duplicate', 'duplicate']);
    expect(again.statement).toMatchObject({ transactions: 0, duplicates: 2 });
    expect(await counts()).toEqual(before);
    const overlapping = await imported(camt053([first, payment('2026-04-05', { amountCents: 30_000, reference: ref(b), archiveId: archive() })]));
    expect(overlapping.transactions.map((t) => t.outcome)).toEqual(['duplicate', 'partial']);
    expect(await f.app.count('payments')).toBe(2);
  });

  it('without archive ids, the checksum of date, amount, payer and reference knows a transaction again', async () => {
    const id = await pricedBooking();
    await afterTheStatements();
    const csv = swedbankCsv([payment('2026-04-02', { amountCents: 30_000, reference: ref(id) })]);
    await imported(csv, 'a.csv');
    expect((await imported(csv, 'b.csv')).transactions[0]!.outcome).toBe('duplicate');
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('two uploads of one file at once book its payments once', async () => {
    const id = await pricedBooking();
    await afterTheStatements();
    const xml = camt053([payment('2026-04-02', { amountCents: 30_000, reference: ref(id), archiveId: archive() })]);
    const answers = await Promise.all([upload(xml), upload(xml)]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect(await paymentsOf(id)).toHaveLength(1);
    expect((await booking(id)).paid).toBe(30_000);
  });
});

describe('each bank\'s CSV export', () => {
  it.each([
    ['Swedbank', (txs: GeneratedTx[]) => swedbankCsv(txs)],
    ['SEB (English)', (txs: GeneratedTx[]) => sebCsv(txs, { language: 'en' })],
    ['SEB (Estonian)', (txs: GeneratedTx[]) => sebCsv(txs, { language: 'et' })],
    ['LHV', (txs: GeneratedTx[]) => lhvCsv(txs)],
  ])('%s: matched by its Viitenumber column, its debits listed', async (_, make) => {
    const id = await pricedBooking();
    await afterTheStatements();
    const result = await imported(make([payment('2026-04-02', { reference: ref(id), archiveId: archive() }), payment('2026-04-03', { direction: 'debit', amountCents: 999, archiveId: archive() })]), 'export.csv');
    expect(result.transactions.map((t) => t.outcome)).toEqual(['matched', 'debit']);
    expect(await booking(id)).toMatchObject({ paid: OWED, status: 'paid' });
  });
});

describe('the review list', () => {
  async function waiting(): Promise<BankTransactionView> {
    const result = await imported(camt053([payment('2026-04-02', { amountCents: 30_000, payerName: 'Õie Šmidt', text: 'Kingitus sõbrale', archiveId: archive() })]));
    return result.transactions[0]!;
  }

  it('finds what waits by payer or text, Estonian letters folded; assigns it to a booking: a payment from the statement, audited', async () => {
    const id = await pricedBooking();
    await afterTheStatements();
    const tx = await waiting();
    const found = await readJson(await f.admin.b.get(`/api/admin/bank-statements/review?q=${encodeURIComponent('oie smidt')}`));
    expect((found.items as BankTransactionView[]).map((t) => t.id)).toEqual([tx.id]);
    expect((await readJson(await f.admin.b.get('/api/admin/bank-statements/review?q=kedagi'))).total).toBe(0);

    const res = await f.admin.b.post(`/api/admin/bank-statements/review/${tx.id}/assign`, { bookingId: id });
    const body = await readJson(res);
    expect(res.status).toBe(200);
    expect(body.transaction).toMatchObject({ outcome: 'assigned', resolvedBy: f.admin.email, allocations: [{ bookingId: id, amountCents: 30_000 }] });
    expect(await paymentsOf(id)).toEqual([{ amount_cents: 30_000, method: 'bank_transfer', received_on: '2026-04-02', bank_transaction_id: tx.id, reference: null }]);
    expect((await booking(id)).paid).toBe(30_000);
    const [audit] = await f.app.rows("SELECT resource_id, metadata FROM audit_logs WHERE action = 'bank_transaction.assign'");
    expect(audit).toMatchObject({ resource_id: String(id) });
    expect(JSON.parse(String(audit!.metadata))).toMatchObject({ amountCents: 30_000, payer: 'Õie Šmidt' });
    expect((await readJson(await f.admin.b.get('/api/admin/bank-statements/review'))).total).toBe(0);
    // Once only.
    const twice = await f.admin.b.post(`/api/admin/bank-statements/review/${tx.id}/assign`, { bookingId: id });
    expect(twice.status).toBe(409);
    expect((await readJson(twice)).error).toMatchObject({ code: 'bank_transaction_resolved' });
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('refuses a cancelled booking, an unknown one and a bad id, changing nothing', async () => {
    const id = await pricedBooking();
    await f.cancel(id);
    await afterTheStatements();
    const tx = await waiting();
    const cancelled = await f.admin.b.post(`/api/admin/bank-statements/review/${tx.id}/assign`, { bookingId: id });
    expect(cancelled.status).toBe(409);
    expect((await readJson(cancelled)).error).toMatchObject({ code: 'booking_cancelled', message: BANK_STATEMENT_MESSAGES.cancelledBooking, details: [{ path: 'bookingId' }] });
    const unknown = await f.admin.b.post(`/api/admin/bank-statements/review/${tx.id}/assign`, { bookingId: 999_999 });
    expect(unknown.status).toBe(422);
    const missing = await f.admin.b.post(`/api/admin/bank-statements/review/${tx.id}/assign`, {});
    expect(missing.status).toBe(422);
    expect((await readJson(missing)).error).toMatchObject({ details: [{ path: 'bookingId', message: BANK_STATEMENT_MESSAGES.bookingRequired }] });
    expect((await f.admin.b.post('/api/admin/bank-statements/review/abc/assign', { bookingId: id })).status).toBe(404);
    expect((await f.admin.b.post('/api/admin/bank-statements/review/424242/assign', { bookingId: id })).status).toBe(404);
    expect(await f.app.count('payments')).toBe(0);
    expect((await f.app.rows(`SELECT outcome FROM bank_transactions WHERE id = ${tx.id}`))[0]).toEqual({ outcome: 'review' });
  });

  it('dismisses with a reason (required), audited, once', async () => {
    await afterTheStatements();
    const tx = await waiting();
    const empty = await f.admin.b.post(`/api/admin/bank-statements/review/${tx.id}/dismiss`, { reason: '  ' });
    expect(empty.status).toBe(422);
    expect((await readJson(empty)).error).toMatchObject({ details: [{ path: 'reason', message: BANK_STATEMENT_MESSAGES.reasonRequired }] });
    const res = await f.admin.b.post(`/api/admin/bank-statements/review/${tx.id}/dismiss`, { reason: 'Tagastatud maksjale' });
    expect(res.status).toBe(200);
    expect((await readJson(res)).transaction).toMatchObject({ outcome: 'dismissed', resolutionNote: 'Tagastatud maksjale', resolvedBy: f.admin.email });
    expect(await f.app.count("audit_logs WHERE action = 'bank_transaction.dismiss'")).toBe(1);
    expect((await f.admin.b.post(`/api/admin/bank-statements/review/${tx.id}/dismiss`, { reason: 'Uuesti' })).status).toBe(409);
    expect(await f.app.count("audit_logs WHERE action = 'bank_transaction.dismiss'")).toBe(1);
  });

  it('lists the imports and answers an earlier one as stored', async () => {
    const id = await pricedBooking();
    await afterTheStatements();
    const result = await imported(camt053([payment('2026-04-02', { reference: ref(id), archiveId: archive() })]), 'märts.xml');
    const list = await readJson(await f.admin.b.get('/api/admin/bank-statements'));
    expect(list).toMatchObject({ total: 1, items: [{ id: result.statement.id, fileName: 'märts.xml', format: 'camt.053', transactions: 1, duplicates: 0 }] });
    const stored = await readJson(await f.admin.b.get(`/api/admin/bank-statements/${result.statement.id}`));
    expect(stored.transactions).toEqual(result.transactions);
    for (const path of ['/api/admin/bank-statements/777', '/api/admin/bank-statements/abc']) {
      const missing = await f.admin.b.get(path);
      expect(missing.status).toBe(404);
      expect((await readJson(missing)).error).toMatchObject({ code: 'not_found', message: 'Väljavõtet ei leitud.' });
    }
  });
});

describe('files that are refused: a clear Estonian error, nothing written', () => {
  const nothingWritten = async () => {
    expect(await f.app.count('bank_statements')).toBe(0);
    expect(await f.app.count('bank_transactions')).toBe(0);
    expect(await f.app.count('payments')).toBe(0);
  };

  it.each([
    ['an unknown CSV', 'Kuupäev;Summa\n01.04.2026;10,00\n', 'statement_unknown_format', 422],
    ['a text file', 'Tere!', 'statement_unknown_format', 422],
    ['an empty file', '', 'statement_empty', 422],
    ['XML that is not a statement', readFileSync('tests/fixtures/bank-statements/genkgo-camt/camt053.v2.wrong.xml', 'utf8'), 'statement_malformed', 422],
  ])('%s', async (_, content, code, status) => {
    const res = await upload(content, 'fail.txt');
    expect(res.status).toBe(status);
    const { error } = (await readJson(res)) as { error: { code: string; message: string; details: { path: string }[] } };
    expect(error.code).toBe(code);
    expect(error.message).toMatch(/[äõöü]|Fail/);
    expect(error.details[0]!.path).toBe('file');
    await nothingWritten();
  });

  it('a file above 5 MB is refused with 413 before it is read', async () => {
    const res = await upload(new Uint8Array(5 * 1024 * 1024 + 100 * 1024).fill(65), 'suur.csv');
    expect(res.status).toBe(413);
    expect((await readJson(res)).error).toMatchObject({ code: 'statement_too_large' });
    await nothingWritten();
  });

  it('no file, a JSON body, or a file field that is text: refused', async () => {
    const form = new FormData();
    form.set('fail', new Blob(['x']), 'x.csv');
    expect((await f.admin.b.upload('/api/admin/bank-statements', form)).status).toBe(422);
    const text = new FormData();
    text.set('file', 'not a file');
    const res = await f.admin.b.upload('/api/admin/bank-statements', text);
    expect(res.status).toBe(422);
    expect((await readJson(res)).error).toMatchObject({ details: [{ path: 'file', message: BANK_STATEMENT_MESSAGES.fileRequired }] });
    expect((await f.admin.b.post('/api/admin/bank-statements', { file: 'x' })).status).toBe(415);
    await nothingWritten();
  });
});

describe('statements no one here wrote (genkgo/camt)', () => {
  it('parse through the API; the minimal one\'s Dutch account is not the company\'s, and on the company\'s its reference 4654654654654654 fails 7-3-1: both wait for review', async () => {
    const xml = readFileSync('tests/fixtures/bank-statements/genkgo-camt/camt053.v2.minimal.xml', 'utf8');
    const waiting = async (file: string, name: string) => {
      const result = await imported(file, name);
      expect(result.statement).toMatchObject({ accountIban: expect.any(String) });
      return result.transactions.find((t) => t.direction === 'credit' && t.reference === '4654654654654654');
    };
    expect(await waiting(xml, 'camt053.v2.minimal.xml')).toMatchObject({ outcome: 'review', reviewReason: 'foreign_account', account: 'NL26VAYB8060476890' });
    // The same file as the company's account's statement, a month on (new transactions, not the first file's again).
    const ours = xml.replaceAll('NL26VAYB8060476890', STATEMENT_ACCOUNT).replaceAll('2014-12-', '2015-01-');
    expect(await waiting(ours, 'ours.xml')).toMatchObject({ outcome: 'review', reviewReason: 'invalid_reference', account: STATEMENT_ACCOUNT });
    for (const name of ['camt053.v2.multi.statement.xml', 'camt053.v2.with-party-ids.xml', 'camt053.v2.five.decimals.xml', 'camt053.v4.xml', 'camt053.v8.xml', 'camt054.v2.xml']) {
      const res = await upload(new Uint8Array(readFileSync(`tests/fixtures/bank-statements/genkgo-camt/${name}`)), name);
      expect([201], name).toContain(res.status);
    }
    expect(await f.app.count('payments')).toBe(0);
  });
});

describe('a 1 000-row statement', () => {
  it('imports whole: every credit naming one of the bookings is paid, every debit listed, the totals add up', async () => {
    // 1 000 bookings: one through the API, the rest copies of it (the owed-amount triggers price each).
    const first = await pricedBooking();
    const columns = (await f.app.rows('PRAGMA table_info(bookings)')).map((c) => String(c.name)).filter((name) => name !== 'id' && name !== 'idempotency_key');
    const list = columns.map((c) => `"${c}"`).join(', ');
    await f.app.deps.sql.execute(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 999) INSERT INTO bookings (${list}) SELECT ${list} FROM bookings, n WHERE bookings.id = ${first}`);
    expect(await f.app.count('bookings')).toBe(1000);
    await afterTheStatements();
    const result = await imported(camt053(sampleTransactions(1000)));
    expect(result.transactions).toHaveLength(1000);
    expect(result.totals.debit.count).toBe(100);
    expect(result.totals.matched.count + result.totals.partial.count + result.totals.overpaid.count).toBe(900);
    expect(await f.app.count('payments')).toBe(900);
    const [sum] = await f.app.rows('SELECT sum(amount_cents) AS cents FROM payments');
    const euros = (outcome: 'matched' | 'partial' | 'overpaid') => result.totals[outcome].amounts.find((a) => a.currency === 'EUR')?.cents ?? 0;
    expect(Number(sum!.cents)).toBe(euros('matched') + euros('partial') + euros('overpaid'));
    expect(await f.app.count("audit_logs WHERE action = 'payment.import'")).toBe(900);
  });
});
