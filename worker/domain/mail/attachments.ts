/**
 * Files a message carries. The outbox stores references, not bytes (`email_outbox.attachments`): an invoice's PDF
 * is made from the frozen invoice when the message is sent, so a queued message costs a few bytes and a retry
 * sends the same document.
 */
import type { MailAttachmentRef } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { invoicePdfAttachment, invoiceUblAttachment } from '../invoices/pdf-attachment';

export type { MailAttachmentRef };

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** Makes the files a message names; fails (and the message is retried) when one cannot be made. */
export async function resolveAttachments(deps: Pick<AppDeps, 'db' | 'invoicePdf' | 'invoiceUbl'>, refs: readonly MailAttachmentRef[] | null): Promise<MailAttachment[]> {
  if (!refs || refs.length === 0) return [];
  return Promise.all(refs.map((ref) => (ref.type === 'invoice_ubl' ? invoiceUblAttachment(deps, ref.invoiceId) : invoicePdfAttachment(deps, ref.invoiceId))));
}

/** Bytes as base64 on both hosts (no Buffer in workerd). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
