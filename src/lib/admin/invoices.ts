/**
 * The invoices' contract (issue "Back office II", docs/decisions/013), shared by the booking detail's dialogs, the
 * print view and the API: the request schemas here; the issued document's shape, the Estonian texts an invoice
 * prints and its e-mail's states in ./invoice-documents, and the invoices screen's list in ./invoice-list, both
 * without the full zod for the screens that only show invoices. This module passes them on. Browser-safe.
 */
import * as z from 'zod';
import { emailField, singleLineTextField } from '../validation/fields';
import { optionalText } from '../validation/form-fields';
import { INVOICE_MESSAGES } from '../invoices/documents';

export * from '../invoices/documents';

/** POST /api/admin/bookings/:id/invoices: the buyer as the invoice names them (a person or a company). */
export const invoiceIssueSchema = z.object({
  /** The detail's version the preview was made from: an edit in between means a new preview first. */
  version: z.int().positive(),
  buyer: z.object({
    name: singleLineTextField(200).pipe(z.string({ error: INVOICE_MESSAGES.buyerNameRequired })),
    email: emailField.nullish().or(z.literal('').transform(() => null)),
    /** For a company: its registry code and VAT number, and the address the invoice goes to. */
    registryCode: optionalText(20),
    vatNumber: optionalText(20),
    address: optionalText(300),
    /** Issue 39: the address in parts an e-invoice needs; the country defaults to Estonia. */
    street: optionalText(200),
    postalCode: optionalText(20),
    city: optionalText(100),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || /^[A-Z]{2}$/.test(v), INVOICE_MESSAGES.countryCode),
    eInvoiceAddress: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || /^\d{4}:[A-Za-z0-9._-]{1,60}$/.test(v), INVOICE_MESSAGES.eInvoiceAddress),
    /** "Soovib e-arvet": the invoice e-mail carries the e-invoice. */
    wantsEInvoice: z.boolean().default(false),
  }),
});
export type InvoiceIssueInput = z.input<typeof invoiceIssueSchema>;
export type InvoiceIssueValues = z.output<typeof invoiceIssueSchema>;

/** POST /api/admin/invoices/:id/credit-note: why the invoice is taken back. */
export const creditNoteSchema = z.object({ reason: optionalText(500) });

// ── the invoices screen ("Arved") and the accountant's export: ./invoice-list ────────────────────────────────────

export * from '../invoices/list';
