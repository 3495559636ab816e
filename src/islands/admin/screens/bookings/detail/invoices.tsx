/**
 * The booking's invoices (issue "Back office II"; the spec's create-invoice dialog): "Koosta arve" previews the
 * invoice the booking gives today and issues it with the next number of the series; each issued invoice opens in
 * the print view, downloads as PDF, goes by e-mail, or is taken back by a credit note. Nothing edits or deletes one.
 */
import { useState } from 'react';
import type { BookingInvoiceItem, InvoiceSummary } from '../../../../../lib/invoices/documents';
import { INVOICE_TEXTS } from '../../../../../lib/invoices/documents';
import { formatDate, formatMoney } from '../../../../../lib/format';
import { invoicePdfUrl, useBookingInvoices, useSendInvoice } from '../../../api/invoices';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import type { DataColumn } from '../../../ui/data-table';
import { FormTable } from '../../../ui/form-table';
import { InvoiceEmailCell, SendInvoiceButton } from '../../invoices/invoice-email';
import { Section } from '../../../ui/detail-parts';
import { invoiceNumberColumn } from '../../invoices/number-column';
import { lazyComponent } from '../../../../lazy-component';
import { QueryView } from '../../../ui/states';

// "Koosta arve" (its form and the invoice's preview) and "Krediteeri" load when first opened.
const CreateInvoiceDialog = lazyComponent(() => import('./invoice-dialogs').then((m) => m.CreateInvoiceDialog));
const CreditNoteDialog = lazyComponent(() => import('./invoice-dialogs').then((m) => m.CreditNoteDialog));

/** `canInvoice`: the booking's state allows a new invoice (a waiting-list or cancelled booking gets none). */
export function BookingInvoices({ bookingId, canInvoice }: { bookingId: string; canInvoice: boolean }) {
  const invoices = useBookingInvoices(bookingId);
  const [creating, setCreating] = useState(false);
  const [crediting, setCrediting] = useState<InvoiceSummary | null>(null);
  const send = useSendInvoice();

  const columns: DataColumn<BookingInvoiceItem>[] = [
    invoiceNumberColumn<BookingInvoiceItem>(),
    {
      id: 'kind',
      header: 'Liik',
      cell: (i) => (
        <span className="flex flex-wrap gap-1">
          <Badge tone={i.kind === 'invoice' ? 'blue' : 'grey'}>{INVOICE_TEXTS.title[i.kind]}</Badge>
          {i.kind === 'invoice' && i.creditedCents < 0 && <Badge tone="yellow">{i.totalCents + i.creditedCents <= 0 ? 'Krediteeritud' : 'Osaliselt krediteeritud'}</Badge>}
        </span>
      ),
    },
    { id: 'issued', header: 'Kuupäev', cell: (i) => formatDate(i.issuedOn), className: 'whitespace-nowrap' },
    { id: 'due', header: 'Tähtaeg', cell: (i) => formatDate(i.dueOn), className: 'whitespace-nowrap' },
    { id: 'total', header: 'Summa', cell: (i) => formatMoney(i.totalCents), className: 'text-right tabular-nums whitespace-nowrap' },
    { id: 'buyer', header: 'Saaja', cell: (i) => i.buyerName },
    { id: 'email', header: 'E-post', cell: (i) => <InvoiceEmailCell email={i.lastEmail} /> },
    {
      id: 'actions',
      header: 'Tegevused',
      srOnlyHeader: true,
      cell: (i) => (
        <span className="flex flex-wrap gap-2">
          <a className="btn-outline min-h-9 px-3 py-1.5" href={invoicePdfUrl(i.id, true)} download>
            PDF<span className="sr-only">: {INVOICE_TEXTS.title[i.kind]} {i.number}</span>
          </a>
          <SendInvoiceButton invoice={i} bookingId={Number(bookingId)} lastEmail={i.lastEmail} send={send} />
          {i.kind === 'invoice' && i.totalCents + i.creditedCents > 0 && (
            <Button variant="outline" size="sm" onPress={() => setCrediting(i)}>
              Krediteeri<span className="sr-only">: arve {i.number}</span>
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <Section
      id="booking-invoices"
      title="Arved"
      actions={
        canInvoice ? (
          <Button size="sm" onPress={() => setCreating(true)} isDisabled={!invoices.data}>
            Koosta arve
          </Button>
        ) : undefined
      }
    >
      <QueryView query={invoices} loading="Arvete laadimine..." failed="Arvete laadimine ebaõnnestus">
        {(data) => <FormTable label="Arved" columns={columns} items={data.items} empty={<p className="p-4 text-ink-600">Arveid ei ole veel koostatud.</p>} />}
      </QueryView>
      {creating && <CreateInvoiceDialog bookingId={bookingId} onClose={() => setCreating(false)} />}
      {crediting && <CreditNoteDialog invoice={crediting} onClose={() => setCrediting(null)} />}
    </Section>
  );
}
