/**
 * The e-invoice corpus (issue 39), made the way the organiser makes documents, through the API: persons and companies,
 * each plan, parties of one to three in both room types, an early-bird price, a party with a service and a companion's
 * price, partial payments, an overpayment, discount codes' lines, a gift voucher's part, full credit notes, a guest's
 * cancellation keeping its fee, and an edition's cancellation. The same corpus is made for a seller without a VAT
 * number and for a VAT-registered one (tests/api/e-invoices*.test.ts), and each document's PDF is read back against
 * its XML.
 */
import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import { formatDateEt, formatMoney } from '../../src/lib/format';
import type { ApiFixture } from './api-fixture';

export const COMPANY = {
  name: 'Sõbralik Firma OÜ',
  email: 'arved@firma.example',
  registryCode: '12345678',
  vatNumber: 'EE123456789',
  address: 'Tartu mnt 1, 10115 Tallinn',
};

type Edition = { id: number; edition: string };

export async function ublOf(f: ApiFixture, invoiceId: number) {
  const res = await f.admin.b.get(`/api/admin/invoices/${invoiceId}/ubl`);
  expect(res.status).toBe(200);
  return { xml: await res.text(), type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition') };
}

export async function issueInvoice(f: ApiFixture, id: number, buyer: Record<string, unknown> = { name: 'Mari Maasikas', email: 'mari@example.com' }) {
  return (await f.ok('POST', `/api/admin/bookings/${id}/invoices`, { version: (await f.detail(id)).version, buyer })).invoice as {
    id: number;
    number: string;
  };
}

export const pdfText = async (f: ApiFixture, invoiceId: number) => {
  const pdf = await f.admin.b.get(`/api/admin/invoices/${invoiceId}/pdf`);
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: new Uint8Array(await pdf.arrayBuffer()) })
    .toString()
    .replace(/\u00a0/g, ' ');
};

/** The corpus's documents, each with what it is. */
export async function invoiceCorpus(f: ApiFixture): Promise<{ label: string; invoiceId: number }[]> {
  const e = (await f.edition({ startDate: '2027-05-14', priceCents: 129_900 })) as Edition;
  const single = (await f.edition({ startDate: '2027-06-14', priceCents: 149_900 })) as Edition;
  await f.editEdition(single.id, { singleRoomSupplement: '200', sharedRoomSupplement: '' });
  const documents: { label: string; invoiceId: number }[] = [];
  const add = (label: string, invoice: { id: number }) => documents.push({ label, invoiceId: invoice.id });
  const issue = (id: number, buyer?: Record<string, unknown>) => issueInvoice(f, id, buyer);

  // Persons and companies, each plan, parties of one to three, both room types.
  for (const plan of ['advance', 'full', 'instalments'] as const) {
    for (const people of [1, 2, 3]) {
      const person = await f.request(e, { paymentPlan: plan, ...f.party(people) });
      add(`a person, ${plan}, ${people}`, await issue(person.id));
      const company = await f.request(single, { paymentPlan: plan, roomType: 'single-room', ...f.party(people) });
      add(`a company, ${plan}, ${people}, single rooms`, await issue(company.id, COMPANY));
    }
  }
  // An early-bird price, for a person and for a company's party.
  const early = (await f.edition({ startDate: '2027-08-14', priceCents: 129_900 })) as Edition;
  await f.editEdition(early.id, { earlyBirdPrice: '1099', earlyBirdUntil: '2026-12-31' });
  add('an early-bird price, a person', await issue((await f.request(early)).id));
  add('an early-bird price, a company of three', await issue((await f.request(early, { paymentPlan: 'instalments', ...f.party(3) })).id, COMPANY));
  const party = await f.pricedBooking({ retreatMonth: e.edition });
  add('a party with a service and a companion’s price', await issue(party));
  for (const cents of [30_000, 60_000, 100_000]) {
    const partly = await f.request(e, { paymentPlan: 'advance' });
    await f.pay(partly.id, cents);
    add(`after a payment of ${cents}`, await issue(partly.id));
  }
  const over = await f.request(e, { paymentPlan: 'full' });
  await f.pay(over.id, 130_000);
  add('overpaid', await issue(over.id));
  await f.ok('POST', '/api/admin/discount-codes', { code: 'KEVAD10', percent: 10 });
  await f.ok('POST', '/api/admin/discount-codes', { code: 'SOBER50', amountPerPerson: '50' });
  for (const code of ['kevad10', 'sober50']) {
    const coded = await f.request(e, { discountCode: code, ...f.party(2) } as never);
    add(`a discount code ${code}`, await issue(coded.id, COMPANY));
  }
  const voucher = (await f.ok('POST', '/api/admin/gift-vouchers', { amount: '100', recipientName: 'Mari Tamm' })).giftVoucher;
  const paidByVoucher = await f.request(e);
  await f.ok('POST', `/api/admin/bookings/${paidByVoucher.id}/gift-vouchers`, { code: voucher.code, amount: '100' });
  add('paid in part with a gift voucher', await issue(paidByVoucher.id));
  // Credit notes: whole invoices, a guest's cancellation keeping its fee, and an edition's cancellation.
  for (const buyer of [undefined, COMPANY]) {
    const credited = await issue((await f.request(e)).id, buyer);
    add('an invoice later credited', credited);
    add('a full credit note', (await f.ok('POST', `/api/admin/invoices/${credited.id}/credit-note`, { reason: 'Vale saaja' })).invoice);
  }
  for (const cents of [30_000, 129_900]) {
    const cancelled = await f.request(e, { paymentPlan: 'advance' });
    await f.pay(cancelled.id, cents);
    add('an invoice of a booking later cancelled', await issue(cancelled.id));
    await f.cancel(cancelled.id);
    const [note] = await f.app.rows(`SELECT id FROM invoices WHERE booking_id = ${cancelled.id} AND kind = 'credit_note'`);
    add(`a cancellation’s credit note after ${cents}`, { id: Number(note!.id) });
  }
  const doomed = (await f.edition({ startDate: '2027-07-14', priceCents: 129_900 })) as Edition;
  for (const buyer of [undefined, COMPANY]) {
    const b = await f.request(doomed, { paymentPlan: 'advance' });
    await f.pay(b.id, 30_000);
    add('an invoice on an edition later cancelled', await issue(b.id, buyer));
  }
  await f.ok('POST', `/api/admin/retreats/${doomed.id}/cancel`, { reason: 'Liiga vähe osalejaid' });
  for (const row of await f.app.rows(
    `SELECT i.id FROM invoices AS i JOIN bookings AS b ON b.id = i.booking_id WHERE b.retreat_id = ${doomed.id} AND i.kind = 'credit_note'`,
  )) {
    add('an edition’s cancellation credit note', { id: Number(row.id) });
  }
  return documents;
}

