import { beforeAll, describe, expect, it } from 'vitest';
import { SELLER } from '../../worker/domain/invoices/document';
import { EN16931_ABSENT, en16931Present, compiledRules, fatalRules, validateUbl } from '../helpers/en16931';
import { useApiFixture } from '../helpers/api-fixture';
import { COMPANY, expectPdfStatesXml, invoiceCorpus, issueInvoice, pdfText, ublOf } from '../helpers/invoice-corpus';

/**
 * A VAT-registered seller's documents (issue 39): the settings' seller with a VAT number issues standard-rated
 * documents at the rate in force on the supply date (the retreat's first day), the VAT taken out of the prices once
 * when the document is issued and frozen on it, so the PDF and the e-invoice print the same figures. The same corpus
 * as the seller without a VAT number (tests/api/e-invoices.test.ts), checked by the standard's own rules.
 */
if (!en16931Present) console.warn(EN16931_ABSENT);

const VAT_SELLER = { ...SELLER, vatNumber: 'EE101234567' };
const f = useApiFixture({ clock: '2026-11-26T10:00:00.000Z', config: { seller: VAT_SELLER } });

const ubl = async (invoiceId: number) => (await ublOf(f, invoiceId)).xml;
const documentOf = async (invoiceId: number) => (await f.ok('GET', `/api/admin/invoices/${invoiceId}`)).invoice.document;

