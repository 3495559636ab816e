/** An issued invoice's PDF as a mail attachment, made from its frozen document when the message is sent. */
import { eq } from 'drizzle-orm';
import { invoiceFileName } from '../../../src/lib/invoices/documents';
import type { AppDeps } from '../../deps';
import { invoices } from '../../db/schema';
import type { MailAttachment } from '../mail/attachments';

/** The PDF module is loaded only here, when a message has an attachment (deps.invoicePdf). */
export async function invoicePdfAttachment({ db, invoicePdf }: Pick<AppDeps, 'db' | 'invoicePdf'>, invoiceId: number): Promise<MailAttachment> {
  const [row] = await db.select({ document: invoices.document }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) throw new Error(`invoice ${invoiceId} does not exist`);
  return { filename: invoiceFileName(row.document.kind, row.document.number), contentType: 'application/pdf', content: await (await invoicePdf()).renderInvoicePdf(row.document) };
}

/** The same document as its e-invoice (issue 39), for a buyer who asked for them (deps.invoiceUbl). */
export async function invoiceUblAttachment({ db, invoiceUbl }: Pick<AppDeps, 'db' | 'invoiceUbl'>, invoiceId: number): Promise<MailAttachment> {
  const [row] = await db.select({ document: invoices.document }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) throw new Error(`invoice ${invoiceId} does not exist`);
  const xml = (await invoiceUbl()).renderUbl(row.document);
  return { filename: invoiceFileName(row.document.kind, row.document.number, 'xml'), contentType: 'application/xml', content: new TextEncoder().encode(xml) };
}