/**
 * PDF ≡ XML: what the e-invoice states, the PDF prints: number, dates, buyer, each line's amount, the VAT, the total,
 * reference number and IBAN (a credit note's PDF prints its amounts negative).
 */
export function expectPdfStatesXml(text: string, xml: string, label: string) {
  const sign = xml.includes('<CreditNote ') ? -1 : 1;
  // Each credit note names the invoice it credits (BT-25), as its PDF does.
  if (sign < 0) expect(xml, label).toMatch(/<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>[^<]+<\/cbc:ID>/);
  const cents = (amount: string) => sign * Math.round(Number(amount) * 100);
  const shown = (c: number) => formatMoney(c).replace(/\u00a0/g, ' ');
  const field = (re: RegExp) => re.exec(xml)?.[1];
  const tax = field(/<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">(-?[\d.]+)</)!;
  const percent = field(/<cac:TaxCategory><cbc:ID>S<\/cbc:ID><cbc:Percent>(\d+)</);
  const expected = [
    `Nr ${field(/<cbc:ID>([^<]+)<\/cbc:ID><cbc:IssueDate>/)}`,
    formatDateEt(field(/<cbc:IssueDate>([\d-]+)<\/cbc:IssueDate>/)!),
    ...(field(/<cbc:DueDate>([\d-]+)<\/cbc:DueDate>/) ? [formatDateEt(field(/<cbc:DueDate>([\d-]+)<\/cbc:DueDate>/)!)] : []),
    ...[...xml.matchAll(/<cac:AccountingCustomerParty>[\s\S]*?<cbc:RegistrationName>([^<]+)<\/cbc:RegistrationName>/g)].map((m) =>
      m[1]!.replace(/&amp;/g, '&'),
    ),
    ...[...xml.matchAll(/<cac:(?:Invoice|CreditNote)Line>[\s\S]*?<cbc:LineExtensionAmount currencyID="EUR">(-?[\d.]+)</g)].map((m) =>
      shown(cents(m[1]!)),
    ),
    ...(percent
      ? [`Käibemaks ${percent} %`, shown(cents(tax)), `Kokku km-ta`, shown(cents(field(/<cbc:TaxExclusiveAmount currencyID="EUR">(-?[\d.]+)</)!))]
      : []),
    shown(cents(field(/<cbc:TaxInclusiveAmount currencyID="EUR">(-?[\d.]+)</)!)),
    ...(field(/<cbc:PaymentID>([^<]+)</) ? [field(/<cbc:PaymentID>([^<]+)</)!] : []),
    ...(field(/<cac:PayeeFinancialAccount><cbc:ID>([^<]+)</) ? [field(/<cac:PayeeFinancialAccount><cbc:ID>([^<]+)</)!] : []),
  ];
  for (const e of expected) expect(text, `${label}: ${e}`).toContain(e);
}
