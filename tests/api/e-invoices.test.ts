import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { EN16931_ABSENT, en16931Present, compiledRules, fatalRules, validateUbl } from '../helpers/en16931';
import { useApiFixture } from '../helpers/api-fixture';
import { COMPANY, expectPdfStatesXml, invoiceCorpus, issueInvoice, pdfText, ublOf } from '../helpers/invoice-corpus';

/**
 * Every issued invoice and credit note is also an EN 16931 e-invoice (issue 39): UBL 2.1 from the same frozen
 * document as the PDF, checked by the standard's own rules (../helpers/en16931.ts). The documents here are made the
 * way the organiser makes them, through the API: persons and companies, each plan, a party with a service and a
 * companion's price, a partial payment, an overpayment, a discount code's line, full and partial credit notes, a
 * guest's cancellation with its fee. Each must have no fatal assert; broken copies fail with the expected rule.
 */
if (!en16931Present) console.warn(EN16931_ABSENT);

const f = useApiFixture({ clock: '2026-11-26T10:00:00.000Z' });

const ubl = (invoiceId: number) => ublOf(f, invoiceId);
const issue = (id: number, buyer?: Record<string, unknown>) => issueInvoice(f, id, buyer);

async function edition(startDate = '2027-05-14') {
  return (await f.edition({ startDate, priceCents: 129_900 })) as { id: number; edition: string };
}

