/**
 * An issued invoice or credit note as an A4 PDF, made on the server by @cantoo/pdf-lib with Noto Sans embedded
 * (subset to the glyphs used), so õ ä ö ü š ž print and copy as themselves. Pure JavaScript: the same code runs on
 * Node and in workerd (docs/decisions/013). The layout mirrors the print view (src/islands/admin/screens/invoices).
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import * as fontkit from 'fontkit';
import type { InvoiceDocument } from '../../../src/lib/invoices/documents';
import { buyerAddressLine, INVOICE_TEXTS, invoiceNotes, invoiceTotals, linesAsShown, supplyPeriodLine } from '../../../src/lib/invoices/documents';
import { formatDateEt, formatMoney } from '../../../src/lib/format';
import { GIFT_VOUCHER_TEXTS } from '../../../src/lib/gift-voucher-text';
import { NOTO_SANS_BOLD_BASE64, NOTO_SANS_REGULAR_BASE64 } from './fonts.generated';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.11, 0.13, 0.16);
const MUTED = rgb(0.36, 0.4, 0.45);
const RULE = rgb(0.8, 0.82, 0.85);

const decodeBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
// Decoded once per isolate or process: each PDF embeds (and subsets) from the same bytes.
let fontBytes: { regular: Uint8Array; bold: Uint8Array } | undefined;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Words onto lines no wider than `width`; a word longer than a line is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let current = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) current = candidate;
      else {
        if (current) lines.push(current);
        current = word;
        while (font.widthOfTextAtSize(current, size) > width && current.length > 1) {
          let cut = current.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut--;
          lines.push(current.slice(0, cut));
          current = current.slice(cut);
        }
      }
    }
    lines.push(current);
  }
  return lines;
}

/** Draws from the top down; starts a new page when the next block would not fit. */
class Cursor {
  y = A4[1] - MARGIN;
  constructor(
    private readonly doc: PDFDocument,
    public page: PDFPage,
    readonly fonts: Fonts,
  ) {}

  need(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage(A4);
      this.y = A4[1] - MARGIN;
    }
  }

  text(value: string, x: number, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; right?: boolean } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const left = options.right ? x - font.widthOfTextAtSize(value, size) : x;
    this.page.drawText(value, { x: left, y: this.y, size, font, color: options.color ?? INK });
  }

  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4[0] - MARGIN, y: this.y }, thickness: 0.6, color: RULE });
  }
}

/** Label-value pairs one under another, e.g. the seller's or buyer's details. */
function block(cursor: Cursor, x: number, width: number, heading: string, rows: (string | null)[]): number {
  let y = cursor.y;
  const draw = (value: string, bold = false, color = INK) => {
    for (const part of wrap(value, bold ? cursor.fonts.bold : cursor.fonts.regular, 10, width)) {
      cursor.page.drawText(part, { x, y, size: 10, font: bold ? cursor.fonts.bold : cursor.fonts.regular, color });
      y -= 14;
    }
  };
  draw(heading, true, MUTED);
  for (const row of rows) if (row) draw(row);
  return cursor.y - y;
}

