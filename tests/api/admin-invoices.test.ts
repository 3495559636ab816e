import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import settings from '../../content/settings/site.json';
import { INVOICE_TEXTS, type InvoiceDetail, type InvoiceView } from '../../src/lib/admin/invoices';
import { API_ERRORS } from '../../src/lib/api-errors';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { CLAIM_LEASE_MS, dispatchDueMail, retryDelayMs } from '../../worker/domain/mail/outbox';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { readJson } from '../helpers/http';
import { PRICED_BOOKING_ADVANCE as ADVANCE, PRICED_BOOKING_OWED as OWED } from '../helpers/priced-booking';

/**
 * Invoices and credit notes (issue "Back office II"): one consecutive series, frozen documents that outlive their
 * booking, the spec's invoice rules (the retreat line, the advance, "remaining after deposit", 14 days), a
 * PDF with Estonian letters, and the e-mail with the PDF attached. Nothing edits or deletes an issued document.
 */

const f = useApiFixture({ clock: '2025-12-01T10:00:00.000Z' });

/** Booked on 1.12.2025 for 14.03.2026, on the advance plan: 600 € (two people) by 15.12.2025, the rest by 13.01.2026. */
const pricedBooking = (guest: Record<string, unknown> = {}) => f.pricedBooking({ retreatMonth: 'mar-2026', ...guest });

const versionOf = async (id: number) => Number((await f.row(id)).version);
const buyer = { name: 'Õnne Šmidt-Žukova', email: 'onne@example.com' };
async function issue(id: number, body: Record<string, unknown> = {}) {
  return f.admin.b.send('POST', `/api/admin/bookings/${id}/invoices`, { version: await versionOf(id), buyer, ...body });
}
async function issued(id: number, body: Record<string, unknown> = {}): Promise<InvoiceView> {
  const res = await issue(id, body);
  expect(res.status).toBe(201);
  return (await readJson(res)).invoice as InvoiceView;
}

describe('authorisation', () => {
  it('answers 401 and 403 on every invoice route and writes nothing', async () => {
    const id = await pricedBooking();
    const user = await signedIn(f.app);
    const routes = [
      ['GET', `/api/admin/bookings/${id}/invoices`],
      ['POST', `/api/admin/bookings/${id}/invoices`],
      ['GET', '/api/admin/invoices/1'],
      ['GET', '/api/admin/invoices/1/pdf'],
      ['POST', '/api/admin/invoices/1/send'],
      ['POST', '/api/admin/invoices/1/credit-note'],
    ] as const;
    for (const [method, path] of routes) {
      const body = { version: 1, buyer };
      const anon = method === 'GET' ? await browser(f.app).get(path) : await browser(f.app).post(path, body);
      expect(anon.status, path).toBe(401);
      const plain = method === 'GET' ? await user.b.get(path) : await user.b.send('POST', path, body);
      expect(plain.status, path).toBe(403);
    }
    expect(await f.app.count('invoices')).toBe(0);
  });
});

