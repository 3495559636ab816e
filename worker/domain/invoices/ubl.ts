/**
 * An issued invoice or credit note as an EN 16931 e-invoice (issue 39): UBL 2.1 `Invoice` / `CreditNote` with the
 * Peppol BIS Billing 3.0 customization and profile. Made from the same frozen document the PDF is drawn from
 * (../invoices/pdf.ts), so the two never disagree: nothing is computed again but the sums the standard states
 * separately (line total, tax exclusive, tax inclusive, payable), from the same lines.
 *
 * VAT: a document of a seller without a VAT number issues category O, "not subject to VAT", with its exemption
 * reason, and no VAT identifier anywhere on the document (BR-O-02…). A VAT-registered seller's document (its `vat`)
 * is category S at its rate: each line at its amount without VAT, the breakdown as issued, both parties' VAT
 * numbers. A credit note states positive amounts: the document type says they are credited (the stored credit note
 * keeps them negative, as its PDF prints them). A line of a negative amount (a discount code's line) is a negative
 * quantity at a non-negative price (BR-27).
 */
import type { InvoiceDocument, InvoiceLine } from '../../../src/lib/invoices/documents';
import { strToU8, zipSync } from 'fflate';
import { INVOICE_TEXTS, invoiceFileName, linesAsShown } from '../../../src/lib/invoices/documents';
import { formatDateEt } from '../../../src/lib/format';
import { escapeHtml } from '../mail/html';

export const UBL_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const UBL_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** UNTDID 1001: a commercial invoice, a credit note. */
const TYPE_CODES = { invoice: '380', credit_note: '381' } as const;
/** UNTDID 4461: SEPA credit transfer. */
const CREDIT_TRANSFER = '58';
/** UNECE Rec 20: one unit ("piece"). */
const UNIT = 'C62';
/** UNTDID 5305 O with its reason (VATEX-EU-O: not subject to VAT). */
const NOT_SUBJECT = { category: 'O', reasonCode: 'VATEX-EU-O', reason: INVOICE_TEXTS.noVat } as const;

// The mail's escaper: the same five entities are XML's own.
const escapeXml = escapeHtml;

/** Integer cents as the standard's decimal ("1299.50", "-12.30"): never through floating point. */
export function ublAmount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

type Node = string | null | undefined | false;
const el = (name: string, ...children: Node[]) => {
  const inner = children.filter((c): c is string => typeof c === 'string' && c !== '');
  return inner.length === 0 ? '' : `<${name}>${inner.join('')}</${name}>`;
};
const text = (name: string, value: string | null | undefined, attrs = '') => (value === null || value === undefined || value === '' ? '' : `<${name}${attrs}>${escapeXml(value)}</${name}>`);
const money = (name: string, cents: number) => text(name, ublAmount(cents), ' currencyID="EUR"');

/** "Näidistänav 1, 10111 Tallinn" as street, postal code and city when it reads so; else the whole text as the street. */
export function addressParts(address: string | null): { street: string | null; postalZone: string | null; city: string | null } {
  if (!address) return { street: null, postalZone: null, city: null };
  const m = /^(.+?),\s*(\d{5})\s+(.+)$/.exec(address.trim());
  return m ? { street: m[1]!, postalZone: m[2]!, city: m[3]! } : { street: address.trim(), postalZone: null, city: null };
}

function postalAddress(address: string | null, country: string) {
  const parts = addressParts(address);
  return el(
    'cac:PostalAddress',
    text('cbc:StreetName', parts.street),
    text('cbc:CityName', parts.city),
    text('cbc:PostalZone', parts.postalZone),
    el('cac:Country', text('cbc:IdentificationCode', country)),
  );
}