describe.runIf(en16931Present)('e-invoices (EN 16931 UBL)', () => {
  beforeAll(() => {
    compiledRules();
  }, 600_000);

  it('downloads as XML named by the number; a corpus of 40 documents has no fatal assert, and each PDF states what its XML does', async () => {
    const documents = await invoiceCorpus(f);
    const first = await ubl(documents[0]!.invoiceId);
    expect(first.type).toBe('application/xml; charset=utf-8');
    expect(first.disposition).toMatch(/^attachment; filename="arve-\d{4}-\d{4}\.xml"$/);
    const verdicts: Record<string, string[]> = {};
    for (const [i, d] of documents.entries()) verdicts[`${i + 1}. ${d.label}`] = fatalRules(validateUbl((await ubl(d.invoiceId)).xml));
    expect(verdicts).toEqual(Object.fromEntries(documents.map((d, i) => [`${i + 1}. ${d.label}`, []])));
    expect(documents.length).toBeGreaterThanOrEqual(40);
    for (const [i, d] of documents.entries()) expectPdfStatesXml(await pdfText(f, d.invoiceId), (await ubl(d.invoiceId)).xml, `${i + 1}. ${d.label}`);
  }, 120_000);

  it('states what the PDF states: number, dates, buyer, lines, totals, IBAN and reference', async () => {
    const e = await edition();
    const id = await f.pricedBooking({ retreatMonth: e.edition });
    await f.pay(id, 30_000);
    const invoice = await issue(id, COMPANY);
    const { document } = (await f.ok('GET', `/api/admin/invoices/${invoice.id}`)).invoice;
    const { xml } = await ubl(invoice.id);
    for (const expected of [
      `<cbc:ID>${invoice.number}</cbc:ID>`,
      `<cbc:IssueDate>${document.issuedOn}</cbc:IssueDate>`,
      `<cbc:DueDate>${document.dueOn}</cbc:DueDate>`,
      '<cbc:RegistrationName>Sõbralik Firma OÜ</cbc:RegistrationName>',
      '<cbc:CompanyID>12345678</cbc:CompanyID>',
      '<cbc:StreetName>Tartu mnt 1</cbc:StreetName><cbc:CityName>Tallinn</cbc:CityName><cbc:PostalZone>10115</cbc:PostalZone>',
      `<cbc:PaymentID>${document.booking.referenceNumber}</cbc:PaymentID>`,
      `<cbc:ID>${document.seller.iban}</cbc:ID>`,
      '<cbc:TaxInclusiveAmount currencyID="EUR">2194.50</cbc:TaxInclusiveAmount>',
      '<cbc:PrepaidAmount currencyID="EUR">300.00</cbc:PrepaidAmount>',
      '<cbc:PayableAmount currencyID="EUR">1894.50</cbc:PayableAmount>',
      '<cbc:LineExtensionAmount currencyID="EUR">1299.00</cbc:LineExtensionAmount>',
      '<cbc:LineExtensionAmount currencyID="EUR">45.50</cbc:LineExtensionAmount>',
      '<cbc:LineExtensionAmount currencyID="EUR">850.00</cbc:LineExtensionAmount>',
      '<cbc:TaxExemptionReasonCode>VATEX-EU-O</cbc:TaxExemptionReasonCode>',
    ]) {
      expect(xml, expected).toContain(expected);
    }
    // A seller without a VAT number states no VAT identifier, the buyer's neither (category O).
    expect(xml).not.toContain('EE123456789');
  });

  it('lists each traveller of a party at the per-person price, the room’s supplement said, on the PDF and the XML alike', async () => {
    const e = (await f.edition({ startDate: '2027-05-14', priceCents: 129_900 })) as { id: number; edition: string };
    await f.editEdition(e.id, { singleRoomSupplement: '200' });
    const { id } = await f.request(e, { roomType: 'single-room', paymentPlan: 'advance', ...f.party(2) });
    const invoice = await issue(id);
    const { document } = (await f.ok('GET', `/api/admin/invoices/${invoice.id}`)).invoice;
    const lines = document.lines.map((l: { description: string; totalCents: number }) => [l.description.replace(/\u00a0/g, ' '), l.totalCents]);
    expect(lines).toEqual([
      ['Uus algus retriit Balis – Mari Tamm (ühekohaline tuba, sh lisatasu 200,00 €)', 149_900],
      ['Uus algus retriit Balis – Kaaslane A Tamm (ühekohaline tuba, sh lisatasu 200,00 €)', 149_900],
    ]);
    const { xml } = await ubl(invoice.id);
    expect(xml.replace(/\u00a0/g, ' ')).toContain(
      '<cbc:Name>Uus algus retriit Balis – Kaaslane A Tamm (ühekohaline tuba, sh lisatasu 200,00 €)</cbc:Name>',
    );
    expect(xml.match(/<cbc:LineExtensionAmount currencyID="EUR">1499.00<\/cbc:LineExtensionAmount>/g)).toHaveLength(2);
    expect(fatalRules(validateUbl(xml))).toEqual([]);
    const text = await pdfText(f, invoice.id);
    for (const expected of ['Kaaslane A Tamm', 'Mari Tamm', '1 499,00 €', '2 998,00 €']) expect(text, expected).toContain(expected);
  });

  it('broken copies of one invoice fail with the rule each breaks', async () => {
    const e = await edition();
    const invoice = await issue(await f.pricedBooking({ retreatMonth: e.edition }), COMPANY);
    const { xml } = await ubl(invoice.id);
    expect(fatalRules(validateUbl(xml))).toEqual([]);
    const broken: [string, (x: string) => string, string][] = [
      [
        'the payable amount off by a cent',
        (x) => x.replace('<cbc:PayableAmount currencyID="EUR">2194.50', '<cbc:PayableAmount currencyID="EUR">2194.51'),
        'BR-CO-16',
      ],
      [
        'the line total off by a cent',
        (x) => x.replace('<cbc:LineExtensionAmount currencyID="EUR">2194.50', '<cbc:LineExtensionAmount currencyID="EUR">2194.49'),
        'BR-CO-10',
      ],
      ['no buyer name', (x) => x.replace('<cbc:RegistrationName>Sõbralik Firma OÜ</cbc:RegistrationName>', ''), 'BR-07'],
      ['no invoice number', (x) => x.replace(`<cbc:ID>${invoice.number}</cbc:ID>`, ''), 'BR-02'],
      ['no issue date', (x) => x.replace(/<cbc:IssueDate>[\d-]+<\/cbc:IssueDate>/, ''), 'BR-03'],
      ['no seller country', (x) => x.replace('<cac:Country><cbc:IdentificationCode>EE</cbc:IdentificationCode></cac:Country>', ''), 'BR-09'],
      [
        'no seller name',
        (x) => x.replace(/(<cac:AccountingSupplierParty>[\s\S]*?)<cbc:RegistrationName>[^<]*<\/cbc:RegistrationName>/, '$1'),
        'BR-06',
      ],
      [
        'a negative item price',
        (x) => x.replace('<cbc:PriceAmount currencyID="EUR">45.50</cbc:PriceAmount>', '<cbc:PriceAmount currencyID="EUR">-45.50</cbc:PriceAmount>'),
        'BR-27',
      ],
      ['a line without its id', (x) => x.replace(/<cac:InvoiceLine><cbc:ID>1<\/cbc:ID>/, '<cac:InvoiceLine>'), 'BR-21'],
      [
        'category O without its exemption reason',
        (x) =>
          x.replace(/<cbc:TaxExemptionReasonCode>[^<]*<\/cbc:TaxExemptionReasonCode><cbc:TaxExemptionReason>[^<]*<\/cbc:TaxExemptionReason>/, ''),
        'BR-O-10',
      ],
      ['a currency that is none', (x) => x.replace('<cbc:DocumentCurrencyCode>EUR', '<cbc:DocumentCurrencyCode>ABC'), 'BR-CL-04'],
    ];
    expect(broken).toHaveLength(11);
    for (const [label, breakIt, rule] of broken) {
      const copy = breakIt(xml);
      expect(copy, label).not.toBe(xml);
      expect(fatalRules(validateUbl(copy)), label).toContain(rule);
    }
    // A credit note whose reference to its invoice lost the invoice's number. (EN 16931 itself does not require the
    // reference, BT-25; the corpus test asserts each credit note of ours carries it.)
    const note = (await f.ok('POST', `/api/admin/invoices/${invoice.id}/credit-note`, { reason: 'Vale saaja' })).invoice;
    const credit = await ubl(note.id);
    expect(fatalRules(validateUbl(credit.xml))).toEqual([]);
    expect(fatalRules(validateUbl(credit.xml.replace(/(<cac:InvoiceDocumentReference>)<cbc:ID>[^<]*<\/cbc:ID>/, '$1')))).toContain('BR-55');
  });
});

