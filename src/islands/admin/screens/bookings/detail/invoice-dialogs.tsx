/** The booking's invoice dialogs (./invoices): "Koosta arve" with the invoice's preview, and "Krediteeri arve". */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { INVOICE_MESSAGES, invoiceIssueSchema, type InvoiceIssueInput, type InvoiceIssueValues, type InvoiceSummary } from '../../../../../lib/admin/invoices';
import { formatMoney } from '../../../../../lib/format';
import { hasErrorCode } from '../../../../api/client';
import { useValidatedForm } from '../../../../forms/use-validated-form';
import { toast, toastError } from '../../../../toast';
import { useBookingInvoices, useCreditNote, useIssueInvoice } from '../../../api/invoices';
import { writeForm } from '../../../form-write';
import { Button } from '../../../ui/button';
import { AppDialog, DialogActions } from '../../../ui/dialog';
import { FormTextField } from '../../../ui/form-fields';
import { SwitchField } from '../../../ui/switch';
import { LoadingState } from '../../../ui/states';
import { TextInputField } from '../../../ui/text-field';
import { InvoiceDocumentView } from '../../invoices/invoice-document';

export function CreateInvoiceDialog({ bookingId, onClose }: { bookingId: string; onClose: () => void }) {
  const invoices = useBookingInvoices(bookingId);
  const issue = useIssueInvoice(bookingId);
  const preview = invoices.data?.preview;
  const { control, getValues, formProps, showFieldIssues } = useValidatedForm<InvoiceIssueInput, InvoiceIssueValues>({
    resolver: zodResolver(invoiceIssueSchema),
    defaultValues: {
      version: invoices.data?.version ?? 1,
      // The client's last invoice's buyer when there is one (a company offered again), else the guest.
      buyer: {
        name: preview?.buyer.name ?? '',
        email: preview?.buyer.email ?? '',
        registryCode: preview?.buyer.registryCode ?? '',
        vatNumber: preview?.buyer.vatNumber ?? '',
        // Issue 39: the address in parts an e-invoice needs (an older buyer's one line goes to the street).
        street: preview?.buyer.street ?? (preview?.buyer.city ? '' : (preview?.buyer.address ?? '')),
        postalCode: preview?.buyer.postalCode ?? '',
        city: preview?.buyer.city ?? '',
        countryCode: preview?.buyer.countryCode ?? 'EE',
        eInvoiceAddress: preview?.buyer.eInvoiceAddress ?? '',
        wantsEInvoice: preview?.buyer.wantsEInvoice ?? false,
      },
    },
  });
  // The preview shows the buyer as typed, the address too (before, only the PDF did).
  const typed = useWatch({ control, name: 'buyer' });
  const shown = preview && {
    ...preview,
    buyer: {
      ...preview.buyer,
      name: typed.name || preview.buyer.name,
      email: typed.email || null,
      registryCode: typed.registryCode || null,
      vatNumber: typed.vatNumber || null,
      address: null,
      street: typed.street || null,
      postalCode: typed.postalCode || null,
      city: typed.city || null,
      countryCode: typed.countryCode || null,
    },
  };

  const onValid = async () => {
    // The version of the preview on screen now (a payment recorded meanwhile reloads it), not the one the form
    // opened with: that one would be refused for ever.
    const issued = await writeForm(
      () => issue.mutateAsync({ ...getValues(), version: invoices.data?.version ?? getValues().version }),
      'Arve koostamine ebaõnnestus',
      showFieldIssues,
    );
    if (!issued.ok) {
      // The booking changed since the preview: show the new one, and let the admin look again.
      if (hasErrorCode(issued.error, 'booking_changed')) void invoices.refetch();
      return;
    }
    toast({ title: INVOICE_MESSAGES.issued, description: `Arve nr ${issued.value.number}` });
    onClose();
  };

  const field = (
    name: 'name' | 'email' | 'registryCode' | 'vatNumber' | 'street' | 'postalCode' | 'city' | 'countryCode' | 'eInvoiceAddress',
    label: string,
    extra: { description?: string; isRequired?: boolean; maxLength?: number; type?: 'email' } = {},
  ) => <FormTextField control={control} name={`buyer.${name}`} label={label} {...extra} />;

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
            <div className="sm:col-span-2">{field('street', 'Tänav ja maja', { maxLength: 200 })}</div>
            {field('postalCode', 'Postiindeks', { maxLength: 20 })}
            {field('city', 'Linn', { maxLength: 100 })}
            {field('countryCode', 'Riik', { maxLength: 2, description: 'Kahetäheline kood, nt EE.' })}
            {field('eInvoiceAddress', 'E-arve aadress', { maxLength: 70, description: 'Kui ettevõte selle andis, nt 0191:12345678.' })}
            <div className="sm:col-span-2">
              <Controller
                control={control}
                name="buyer.wantsEInvoice"
                render={({ field: wants }) => (
                  <SwitchField
                    label="Soovib e-arvet"
                    isSelected={Boolean(wants.value)}
                    onChange={wants.onChange}
                    description="Arve e-kirjaga saadetakse PDF-i kõrval ka e-arve (XML). Pakutakse järgmisel arvel uuesti."
                  />
                )}
              />
            </div>
          </fieldset>
          <div className="rounded-xl border border-sand-200 p-4">
            <InvoiceDocumentView invoice={shown ?? preview} />
          </div>
          <p className="text-sm text-ink-600">Väljastatud arvet ei saa muuta ega kustutada; paranduseks koostatakse kreeditarve ja uus arve.</p>
          <DialogActions onCancel={onClose} isPending={issue.isPending}>
            <Button type="submit" isPending={issue.isPending}>
              Väljasta arve
            </Button>
          </DialogActions>
        </form>
      )}
    </AppDialog>
  );
}

export function CreditNoteDialog({ invoice, onClose }: { invoice: InvoiceSummary; onClose: () => void }) {
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
        onError: (error) => toastError('Kreeditarve koostamine ebaõnnestus', error),
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
        <DialogActions onCancel={onClose} isPending={credit.isPending} focusCancel>
          <Button type="submit" variant="danger" isPending={credit.isPending}>
            Koosta kreeditarve
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}