export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Uint8Array<ArrayBuffer>> {
  fontBytes ??= { regular: decodeBase64(NOTO_SANS_REGULAR_BASE64), bold: decodeBase64(NOTO_SANS_BOLD_BASE64) };
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const title = INVOICE_TEXTS.title[invoice.kind];
  doc.setTitle(`${title} ${invoice.number}`);
  doc.setAuthor(invoice.seller.name);
  doc.setLanguage('et-EE');
  // A fixed creation date keeps the same invoice the same file, whenever it is rendered.
  const issued = new Date(`${invoice.issuedOn}T00:00:00Z`);
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  const fonts = { regular: await doc.embedFont(fontBytes.regular, { subset: true }), bold: await doc.embedFont(fontBytes.bold, { subset: true }) };
  const cursor = new Cursor(doc, doc.addPage(A4), fonts);
  const right = A4[0] - MARGIN;
  const contentWidth = A4[0] - 2 * MARGIN;

  // Heading: seller name, the document's title and number.
  cursor.text(invoice.seller.name, MARGIN, { size: 16, bold: true });
  cursor.text(title.toUpperCase(), right, { size: 18, bold: true, right: true });
  cursor.y -= 20;
  cursor.text(`Nr ${invoice.number}`, right, { size: 11, bold: true, right: true });
  cursor.y -= 16;
  const facts: [string, string][] = [
    ['Kuupäev', formatDateEt(invoice.issuedOn)],
    ...(invoice.dueOn ? ([['Maksetähtaeg', formatDateEt(invoice.dueOn)]] as [string, string][]) : []),
    ...(invoice.booking ? ([['Viitenumber', invoice.booking.referenceNumber]] as [string, string][]) : []),
  ];
  for (const [label, value] of facts) {
    cursor.text(`${label}: ${value}`, right, { right: true, color: MUTED });
    cursor.y -= 14;
  }
  cursor.y -= 10;

  // Seller and buyer side by side.
  const columnWidth = contentWidth / 2 - 10;
  const { seller, buyer } = invoice;
  const sellerHeight = block(cursor, MARGIN, columnWidth, 'Müüja', [
    seller.name,
    `Registrikood ${seller.registryCode}`,
    seller.vatNumber ? `KMKR nr ${seller.vatNumber}` : null,
    seller.address,
    seller.email,
  ]);
  const buyerHeight = block(cursor, MARGIN + contentWidth / 2 + 10, columnWidth, 'Ostja', [
    buyer.name,
    buyer.registryCode ? `Registrikood ${buyer.registryCode}` : null,
    buyer.vatNumber ? `KMKR nr ${buyer.vatNumber}` : null,
    buyerAddressLine(buyer),
    buyer.email,
    buyer.phone,
  ]);
  cursor.y -= Math.max(sellerHeight, buyerHeight) + 10;

  if (invoice.booking) {
    const { booking } = invoice;
    const dates = booking.startDate && booking.endDate ? `, ${formatDateEt(booking.startDate)}–${formatDateEt(booking.endDate)}` : '';
    cursor.text(`Broneering nr ${booking.id}: ${booking.retreatName}${dates}`, MARGIN);
    cursor.y -= 16;
  }
  const supply = supplyPeriodLine(invoice, formatDateEt);
  if (supply) {
    cursor.text(supply, MARGIN, { color: MUTED });
    cursor.y -= 14;
  }
  if (invoice.credits) {
    cursor.text(INVOICE_TEXTS.creditsInvoice(invoice.credits.number, formatDateEt(invoice.credits.issuedOn)), MARGIN, { bold: true });
    cursor.y -= 14;
  }
  if (invoice.reason) {
    for (const part of wrap(`Põhjus: ${invoice.reason}`, fonts.regular, 10, contentWidth)) {
      cursor.text(part, MARGIN);
      cursor.y -= 14;
    }
  }
  cursor.y -= 8;

  // Lines: description, quantity, price, sum.
  const columns = { quantity: MARGIN + contentWidth * 0.62, price: MARGIN + contentWidth * 0.8, sum: right };
  const header = () => {
    cursor.need(40);
    cursor.text('Kirjeldus', MARGIN, { bold: true });
    cursor.text('Kogus', columns.quantity, { bold: true, right: true });
    cursor.text(invoice.vat ? INVOICE_TEXTS.netColumn.price : 'Hind', columns.price, { bold: true, right: true });
    cursor.text(invoice.vat ? INVOICE_TEXTS.netColumn.sum : 'Summa', columns.sum, { bold: true, right: true });
    cursor.y -= 6;
    cursor.rule();
    cursor.y -= 14;
  };
  header();
  for (const item of linesAsShown(invoice)) {
    const description = wrap(item.description, fonts.regular, 10, contentWidth * 0.55);
    if (cursor.y - description.length * 14 < MARGIN) {
      cursor.need(A4[1]);
      header();
    }
    cursor.text(String(item.quantity), columns.quantity, { right: true });
    cursor.text(formatMoney(item.unitCents), columns.price, { right: true });
    cursor.text(formatMoney(item.totalCents), columns.sum, { right: true });
    for (const part of description) {
      cursor.text(part, MARGIN);
      cursor.y -= 14;
    }
  }
  cursor.y += 8;
  cursor.rule();
  cursor.y -= 18;

  // Totals.
  const totals = invoiceTotals(invoice);
  cursor.need(totals.length * 16 + 100);
  for (const [label, cents, bold] of totals) {
    cursor.text(label, columns.price - 70, { bold, right: true });
    cursor.text(formatMoney(cents), columns.sum, { bold, right: true });
    cursor.y -= 16;
  }
  cursor.y -= 12;

  // The advance, how to pay, and the VAT note.
  const notes = invoiceNotes(invoice, formatDateEt, formatMoney);
  for (const note of notes) {
    const parts = wrap(note, fonts.regular, 10, contentWidth);
    cursor.need(parts.length * 14);
    for (const part of parts) {
      cursor.text(part, MARGIN, { color: MUTED });
      cursor.y -= 14;
    }
    cursor.y -= 4;
  }
  // pdf-lib allocates a fresh ArrayBuffer; its type only says ArrayBufferLike.
  return (await doc.save()) as Uint8Array<ArrayBuffer>;
}

