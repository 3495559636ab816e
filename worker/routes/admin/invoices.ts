/**
 * /api/admin/invoices: the list of every invoice and credit note ("Arved"); /:id: one issued invoice or credit note (with how its e-mails stand), its PDF, its e-mail, and the credit note that takes
 * it back. There is no route that edits or deletes an issued document (docs/decisions/013).
 */
import { Hono } from 'hono';
import * as z from 'zod';
import { creditNoteSchema, invoiceFileName, invoiceListQuerySchema } from '../../../src/lib/admin/invoices';
import type { SignedInEnv } from '../../app-env';
import { validJson, validQuery } from '../../http/validate';
import { listInvoices } from '../../admin/invoices';
import { getInvoice, getInvoiceDetail, issueCreditNote, sendInvoice } from '../../domain/invoices/issue';
import { invoicePath } from '../path-ids';

export const adminInvoiceRoutes = new Hono<SignedInEnv>()
  .get('/', validQuery(invoiceListQuerySchema), async (c) => c.json(await listInvoices(c.var.deps, c.req.valid('query'))))
  .get('/:id', invoicePath, async (c) => c.json({ invoice: await getInvoiceDetail(c.var.deps, c.req.valid('param').id) }))
  .get('/:id/pdf', invoicePath, async (c) => {
    const invoice = await getInvoice(c.var.deps, c.req.valid('param').id);
    const pdf = await (await c.var.deps.invoicePdf()).renderInvoicePdf(invoice.document);
    const name = invoiceFileName(invoice.kind, invoice.number);
    return c.body(pdf, 200, {
      'Content-Type': 'application/pdf',
      // ?download=1 saves it; without, the browser shows it (the "open PDF" link).
      'Content-Disposition': `${c.req.query('download') ? 'attachment' : 'inline'}; filename="${name}"`,
    });
  })
  // Issue 39: the same document as an EN 16931 e-invoice (UBL 2.1, Peppol BIS Billing 3.0), named by its number.
  .get('/:id/ubl', invoicePath, async (c) => {
    const invoice = await getInvoice(c.var.deps, c.req.valid('param').id);
    const xml = (await c.var.deps.invoiceUbl()).renderUbl(invoice.document);
    return c.body(xml, 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${invoiceFileName(invoice.kind, invoice.number, 'xml')}"`,
    });
  })
  // Answers within the configured wait whatever the provider does: { state: 'sent' | 'failed' | 'pending', to, outboxId }.
  .post('/:id/send', invoicePath, validJson(z.object({}).optional()), async (c) => {
    return c.json(await sendInvoice(c.var.deps, c.req.valid('param').id, c.var.actor));
  })
  .post('/:id/credit-note', invoicePath, validJson(creditNoteSchema), async (c) => {
    const invoice = await issueCreditNote(c.var.deps, c.req.valid('param').id, c.req.valid('json').reason, c.var.actor);
    return c.json({ invoice }, 201);
  });