describe('a VAT-registered seller', () => {
  it('issues an invoice standard-rated at 24 %: the VAT out of the price, the total unchanged, both VAT numbers stated', async () => {
    const e = (await f.edition({ startDate: '2027-05-14', priceCents: 129_900 })) as { id: number; edition: string };
    const invoice = await issueInvoice(f, (await f.request(e, { paymentPlan: 'advance' })).id, COMPANY);
    const document = await documentOf(invoice.id);
    expect(document.vat).toEqual({ percent: 24, supplyDate: '2027-05-14', netCents: 104_758, taxCents: 25_142, lineNetCents: [104_758] });
    expect(document.totalCents).toBe(129_900);
    const xml = await ubl(invoice.id);
    for (const expected of [
      '<cac:InvoicePeriod><cbc:StartDate>2027-05-14</cbc:StartDate><cbc:EndDate>2027-05-24</cbc:EndDate></cac:InvoicePeriod>',
      '<cac:PartyTaxScheme><cbc:CompanyID>EE101234567</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>',
      '<cac:PartyTaxScheme><cbc:CompanyID>EE123456789</cbc:CompanyID>',
      '<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">251.42</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">1047.58</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">251.42</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>24</cbc:Percent>',
      '<cbc:TaxExclusiveAmount currencyID="EUR">1047.58</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">1299.00</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">1299.00</cbc:PayableAmount>',
      '<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>24</cbc:Percent>',
    ]) {
      expect(xml, expected).toContain(expected);
    }
    expect(xml).not.toContain('TaxExemptionReason');
    if (en16931Present) expect(fatalRules(validateUbl(xml))).toEqual([]);
    const text = await pdfText(f, invoice.id);
    for (const expected of [
      'KMKR nr EE101234567',
      'Teenuse osutamise aeg: 14.05.2027–24.05.2027',
      'Summa km-ta',
      'Kokku km-ta',
      '1 047,58 €',
      'Käibemaks 24 %',
      '251,42 €',
      '1 299,00 €',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Müüja ei ole käibemaksukohustuslane');
  });

  it('takes the rate of the supply date, and a credit note takes its invoice’s rate after the rate changed', async () => {
    await f.clock.set('2025-04-01T10:00:00.000Z');
    const june = (await f.edition({ startDate: '2025-06-20', priceCents: 129_900 })) as { id: number; edition: string };
    const july = (await f.edition({ startDate: '2025-07-14', priceCents: 129_900 })) as { id: number; edition: string };
    const before = await issueInvoice(f, (await f.request(june, { paymentPlan: 'advance' })).id);
    const after = await issueInvoice(f, (await f.request(july)).id);
    expect((await documentOf(before.id)).vat).toMatchObject({ percent: 22, supplyDate: '2025-06-20', netCents: 106_475, taxCents: 23_425 });
    expect((await documentOf(after.id)).vat).toMatchObject({ percent: 24, supplyDate: '2025-07-14' });
    await f.clock.set('2025-08-01T10:00:00.000Z');
    const note = (await f.ok('POST', `/api/admin/invoices/${before.id}/credit-note`, { reason: 'Vale saaja' })).invoice;
    expect((await documentOf(note.id)).vat).toEqual({
      percent: 22,
      supplyDate: '2025-06-20',
      netCents: -106_475,
      taxCents: -23_425,
      lineNetCents: [-106_475],
    });
    const xml = await ubl(note.id);
    expect(xml).toContain('<cbc:TaxAmount currencyID="EUR">234.25</cbc:TaxAmount>');
    expect(xml).toContain('<cbc:Percent>22</cbc:Percent>');
    if (en16931Present) expect(fatalRules(validateUbl(xml))).toEqual([]);
  });
});

describe.runIf(en16931Present)('a VAT-registered seller’s e-invoices (EN 16931 UBL)', () => {
  beforeAll(() => {
    compiledRules();
  }, 600_000);

  it('a corpus of 40 documents has no fatal assert, and each PDF states what its XML does, VAT included', async () => {
    const documents = await invoiceCorpus(f);
    expect(documents.length).toBeGreaterThanOrEqual(40);
    const verdicts: Record<string, string[]> = {};
    for (const [i, d] of documents.entries()) {
      const xml = await ubl(d.invoiceId);
      expect(xml, d.label).toContain('<cbc:Percent>24</cbc:Percent>');
      verdicts[`${i + 1}. ${d.label}`] = fatalRules(validateUbl(xml));
      expectPdfStatesXml(await pdfText(f, d.invoiceId), xml, `${i + 1}. ${d.label}`);
    }
    expect(verdicts).toEqual(Object.fromEntries(documents.map((d, i) => [`${i + 1}. ${d.label}`, []])));
  }, 120_000);

  it('broken copies of a standard-rated invoice fail with the VAT rule each breaks', async () => {
    const e = (await f.edition({ startDate: '2027-05-14', priceCents: 129_900 })) as { id: number; edition: string };
    const xml = await ubl((await issueInvoice(f, (await f.request(e)).id, COMPANY)).id);
    expect(fatalRules(validateUbl(xml))).toEqual([]);
    const broken: [string, (x: string) => string, string][] = [
      [
        'the VAT total off by a cent',
        (x) => x.replace('<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">251.42', '<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">251.43'),
        'BR-CO-14',
      ],
      [
        'the total with VAT off by a cent',
        (x) => x.replace('<cbc:TaxInclusiveAmount currencyID="EUR">1299.00', '<cbc:TaxInclusiveAmount currencyID="EUR">1299.01'),
        'BR-CO-15',
      ],
      [
        'no seller VAT number',
        (x) => x.replace(/<cac:PartyTaxScheme><cbc:CompanyID>EE101234567<\/cbc:CompanyID>[\s\S]*?<\/cac:PartyTaxScheme>/, ''),
        'BR-S-02',
      ],
      [
        'an exemption reason on a standard-rated breakdown',
        (x) =>
          x.replace(
            '<cbc:Percent>24</cbc:Percent><cac:TaxScheme>',
            '<cbc:Percent>24</cbc:Percent><cbc:TaxExemptionReason>Vabastatud</cbc:TaxExemptionReason><cac:TaxScheme>',
          ),
        'BR-S-10',
      ],
    ];
    for (const [label, breakIt, rule] of broken) {
      const copy = breakIt(xml);
      expect(copy, label).not.toBe(xml);
      expect(fatalRules(validateUbl(copy)), label).toContain(rule);
    }
  });
});