/** What a gift voucher's printable page shows (issue 38): the recipient, the value, the code and the last day. */
export interface GiftVoucherPrint {
  code: string;
  amountCents: number;
  recipientName: string;
  validUntil: string;
  issuedOn: string;
  seller: { name: string; email: string; website?: string | null };
}

/**
 * A gift voucher as one A4 page to print and give (issue 38): the recipient's name large, the value, the code in a
 * box, the last day and how to use it. Drawn by the same module and fonts as the invoices, loaded on demand.
 */
export async function renderGiftVoucherPdf(voucher: GiftVoucherPrint): Promise<Uint8Array<ArrayBuffer>> {
  fontBytes ??= { regular: decodeBase64(NOTO_SANS_REGULAR_BASE64), bold: decodeBase64(NOTO_SANS_BOLD_BASE64) };
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${GIFT_VOUCHER_TEXTS.title} ${voucher.code}`);
  doc.setAuthor(voucher.seller.name);
  doc.setLanguage('et-EE');
  const issued = new Date(`${voucher.issuedOn}T00:00:00Z`);
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  const fonts = { regular: await doc.embedFont(fontBytes.regular, { subset: true }), bold: await doc.embedFont(fontBytes.bold, { subset: true }) };
  const page = doc.addPage(A4);
  const centre = (text: string, y: number, size: number, font: PDFFont, color = INK) =>
    page.drawText(text, { x: (A4[0] - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });
  const accent = rgb(0.05, 0.42, 0.45);
  page.drawRectangle({ x: MARGIN, y: MARGIN, width: A4[0] - 2 * MARGIN, height: A4[1] - 2 * MARGIN, borderColor: accent, borderWidth: 2 });
  centre(voucher.seller.name, A4[1] - 120, 14, fonts.regular, MUTED);
  centre(GIFT_VOUCHER_TEXTS.title.toUpperCase(), A4[1] - 190, 40, fonts.bold, accent);
  let y = A4[1] - 280;
  for (const line of wrap(voucher.recipientName, fonts.bold, 28, A4[0] - 4 * MARGIN)) {
    centre(line, y, 28, fonts.bold);
    y -= 36;
  }
  centre(GIFT_VOUCHER_TEXTS.worth(formatMoney(voucher.amountCents)), y - 10, 22, fonts.regular);
  const boxY = y - 120;
  page.drawRectangle({ x: A4[0] / 2 - 170, y: boxY, width: 340, height: 64, borderColor: INK, borderWidth: 1 });
  centre(GIFT_VOUCHER_TEXTS.code, boxY + 44, 10, fonts.regular, MUTED);
  centre(voucher.code, boxY + 16, 22, fonts.bold);
  centre(GIFT_VOUCHER_TEXTS.validUntil(voucher.validUntil), boxY - 36, 13, fonts.regular);
  let noteY = boxY - 90;
  for (const line of wrap(GIFT_VOUCHER_TEXTS.howTo, fonts.regular, 11, A4[0] - 4 * MARGIN)) {
    centre(line, noteY, 11, fonts.regular, MUTED);
    noteY -= 16;
  }
  centre([voucher.seller.email, voucher.seller.website].filter(Boolean).join(' · '), MARGIN + 30, 10, fonts.regular, MUTED);
  return doc.save();
}