/** UNTDID 5305 S at the document's rate, or O with its reason (the reason only in the breakdown, BR-O-10). */
const taxCategory = (name: 'cac:ClassifiedTaxCategory' | 'cac:TaxCategory', vat: InvoiceDocument['vat'], withReason: boolean) =>
  vat
    ? el(name, text('cbc:ID', 'S'), text('cbc:Percent', String(vat.percent)), el('cac:TaxScheme', text('cbc:ID', 'VAT')))
    : el(
        name,
        text('cbc:ID', NOT_SUBJECT.category),
        withReason && text('cbc:TaxExemptionReasonCode', NOT_SUBJECT.reasonCode),
        withReason && text('cbc:TaxExemptionReason', NOT_SUBJECT.reason),
        el('cac:TaxScheme', text('cbc:ID', 'VAT')),
      );

/** A party's VAT number (BT-31, BT-48): stated only on a standard-rated document. */
const partyVat = (vatNumber: string | null, vat: InvoiceDocument['vat']) =>
  vat && vatNumber ? el('cac:PartyTaxScheme', text('cbc:CompanyID', vatNumber), el('cac:TaxScheme', text('cbc:ID', 'VAT'))) : '';

function line(kind: InvoiceDocument['kind'], l: InvoiceLine, index: number, sign: number, vat: InvoiceDocument['vat']) {
  const total = sign * l.totalCents;
  const quantity = sign * l.quantity * (l.unitCents < 0 ? -1 : 1);
  const unit = Math.abs(l.unitCents);
  const tag = kind === 'invoice' ? 'cac:InvoiceLine' : 'cac:CreditNoteLine';
  const quantityTag = kind === 'invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity';
  return el(
    tag,
    text('cbc:ID', String(index + 1)),
    text(quantityTag, String(quantity), ` unitCode="${UNIT}"`),
    money('cbc:LineExtensionAmount', total),
    el('cac:Item', text('cbc:Name', l.description), taxCategory('cac:ClassifiedTaxCategory', vat, false)),
    el('cac:Price', money('cbc:PriceAmount', unit)),
  );
}

/** The buyer's address: its parts when the dialog gave them (issue 39), else the one line read as best it can be. */
function buyerAddress(buyer: InvoiceDocument['buyer']) {
  if (!buyer.street && !buyer.city && !buyer.postalCode) return postalAddress(buyer.address, buyer.countryCode ?? 'EE');
  return el(
    'cac:PostalAddress',
    text('cbc:StreetName', buyer.street),
    text('cbc:CityName', buyer.city),
    text('cbc:PostalZone', buyer.postalCode),
    el('cac:Country', text('cbc:IdentificationCode', buyer.countryCode ?? 'EE')),
  );
}

/** A participant id "0191:12345678" as UBL's endpoint (BT-49): the scheme, then the id. */
const endpoint = (address: string | null | undefined) => {
  const m = address ? /^(\d{4}):(.+)$/.exec(address) : null;
  return m ? `<cbc:EndpointID schemeID="${m[1]}">${escapeXml(m[2]!)}</cbc:EndpointID>` : '';
};