describe('issuing', () => {
  it('freezes the spec invoice: the retreat line, each service and companion price, the advance and what remains after it', async () => {
    const id = await pricedBooking();
    const invoice = await issued(id);
    expect(invoice).toMatchObject({ number: '2025-0001', kind: 'invoice', issuedOn: '2025-12-01', dueOn: '2025-12-15', totalCents: OWED, buyerName: buyer.name, buyerEmail: buyer.email, bookingId: id, issuedBy: f.admin.email });
    const doc = invoice.document;
    expect(doc.lines).toEqual([
      { description: INVOICE_TEXTS.retreatLine, quantity: 1, unitCents: 129900, totalCents: 129900 },
      { description: 'Massaaž', quantity: 1, unitCents: 4550, totalCents: 4550 },
      { description: 'Kaasreisija: Jaan Tamm', quantity: 1, unitCents: 85000, totalCents: 85000 },
    ]);
    expect(doc).toMatchObject({
      number: '2025-0001',
      paymentTermDays: 14,
      seller: settings.invoicing.seller,
      buyer: { name: buyer.name, email: buyer.email, registryCode: null },
      booking: { id, referenceNumber: bookingReferenceNumber(id) },
      paidCents: 0,
      outstandingCents: OWED,
      advanceCents: ADVANCE,
      remainingAfterAdvanceCents: OWED - ADVANCE,
      credits: null,
    });
  });

  it("shows the advance and 'remaining after deposit' only while part of the advance is unpaid, never subtracting a paid one again", async () => {
    const id = await pricedBooking();
    const pay = (amount: string) => f.admin.b.send('POST', `/api/admin/bookings/${id}/payments`, { kind: 'payment', method: 'bank_transfer', receivedOn: '2025-11-30', amount });
    // Nothing paid: 600 € advance, the rest after it.
    expect((await issued(id)).document).toMatchObject({ outstandingCents: OWED, remainingAfterAdvanceCents: OWED - ADVANCE });
    // 100 € paid: 500 € of the advance is open, and what remains after it is the rest.
    await pay('100');
    expect((await issued(id)).document).toMatchObject({ outstandingCents: OWED - 10000, remainingAfterAdvanceCents: OWED - ADVANCE });
    // The advance paid: no advance line at all (the bookkeeper's finding: 2 143 € and then 1 843 €).
    await pay(String(ADVANCE / 100 - 100));
    expect((await issued(id)).document).toMatchObject({ outstandingCents: OWED - ADVANCE, remainingAfterAdvanceCents: null });
  });

  it('names a company as the buyer when the dialog says so', async () => {
    const id = await pricedBooking();
    const invoice = await issued(id, { buyer: { name: 'Päikese OÜ', email: '', registryCode: '12345678', vatNumber: 'EE123456789', address: 'Pärnu mnt 1, Tallinn' } });
    expect(invoice.document.buyer).toEqual({ name: 'Päikese OÜ', email: null, phone: null, registryCode: '12345678', vatNumber: 'EE123456789', address: 'Pärnu mnt 1, Tallinn' });
  });

  it('offers the client\'s last buyer again: a company that paid once, on this booking and the client\'s next; another client gets their own name', async () => {
    const guest = { firstName: 'Mari', lastName: 'Maasikas', email: 'mari.firma@example.com' };
    const first = await pricedBooking(guest);
    const company = { name: 'Päikese OÜ', email: 'arved@paike.example', registryCode: '12345678', vatNumber: 'EE123456789', address: 'Pärnu mnt 1, Tallinn' };
    await issued(first, { buyer: company });
    const previewOf = async (id: number) => (await readJson(await f.admin.b.get(`/api/admin/bookings/${id}/invoices`))).preview.buyer;
    expect(await previewOf(first)).toEqual({ ...company, phone: null });
    const next = await pricedBooking(guest);
    expect((await f.row(next)).customer_id).toBe((await f.row(first)).customer_id);
    expect(await previewOf(next)).toEqual({ ...company, phone: null });
    const other = await pricedBooking({ firstName: 'Jüri', lastName: 'Kask', email: 'jyri.kask@example.com' });
    expect(await previewOf(other)).toMatchObject({ name: 'Jüri Kask', email: 'jyri.kask@example.com', registryCode: null, address: null });
  });

  it('previews the next invoice for the dialog without issuing one', async () => {
    const id = await pricedBooking({ firstName: 'Mari', lastName: 'Maasikas', email: 'mari@example.com' });
    const res = await f.admin.b.get(`/api/admin/bookings/${id}/invoices`);
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body).toMatchObject({ items: [], version: await versionOf(id), preview: { totalCents: OWED, buyer: { name: 'Mari Maasikas', email: 'mari@example.com' }, dueOn: '2025-12-15' } });
    expect(await f.app.count('invoices')).toBe(0);
  });

  it('refuses a booking edited since the preview (409) and a booking with nothing to invoice (422), writing nothing', async () => {
    const id = await pricedBooking();
    const stale = await issue(id, { version: (await versionOf(id)) + 1 });
    expect(stale.status).toBe(409);
    expect((await readJson(stale)).error.code).toBe('booking_changed');
    const { id: empty } = await f.request({ edition: 'mar-2026' });
    // A request comes priced; one whose price an admin cleared has nothing to invoice.
    await f.edit(empty, { totalAmount: '' });
    const nothing = await issue(empty);
    expect(nothing.status).toBe(422);
    expect((await readJson(nothing)).error).toEqual({ code: 'nothing_to_invoice', message: API_ERRORS.nothing_to_invoice.message });
    expect(await f.app.count('invoices')).toBe(0);
    expect(await f.app.count("audit_logs WHERE action = 'invoice.issue'")).toBe(0);
  });

  it.each([
    [{ buyer: { name: '' } }, 'buyer.name'],
    [{ buyer: { name: 'Mari', email: 'pole-aadress' } }, 'buyer.email'],
    [{ version: 'x' }, 'version'],
  ])('bad input %j is a 422 on %s', async (body, path) => {
    const id = await pricedBooking();
    const res = await issue(id, body);
    expect(res.status).toBe(422);
    expect((await readJson(res)).error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await f.app.count('invoices')).toBe(0);
  });

  it('a booking that does not exist is a 404', async () => {
    const res = await f.admin.b.send('POST', '/api/admin/bookings/999999/invoices', { version: 1, buyer });
    expect(res.status).toBe(404);
  });

  it('audits each issue (high severity)', async () => {
    const id = await pricedBooking();
    const invoice = await issued(id);
    const [audit] = await f.app.rows("SELECT user_id, severity, resource_type, resource_id, metadata FROM audit_logs WHERE action = 'invoice.issue'");
    expect(audit).toMatchObject({ user_id: f.admin.userId, severity: 'high', resource_type: 'invoice', resource_id: String(invoice.id) });
    expect(JSON.parse(String(audit!.metadata))).toMatchObject({ bookingId: id, totalCents: OWED });
  });
});