describe('the period’s e-invoices', () => {
  it('download as one ZIP of the invoices and credit notes issued in the period, each named like its PDF', async () => {
    const e = await edition();
    const invoice = await issue((await f.request(e)).id);
    const note = (await f.ok('POST', `/api/admin/invoices/${invoice.id}/credit-note`, { reason: 'Vale saaja' })).invoice as {
      id: number;
      number: string;
    };
    await f.clock.set('2026-12-02T10:00:00.000Z');
    const later = await issue((await f.request(e)).id);
    const res = await f.admin.b.get('/api/admin/exports/e-invoices.zip?from=2026-11-01&to=2026-11-30');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="e-arved-2026-12-02.zip"');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([`arve-${invoice.number}.xml`, `kreeditarve-${note.number}.xml`]);
    const xml = strFromU8(files[`kreeditarve-${note.number}.xml`]!);
    expect(xml).toContain('<CreditNote ');
    expect(xml).toContain(`<cac:InvoiceDocumentReference><cbc:ID>${invoice.number}</cbc:ID>`);
    const all = unzipSync(new Uint8Array(await (await f.admin.b.get('/api/admin/exports/e-invoices.zip')).arrayBuffer()));
    expect(Object.keys(all)).toContain(`arve-${later.number}.xml`);
    const refused = await f.admin.b.get('/api/admin/exports/e-invoices.zip?from=2026-12-01&to=2026-11-01');
    expect(refused.status).toBe(422);
  });
});

