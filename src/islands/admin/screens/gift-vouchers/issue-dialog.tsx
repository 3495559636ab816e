/**
 * "Väljasta kinkekaart" (issue 38): the amount, the recipient's name (printed on the voucher), the buyer, the last day
 * (three years from today when left empty) and a note, checked in the browser with the API's own schema and again by
 * the API. Once issued the dialog shows the code and offers the printable PDF, so the organiser can hand it over.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { formatDate, formatMoney, tallinnDay } from '../../../../lib/format';
import {
  GIFT_VOUCHER_MESSAGES,
  GIFT_VOUCHER_VALID_YEARS,
  giftVoucherCreateSchema,
  type GiftVoucherCreate,
  type GiftVoucherCreateInput,
  type GiftVoucherDetail,
} from '../../../../lib/gift-vouchers';
import { useValidatedForm } from '../../../forms/use-validated-form';
import { toast } from '../../../toast';
import { giftVoucherPdfUrl, useCreateGiftVoucher } from '../../api/gift-vouchers';
import { writeForm } from '../../form-write';
import { AppLink } from '../../shell';
import { Button } from '../../ui/button';
import { DatePickerField } from '../../ui/date-picker';
import { Facts } from '../../ui/detail-parts';
import { AppDialog, DialogActions } from '../../ui/dialog';
import { FormTextField } from '../../ui/form-fields';

export const ISSUE_TITLE = 'Väljasta kinkekaart';

export function IssueGiftVoucherDialog({ onClose }: { onClose: () => void }) {
  const [issued, setIssued] = useState<GiftVoucherDetail | null>(null);
  const create = useCreateGiftVoucher();
  return (
    <AppDialog
      title={issued ? GIFT_VOUCHER_MESSAGES.created : ISSUE_TITLE}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      isDismissable={!create.isPending}
    >
      {issued ? <Issued voucher={issued} onClose={onClose} /> : <IssueForm create={create} onIssued={setIssued} onClose={onClose} />}
    </AppDialog>
  );
}

function IssueForm({
  create,
  onIssued,
  onClose,
}: {
  create: ReturnType<typeof useCreateGiftVoucher>;
  onIssued: (v: GiftVoucherDetail) => void;
  onClose: () => void;
}) {
  const today = tallinnDay();
  const { control, getValues, formProps, showFieldIssues } = useValidatedForm<GiftVoucherCreateInput, GiftVoucherCreate>({
    resolver: zodResolver(giftVoucherCreateSchema),
    defaultValues: { amount: '', recipientName: '', buyerName: '', buyerEmail: '', validUntil: null, note: '' },
  });

  // Checked here with the shared schema; sent as typed (the API reads the same text as cents).
  const onValid = async () => {
    const saved = await writeForm(() => create.mutateAsync(getValues()), 'Kinkekaardi väljastamine ebaõnnestus', showFieldIssues);
    if (!saved.ok) return;
    toast({ title: GIFT_VOUCHER_MESSAGES.created, description: saved.value.code });
    onIssued(saved.value);
  };

  return (
    <form {...formProps(onValid)} className="grid gap-5 sm:grid-cols-2" aria-label={ISSUE_TITLE} data-gift-voucher-form>
      <FormTextField
        control={control}
        name="amount"
        label="Summa (€)"
        inputMode="decimal"
        placeholder="0,00"
        description="Eurodes, kuni kaks kohta pärast koma."
        isRequired
        autoFocus
      />
      <FormTextField
        control={control}
        name="recipientName"
        label="Saaja nimi"
        description="Trükitakse kinkekaardile."
        isRequired
        autoComplete="off"
        maxLength={100}
      />
      <FormTextField control={control} name="buyerName" label="Ostja nimi" autoComplete="off" maxLength={100} />
      <FormTextField control={control} name="buyerEmail" label="Ostja e-post" type="email" autoComplete="off" />
      <Controller
        control={control}
        name="validUntil"
        render={({ field, fieldState }) => (
          <DatePickerField
            label="Kehtib kuni (k.a)"
            value={field.value ?? null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            name={field.name}
            minValue={today}
            description={`Tühi: ${GIFT_VOUCHER_VALID_YEARS} aastat tänasest.`}
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <FormTextField
        control={control}
        name="note"
        label="Märkus"
        multiline
        className="sm:col-span-2"
        description="Näha ainult halduses (nt kuidas kinkekaart tasuti)."
        maxLength={500}
      />
      <DialogActions onCancel={onClose} isPending={create.isPending} className="sm:col-span-2">
        <Button type="submit" isPending={create.isPending}>
          Väljasta kinkekaart
        </Button>
      </DialogActions>
    </form>
  );
}

/** The voucher just issued: its code (to read out or write down) and its printable page. */
function Issued({ voucher, onClose }: { voucher: GiftVoucherDetail; onClose: () => void }) {
  const print = useRef<HTMLAnchorElement>(null);
  // The form (and the button that had the focus) is gone: the focus goes to what comes next, the printable page.
  useEffect(() => print.current?.focus(), []);
  return (
    <div className="space-y-5" data-gift-voucher-issued>
      <div className="rounded-2xl bg-lagoon-50 p-4 ring-1 ring-lagoon-200">
        <p className="text-sm text-ink-600">Kinkekaardi kood</p>
        <p className="mt-1 font-mono text-2xl font-semibold tracking-wider break-all text-lagoon-900" data-gift-voucher-code>
          {voucher.code}
        </p>
      </div>
      <Facts
        items={[
          ['Saaja', voucher.recipientName],
          ['Summa', formatMoney(voucher.amountCents)],
          ['Kehtib kuni', formatDate(voucher.validUntil)],
          ['Ostja', [voucher.buyerName, voucher.buyerEmail].filter(Boolean).join(', ')],
        ]}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <AppLink href={`/admin/gift-vouchers/${voucher.id}`} className="btn-outline">
          Ava kinkekaart
        </AppLink>
        <Button variant="outline" onPress={onClose}>
          Sulge
        </Button>
        <a ref={print} href={giftVoucherPdfUrl(voucher.id)} target="_blank" rel="noopener" className="btn-secondary">
          Prindi kinkekaart (PDF)<span className="sr-only"> (avaneb uues aknas)</span>
        </a>
      </div>
    </div>
  );
}