describe('one consecutive series', () => {
  it('50 concurrent issues make 50 distinct consecutive numbers, no gap, no duplicate', async () => {
    // One booking version issues one invoice (tests/api/money-truth.test.ts): 50 bookings, one invoice each.
    const ids = await Promise.all(Array.from({ length: 50 }, () => pricedBooking()));
    const results = await Promise.all(ids.map((id) => issue(id)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const rows = await f.app.rows('SELECT series_number, number FROM invoices ORDER BY series_number');
    expect(rows.map((r) => Number(r.series_number))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 50 }, (_, i) => `2025-${String(i + 1).padStart(4, '0')}`));
  });

  it('continues across the new year: the year shows the issue year, the counter does not restart', async () => {
    const id = await pricedBooking();
    await issued(id);
    await f.clock.set('2026-01-02T10:00:00.000Z'); // a month later: a new session
    expect((await issued(id)).number).toBe('2026-0002');
  });

  it('the database refuses a number out of series, an edit and a delete, whoever writes', async () => {
    const id = await pricedBooking();
    const invoice = await issued(id);
    const refused = async (statement: string) => {
      await expect(f.app.deps.sql.execute(statement)).rejects.toThrow(/consecutive series|frozen/);
    };
    await refused(`INSERT INTO invoices (series_number, number, kind, issued_on, total_cents, buyer_name, document) VALUES (3, 'x-3', 'invoice', '2025-12-01', 1, 'X', '{}')`);
    await refused(`UPDATE invoices SET total_cents = 1 WHERE id = ${invoice.id}`);
    await refused(`UPDATE invoices SET document = '{}' WHERE id = ${invoice.id}`);
    await refused(`DELETE FROM invoices WHERE id = ${invoice.id}`);
    // No route edits or deletes one either.
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      expect([404, 405]).toContain((await f.admin.b.send(method, `/api/admin/invoices/${invoice.id}`, { totalCents: 1 })).status);
    }
    expect((await f.app.rows(`SELECT total_cents FROM invoices WHERE id = ${invoice.id}`))[0]!.total_cents).toBe(OWED);
  });

  it('keeps its booking from deletion, and outlives it below the API: unlinked, it still opens', async () => {
    const id = await pricedBooking();
    const invoice = await issued(id);
    expect((await f.admin.b.send('DELETE', `/api/admin/bookings/${id}`)).status).toBe(409);
    await f.app.deps.sql.execute(`DELETE FROM bookings WHERE id = ${id}`);
    const after = await readJson(await f.admin.b.get(`/api/admin/invoices/${invoice.id}`));
    expect(after.invoice).toMatchObject({ number: invoice.number, bookingId: null, totalCents: OWED });
    expect(after.invoice.document).toEqual(invoice.document);
  });
});