describe('a company that asks for e-invoices', () => {
  const STRUCTURED = {
    name: 'Sõbralik Firma OÜ',
    email: 'arved@firma.example',
    registryCode: '12345678',
    vatNumber: 'EE123456789',
    street: 'Tartu mnt 1',
    postalCode: '10115',
    city: 'Tallinn',
    countryCode: 'ee',
    eInvoiceAddress: '0191:12345678',
    wantsEInvoice: true,
  };

  it('has its address in parts and its e-invoice address on the XML, one line on the PDF, and is offered again next time', async () => {
    const e = await edition();
    const invoice = await issue((await f.request(e, { email: 'tellija@firma.example' })).id, STRUCTURED);
    const { xml } = await ubl(invoice.id);
    expect(xml).toContain('<cbc:EndpointID schemeID="0191">12345678</cbc:EndpointID>');
    expect(xml).toContain(
      '<cbc:StreetName>Tartu mnt 1</cbc:StreetName><cbc:CityName>Tallinn</cbc:CityName><cbc:PostalZone>10115</cbc:PostalZone><cac:Country><cbc:IdentificationCode>EE</cbc:IdentificationCode>',
    );
    if (en16931Present) expect(fatalRules(validateUbl(xml))).toEqual([]);
    const { document } = (await f.ok('GET', `/api/admin/invoices/${invoice.id}`)).invoice;
    expect(document.buyer).toMatchObject({ address: 'Tartu mnt 1, 10115 Tallinn', countryCode: 'EE', wantsEInvoice: true });
    // The same client's next booking: the dialog's buyer is this one again.
    const next = await f.request(e, { email: 'tellija@firma.example' });
    const preview = (await f.ok('GET', `/api/admin/bookings/${next.id}/invoices`)).preview;
    expect(preview.buyer).toMatchObject({ name: 'Sõbralik Firma OÜ', eInvoiceAddress: '0191:12345678', wantsEInvoice: true });
  });

  it('gets the XML beside the PDF in the invoice e-mail; a person does not', async () => {
    const stub = await f.sendGrid();
    const e = await edition();
    const company = await issue((await f.request(e)).id, STRUCTURED);
    const person = await issue((await f.request(e)).id, { name: 'Mari Maasikas', email: 'mari@example.com' });
    for (const id of [company.id, person.id]) expect((await f.admin.b.send('POST', `/api/admin/invoices/${id}/send`, {})).status).toBe(200);
    const files = (to: string) =>
      stub.received.find((m) => m.body.personalizations[0]!.to[0]!.email === to)!.body.attachments!.map((a) => [a.filename, a.type]);
    expect(files('arved@firma.example')).toEqual([
      [`arve-${company.number}.pdf`, 'application/pdf'],
      [`arve-${company.number}.xml`, 'application/xml'],
    ]);
    expect(files('mari@example.com')).toEqual([[`arve-${person.number}.pdf`, 'application/pdf']]);
    const sent = stub.received.find((m) => m.body.personalizations[0]!.to[0]!.email === 'arved@firma.example')!.body.attachments![1]!;
    expect(Buffer.from(sent.content, 'base64').toString('utf8')).toBe((await ubl(company.id)).xml);
  });

  it('refuses a country that is not two letters and an e-invoice address without its scheme', async () => {
    const e = await edition();
    const { id } = await f.request(e);
    const answer = await f.api('POST', `/api/admin/bookings/${id}/invoices`, {
      version: (await f.detail(id)).version,
      buyer: { ...STRUCTURED, countryCode: 'EST', eInvoiceAddress: '12345678' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['buyer.countryCode', 'buyer.eInvoiceAddress']);
    expect(await f.app.count('invoices')).toBe(0);
  });
});