/** The document as UBL 2.1 XML (UTF-8). */
export function renderUbl(doc: InvoiceDocument): string {
  const isInvoice = doc.kind === 'invoice';
  // A credit note's amounts are stated positive: its type says they are credited.
  const sign = isInvoice ? 1 : -1;
  // Each line at its amount without VAT on a standard-rated document (as its PDF prints them).
  const lines = linesAsShown(doc);
  const lineTotal = lines.reduce((sum, l) => sum + sign * l.totalCents, 0);
  const taxTotal = sign * (doc.vat?.taxCents ?? 0);
  const withTax = lineTotal + taxTotal;
  const prepaid = isInvoice ? doc.paidCents : 0;
  const root = isInvoice ? 'Invoice' : 'CreditNote';
  const { seller, buyer } = doc;
  const notes = [doc.reason, doc.credits ? INVOICE_TEXTS.creditsInvoice(doc.credits.number, formatDateEt(doc.credits.issuedOn)) : null].filter(Boolean) as string[];
  const body = [
    text('cbc:CustomizationID', UBL_CUSTOMIZATION),
    text('cbc:ProfileID', UBL_PROFILE),
    text('cbc:ID', doc.number),
    text('cbc:IssueDate', doc.issuedOn),
    isInvoice && text('cbc:DueDate', doc.dueOn),
    text(isInvoice ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode', TYPE_CODES[doc.kind]),
    ...notes.map((n) => text('cbc:Note', n)),
    text('cbc:DocumentCurrencyCode', doc.currency),
    text('cbc:BuyerReference', doc.booking?.referenceNumber ?? doc.number),
    // When the service is supplied (BG-14): the retreat's days.
    doc.booking?.startDate && doc.booking.endDate && el('cac:InvoicePeriod', text('cbc:StartDate', doc.booking.startDate), text('cbc:EndDate', doc.booking.endDate)),
    doc.credits && el('cac:BillingReference', el('cac:InvoiceDocumentReference', text('cbc:ID', doc.credits.number), text('cbc:IssueDate', doc.credits.issuedOn))),
    el(
      'cac:AccountingSupplierParty',
      el(
        'cac:Party',
        postalAddress(seller.address, 'EE'),
        partyVat(seller.vatNumber, doc.vat),
        el('cac:PartyLegalEntity', text('cbc:RegistrationName', seller.name), text('cbc:CompanyID', seller.registryCode)),
        el('cac:Contact', text('cbc:ElectronicMail', seller.email)),
      ),
    ),
    el(
      'cac:AccountingCustomerParty',
      el(
        'cac:Party',
        endpoint(buyer.eInvoiceAddress),
        buyerAddress(buyer),
        partyVat(buyer.vatNumber, doc.vat),
        el('cac:PartyLegalEntity', text('cbc:RegistrationName', buyer.name), text('cbc:CompanyID', buyer.registryCode)),
        el('cac:Contact', text('cbc:Telephone', buyer.phone), text('cbc:ElectronicMail', buyer.email)),
      ),
    ),
    // How to pay, only where something is to be paid (an invoice paid already asks for nothing, as its PDF).
    isInvoice &&
      withTax - prepaid > 0 &&
      el(
        'cac:PaymentMeans',
        text('cbc:PaymentMeansCode', CREDIT_TRANSFER),
        text('cbc:PaymentID', doc.booking?.referenceNumber),
        el('cac:PayeeFinancialAccount', text('cbc:ID', seller.iban.replace(/\s/g, '')), text('cbc:Name', seller.name)),
      ),
    isInvoice && doc.paymentTermDays !== null && el('cac:PaymentTerms', text('cbc:Note', `Maksetähtaeg ${doc.paymentTermDays} päeva`)),
    el(
      'cac:TaxTotal',
      money('cbc:TaxAmount', taxTotal),
      el('cac:TaxSubtotal', money('cbc:TaxableAmount', lineTotal), money('cbc:TaxAmount', taxTotal), taxCategory('cac:TaxCategory', doc.vat, true)),
    ),
    el(
      'cac:LegalMonetaryTotal',
      money('cbc:LineExtensionAmount', lineTotal),
      money('cbc:TaxExclusiveAmount', lineTotal),
      money('cbc:TaxInclusiveAmount', withTax),
      prepaid !== 0 && money('cbc:PrepaidAmount', prepaid),
      money('cbc:PayableAmount', withTax - prepaid),
    ),
    ...lines.map((l, i) => line(doc.kind, l, i, sign, doc.vat)),
  ];
  const ns = `xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} ${ns}>${body.filter((b): b is string => typeof b === 'string').join('')}</${root}>\n`;
}

/**
 * A period's documents as one ZIP of their e-invoices (the accountant's archive), each named like its PDF but .xml.
 * fflate: pure JavaScript, so it runs on both hosts; only this on-demand module carries it.
 */
export function ublArchive(documents: readonly InvoiceDocument[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const doc of documents) files[invoiceFileName(doc.kind, doc.number, 'xml')] = strToU8(renderUbl(doc));
  return zipSync(files, { level: 6 });
}