describe('credit notes', () => {
  it('take the invoice back with its own number, the lines negated, referring to the original; once', async () => {
    const id = await pricedBooking();
    const invoice = await issued(id);
    await f.clock.set('2025-12-03T10:00:00.000Z'); // two days later: a new session
    const res = await f.admin.b.send('POST', `/api/admin/invoices/${invoice.id}/credit-note`, { reason: 'Vale summa' });
    expect(res.status).toBe(201);
    const note = (await readJson(res)).invoice as InvoiceView;
    expect(note).toMatchObject({ number: '2025-0002', kind: 'credit_note', issuedOn: '2025-12-03', dueOn: null, totalCents: -OWED, creditsInvoiceId: invoice.id, bookingId: id });
    expect(note.document.lines.map((l) => l.totalCents)).toEqual([-129900, -4550, -85000]);
    expect(note.document).toMatchObject({ credits: { id: invoice.id, number: '2025-0001', issuedOn: '2025-12-01' }, reason: 'Vale summa', buyer: invoice.document.buyer });
    const original = (await readJson(await f.admin.b.get(`/api/admin/invoices/${invoice.id}`))).invoice;
    expect(original).toMatchObject({ creditedCents: -OWED, totalCents: OWED });

    const again = await f.admin.b.send('POST', `/api/admin/invoices/${invoice.id}/credit-note`, {});
    expect(again.status).toBe(409);
    expect((await readJson(again)).error.code).toBe('invoice_already_credited');
    const ofNote = await f.admin.b.send('POST', `/api/admin/invoices/${note.id}/credit-note`, {});
    expect(ofNote.status).toBe(422);
    expect((await readJson(ofNote)).error.code).toBe('invoice_not_creditable');
    expect(await f.app.count('invoices')).toBe(2);
    expect(await f.app.count("audit_logs WHERE action = 'invoice.credit_note'")).toBe(1);
  });

  it('two credit notes for one invoice at once make one', async () => {
    const invoice = await issued(await pricedBooking());
    const results = await Promise.all(Array.from({ length: 5 }, () => f.admin.b.send('POST', `/api/admin/invoices/${invoice.id}/credit-note`, {})));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await f.app.count("invoices WHERE kind = 'credit_note'")).toBe(1);
  });
});

