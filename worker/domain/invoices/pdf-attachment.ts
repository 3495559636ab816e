/** An issued invoice's PDF as a mail attachment, made from its frozen document when the message is sent. */
import { eq } from 'drizzle-orm';
import { invoiceFileName } from '../../../src/lib/admin/invoices';
import type { Db } from '../../db';
import { invoices } from '../../db/schema';
import type { MailAttachment } from '../mail/attachments';
import { renderInvoicePdf } from './pdf';

export async function invoicePdfAttachment(db: Db, invoiceId: number): Promise<MailAttachment> {
  const [row] = await db.select({ document: invoices.document }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) throw new Error(`invoice ${invoiceId} does not exist`);
  return { filename: invoiceFileName(row.document.kind, row.document.number), contentType: 'application/pdf', content: await renderInvoicePdf(row.document) };
}
