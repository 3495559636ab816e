/**
 * The booking's invoices (issue "Back office II"; the spec's create-invoice dialog): "Koosta arve" previews the
 * invoice the booking gives today and issues it with the next number of the series; each issued invoice opens in
 * the print view, downloads as PDF, goes by e-mail, or is taken back by a credit note. Nothing edits or deletes one.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  INVOICE_MESSAGES,
  INVOICE_TEXTS,
  invoiceIssueSchema,
  type BookingInvoiceItem,
  type InvoiceIssueInput,
  type InvoiceIssueValues,
  type InvoiceSummary,
} from '../../../../../lib/admin/invoices';
import { formatDate, formatMoney } from '../../../../../lib/format';
import { useValidatedForm } from '../../../../forms/use-validated-form';
import { toast } from '../../../../toast';
import { invoicePdfUrl, useBookingInvoices, useCreditNote, useIssueInvoice, useSendInvoice } from '../../../api/invoices';
import { ApiRequestError } from '../../../../api/client';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import type { DataColumn } from '../../../ui/data-table';
import { AppDialog } from '../../../ui/dialog';
import { FormTable } from '../../../ui/form-table';
import { ErrorState, LoadingState } from '../../../ui/states';
import { TextInputField } from '../../../ui/text-field';
import { InvoiceDocumentView } from '../../invoices/invoice-document';
import { InvoiceEmailCell, SendInvoiceButton } from '../../invoices/invoice-email';
import { Section } from './parts';
import { invoiceNumberColumn } from '../../invoices/number-column';

export function BookingInvoices({ bookingId }: { bookingId: string }) {
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
        <Button size="sm" onPress={() => setCreating(true)} isDisabled={!invoices.data}>
          Koosta arve
        </Button>
      }
    >
      {invoices.isPending ? (
        <LoadingState text="Arvete laadimine..." />
      ) : invoices.isError ? (
        <ErrorState text="Arvete laadimine ebaõnnestus" detail={invoices.error.message} onRetry={() => void invoices.refetch()} />
      ) : (
        <FormTable label="Arved" columns={columns} items={invoices.data.items} empty={<p className="p-4 text-ink-600">Arveid ei ole veel koostatud.</p>} />
      )}
      {creating && <CreateInvoiceDialog bookingId={bookingId} onClose={() => setCreating(false)} />}
      {crediting && <CreditNoteDialog invoice={crediting} onClose={() => setCrediting(null)} />}
    </Section>
  );
}

function CreateInvoiceDialog({ bookingId, onClose }: { bookingId: string; onClose: () => void }) {
  const invoices = useBookingInvoices(bookingId);
  const issue = useIssueInvoice(bookingId);
  const preview = invoices.data?.preview;
  const { control, getValues, formProps, showFieldIssues } = useValidatedForm<InvoiceIssueInput, InvoiceIssueValues>({
    resolver: zodResolver(invoiceIssueSchema),
    defaultValues: {
      version: invoices.data?.version ?? 1,
      buyer: { name: preview?.buyer.name ?? '', email: preview?.buyer.email ?? '', registryCode: '', vatNumber: '', address: '' },
    },
  });

  const onValid = async () => {
    try {
      // The version of the preview on screen now (a payment recorded meanwhile reloads it), not the one the form
      // opened with: that one would be refused for ever.
      const invoice = await issue.mutateAsync({ ...getValues(), version: invoices.data?.version ?? getValues().version });
      toast({ title: INVOICE_MESSAGES.issued, description: `Arve nr ${invoice.number}` });
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError) {
        showFieldIssues(error.details);
        // The booking changed since the preview: show the new one, and let the admin look again.
        if (error.code === 'booking_changed') void invoices.refetch();
      }
      toast({ title: 'Arve koostamine ebaõnnestus', description: (error as Error).message, variant: 'destructive' });
    }
  };

  const field = (name: 'name' | 'email' | 'registryCode' | 'vatNumber' | 'address', label: string, extra: { description?: string; isRequired?: boolean; maxLength?: number; type?: 'email' } = {}) => (
    <Controller
      control={control}
      name={`buyer.${name}`}
      render={({ field: f, fieldState }) => (
        <TextInputField label={label} value={f.value ?? ''} onChange={f.onChange} onBlur={f.onBlur} inputRef={f.ref} name={f.name} errorMessage={fieldState.error?.message} {...extra} />
      )}
    />
  );

  return (
    <AppDialog title="Koosta arve" isOpen onOpenChange={(open) => !open && onClose()} isDismissable={!issue.isPending} size="lg">
      {!preview ? (
        <LoadingState text="Eelvaate laadimine..." />
      ) : (
        <form {...formProps(onValid)} aria-label="Koosta arve" className="space-y-6">
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">Arve saaja</legend>
            {field('name', 'Nimi', { isRequired: true, maxLength: 200, description: 'Külastaja nimi või ettevõtte nimi.' })}
            {field('email', 'E-post', { type: 'email', maxLength: 320, description: 'Arve saadetakse sellele aadressile.' })}
            {field('registryCode', 'Registrikood', { maxLength: 20, description: 'Ettevõttele.' })}
            {field('vatNumber', 'KMKR number', { maxLength: 20 })}
            <div className="sm:col-span-2">{field('address', 'Aadress', { maxLength: 300 })}</div>
          </fieldset>
          <div className="rounded-xl border border-sand-200 p-4">
            <InvoiceDocumentView invoice={preview} />
          </div>
          <p className="text-sm text-ink-600">Väljastatud arvet ei saa muuta ega kustutada; paranduseks koostatakse kreeditarve ja uus arve.</p>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="outline" onPress={onClose} isDisabled={issue.isPending}>
              Tühista
            </Button>
            <Button type="submit" isPending={issue.isPending}>
              Väljasta arve
            </Button>
          </div>
        </form>
      )}
    </AppDialog>
  );
}

function CreditNoteDialog({ invoice, onClose }: { invoice: InvoiceSummary; onClose: () => void }) {
  const credit = useCreditNote();
  const [reason, setReason] = useState('');
  const rest = invoice.totalCents + invoice.creditedCents;
  const onConfirm = () =>
    credit.mutate(
      { invoiceId: invoice.id, reason },
      {
        onSuccess: (note) => {
          toast({ title: INVOICE_MESSAGES.credited, description: `Kreeditarve nr ${note.number}` });
          onClose();
        },
        onError: (error) => toast({ title: 'Kreeditarve koostamine ebaõnnestus', description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <AppDialog title="Krediteeri arve" isOpen onOpenChange={(open) => !open && onClose()} role="alertdialog" isDismissable={!credit.isPending}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
        className="space-y-4"
        aria-label="Krediteeri arve"
      >
        <p>
          Arve nr {invoice.number} krediteeritakse summas {formatMoney(-rest)}. Kreeditarve saab sarja järgmise numbri ja viitab sellele arvele. Arve ise jääb alles.
        </p>
        <TextInputField label="Põhjus" value={reason} onChange={setReason} maxLength={500} description="Trükitakse kreeditarvele." />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onPress={onClose} isDisabled={credit.isPending} autoFocus>
            Tühista
          </Button>
          <Button type="submit" variant="danger" isPending={credit.isPending}>
            Koosta kreeditarve
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