describe('the PDF', () => {
  it('opens, and pdftotext reads the number, the buyer, the Estonian letters and the totals', async () => {
    const id = await pricedBooking();
    const invoice = await issued(id);
    const res = await f.admin.b.get(`/api/admin/invoices/${invoice.id}/pdf?download=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="arve-2025-0001.pdf"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString();
    for (const expected of ['ARVE', 'Nr 2025-0001', 'Õnne Šmidt-Žukova', 'Massaaž', 'Kaasreisija: Jaan Tamm', INVOICE_TEXTS.retreatLine, '2 194,50 €', '1 594,50 €', 'Jääk pärast ettemaksu', bookingReferenceNumber(id), settings.invoicing.seller.iban, '15.12.2025']) {
      expect(text.replace(/\u00a0/g, ' '), expected).toContain(expected);
    }
  });

  it('a credit note prints as one, with negative sums and the invoice it credits', async () => {
    const invoice = await issued(await pricedBooking());
    const note = (await readJson(await f.admin.b.send('POST', `/api/admin/invoices/${invoice.id}/credit-note`, { reason: 'Tühistatud' }))).invoice;
    const res = await f.admin.b.get(`/api/admin/invoices/${note.id}/pdf`);
    expect(res.headers.get('content-disposition')).toBe('inline; filename="kreeditarve-2025-0002.pdf"');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: new Uint8Array(await res.arrayBuffer()) }).toString().replace(/\u00a0/g, ' ');
    for (const expected of ['KREEDITARVE', 'Nr 2025-0002', 'Kreeditarve arvele nr 2025-0001', 'Põhjus: Tühistatud', '−2 194,50 €']) expect(text, expected).toContain(expected);
  });

  it('an invoice that does not exist is a 404', async () => {
    for (const path of ['/api/admin/invoices/999/pdf', '/api/admin/invoices/abc', '/api/admin/invoices/0/pdf']) {
      const res = await f.admin.b.get(path);
      expect(res.status, path).toBe(404);
    }
  });
});

describe('e-mailing an invoice', () => {
  it('sends the PDF to the buyer as an attachment through SendGrid, lists it among the booking e-mails, and audits it', async () => {
    const stub = await f.sendGrid();
    const id = await pricedBooking();
    const invoice = await issued(id);
    const res = await f.admin.b.send('POST', `/api/admin/invoices/${invoice.id}/send`, {});
    expect(res.status).toBe(200);
    const answer = await readJson(res);
    expect(answer).toEqual({ state: 'sent', to: buyer.email, outboxId: expect.any(Number) });
    const mail = stub.received.find((m) => m.body.personalizations[0]!.to[0]!.email === buyer.email)!;
    expect(mail.body.subject).toBe('Uus algus retriit Balis: arve nr 2025-0001');
    expect(mail.body.attachments).toHaveLength(1);
    const [file] = mail.body.attachments!;
    expect(file).toMatchObject({ filename: 'arve-2025-0001.pdf', type: 'application/pdf', disposition: 'attachment' });
    const pdf = Buffer.from(file!.content, 'base64');
    expect(execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString()).toContain('Õnne Šmidt-Žukova');
    const emails = (await readJson(await f.admin.b.get(`/api/admin/bookings/${id}/emails`))).items;
    expect(emails[0]).toMatchObject({ kind: 'invoice', toAddress: buyer.email, status: 'sent' });
    expect(await f.app.count("audit_logs WHERE action = 'invoice.send'")).toBe(1);
    // The invoice says so too, and the booking's invoices beside it.
    const detail = (await readJson(await f.admin.b.get(`/api/admin/invoices/${invoice.id}`))).invoice as InvoiceDetail;
    expect(detail.emails).toEqual([
      { id: answer.outboxId, state: 'sent', to: buyer.email, queuedAt: f.clock.now.toISOString(), sentAt: f.clock.now.toISOString(), attempts: 1, nextAttemptAt: null, lastError: null },
    ]);
    const listed = (await readJson(await f.admin.b.get(`/api/admin/bookings/${id}/invoices`))).items;
    expect(listed[0]).toMatchObject({ id: invoice.id, lastEmail: { id: answer.outboxId, state: 'sent' } });
  });

  it("answers 'failed' when the provider refuses it, and 'pending' while it will be retried", async () => {
    const stub = await f.sendGrid();
    const invoice = await issued(await pricedBooking());
    stub.setMode('reject');
    expect(await readJson(await f.admin.b.send('POST', `/api/admin/invoices/${invoice.id}/send`, {}))).toMatchObject({ state: 'failed' });
    stub.setMode('fail');
    expect(await readJson(await f.admin.b.send('POST', `/api/admin/invoices/${invoice.id}/send`, {}))).toMatchObject({ state: 'pending' });
  });

  it("answers 'pending' within the bounded wait while SendGrid hangs; the outbox delivers it once SendGrid is back, and the detail follows", async () => {
    // The provider's own timeout is longer than the test's bound: before the fix, the answer waited for all of it.
    const stub = await f.sendGrid({ timeoutMs: 2500 });
    f.app.deps.config.confirmationWaitMs = 300;
    const id = await pricedBooking();
    const invoice = await issued(id);
    const invoiceMails = () => stub.received.filter((m) => m.body.attachments?.length);
    stub.setMode('hang');
    const started = performance.now();
    const res = await f.admin.b.send('POST', `/api/admin/invoices/${invoice.id}/send`, {});
    const answer = await readJson(res);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(200);
    expect(answer).toEqual({ state: 'pending', to: buyer.email, outboxId: expect.any(Number) });
    // Stored with its audit record, its first attempt under way (claimed: the scheduler leaves it alone meanwhile).
    expect(await f.app.count("audit_logs WHERE action = 'invoice.send'")).toBe(1);
    const detail = async () => ((await readJson(await f.admin.b.get(`/api/admin/invoices/${invoice.id}`))).invoice as InvoiceDetail).emails;
    expect(await detail()).toEqual([
      { id: answer.outboxId, state: 'pending', to: buyer.email, queuedAt: f.clock.now.toISOString(), sentAt: null, attempts: 1, nextAttemptAt: new Date(f.clock.now.getTime() + CLAIM_LEASE_MS).toISOString(), lastError: null },
    ]);
    expect(await dispatchDueMail(f.app.deps)).toMatchObject({ sent: 0, pending: 0 });

    // The attempt in the background times out: a failed attempt, to retry.
    await Promise.allSettled(f.app.background);
    expect(await detail()).toEqual([
      expect.objectContaining({ state: 'pending', attempts: 1, nextAttemptAt: new Date(f.clock.now.getTime() + retryDelayMs(1)).toISOString(), lastError: expect.stringContaining('timed out') }),
    ]);
    expect(invoiceMails()).toHaveLength(0);

    // SendGrid is back; the scheduled dispatch sends it, once, with its PDF.
    stub.setMode('accept');
    f.clock.tick(retryDelayMs(1));
    expect(await dispatchDueMail(f.app.deps)).toMatchObject({ sent: 1 });
    expect(await dispatchDueMail(f.app.deps)).toMatchObject({ sent: 0 });
    expect(invoiceMails()).toHaveLength(1);
    expect(invoiceMails()[0]!.body.attachments).toMatchObject([{ filename: 'arve-2025-0001.pdf' }]);
    expect(await detail()).toEqual([
      { id: answer.outboxId, state: 'sent', to: buyer.email, queuedAt: expect.any(String), sentAt: f.clock.now.toISOString(), attempts: 2, nextAttemptAt: null, lastError: null },
    ]);
    const listed = (await readJson(await f.admin.b.get(`/api/admin/bookings/${id}/invoices`))).items;
    expect(listed[0]).toMatchObject({ id: invoice.id, lastEmail: { id: answer.outboxId, state: 'sent' } });
  });

  it("the detail lists each document's own e-mails, newest first, with a refusal's reason; none before the first", async () => {
    const stub = await f.sendGrid();
    const id = await pricedBooking();
    const invoice = await issued(id);
    const note = (await readJson(await f.admin.b.send('POST', `/api/admin/invoices/${invoice.id}/credit-note`, {}))).invoice as InvoiceView;
    const emailsOf = async (doc: number) => ((await readJson(await f.admin.b.get(`/api/admin/invoices/${doc}`))).invoice as InvoiceDetail).emails;
    expect(await emailsOf(invoice.id)).toEqual([]);
    stub.setMode('reject');
    const refused = await readJson(await f.admin.b.send('POST', `/api/admin/invoices/${invoice.id}/send`, {}));
    expect(refused.state).toBe('failed');
    stub.setMode('accept');
    const sent = await readJson(await f.admin.b.send('POST', `/api/admin/invoices/${invoice.id}/send`, {}));
    await f.admin.b.send('POST', `/api/admin/invoices/${note.id}/send`, {});
    const emails = await emailsOf(invoice.id);
    expect(emails.map((e) => [e.id, e.state])).toEqual([
      [sent.outboxId, 'sent'],
      [refused.outboxId, 'failed'],
    ]);
    expect(emails[1]!.lastError).toMatch(/^SendGrid answered 400: .*verified Sender Identity/);
    expect(emails[1]!.lastError).not.toContain('SG.test-key');
    expect((await emailsOf(note.id)).map((e) => e.state)).toEqual(['sent']);
    const listed = (await readJson(await f.admin.b.get(`/api/admin/bookings/${id}/invoices`))).items as { id: number; lastEmail: { id: number } | null }[];
    expect(Object.fromEntries(listed.map((i) => [i.id, i.lastEmail?.id]))).toEqual({ [invoice.id]: sent.outboxId, [note.id]: expect.any(Number) });
  });

  it('a buyer without an e-mail address is a 422 and queues nothing', async () => {
    const invoice = await issued(await pricedBooking(), { buyer: { name: 'Päikese OÜ', email: '' } });
    const before = await f.app.count('email_outbox');
    const res = await f.admin.b.send('POST', `/api/admin/invoices/${invoice.id}/send`, {});
    expect(res.status).toBe(422);
    expect((await readJson(res)).error.code).toBe('invoice_no_email');
    expect(await f.app.count('email_outbox')).toBe(before);
  });
});
