/**
 * "Kasuta kinkekaarti" in the portal (issue 38): on a booking that owes money the guest pays part or all of it with a
 * gift voucher's code, the amount still owed to begin with. The shared schema checks the fields here (its chunk loads
 * on first focus) and the API checks the voucher and the debt; a refusal shows under its field. Afterwards the guest
 * reads what was paid and what is left on the voucher, and the booking's amounts are the server's new ones.
 *
 * The words come from the zod-free texts module (src/lib/gift-voucher-text.ts): the portal's booking page loads no zod
 * until a form is used (docs/decisions/023-page-javascript.md).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { formatMoney } from '../../lib/format';
import type { GiftVoucherRedeem, GiftVoucherRedeemInput } from '../../lib/gift-vouchers';
import { centsToInput } from '../../lib/money-text';
import { GIFT_VOUCHER_USE, VOUCHER_PAY_FAILED, voucherLeftText, voucherPaidText } from '../../lib/gift-voucher-text';
import type { MyBookingDetail } from '../../lib/portal';
import { ApiRequestError } from '../api/client';
import { Field } from '../forms/field';
import { portalValidation } from '../forms/lazy-portal-validation';
import { useValidatedForm } from '../forms/use-validated-form';
import { toast, toastError } from '../toast';
import { FormActions } from './parts';
import { portalApi, portalKeys } from './portal-api';

const USE = GIFT_VOUCHER_USE;

interface Paid {
  amountCents: number;
  balanceCents: number;
}

export function GiftVoucherPanel({ booking }: { booking: MyBookingDetail }) {
  const [open, setOpen] = useState(false);
  const [paid, setPaid] = useState<Paid | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const paidNote = useRef<HTMLParagraphElement>(null);
  const returnFocus = useRef(false);
  // Once the form has closed, the focus goes back to the button that opened it (drawn again by then).
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    // Nothing left to pay: no button any more, so the focus goes to what was paid.
    (opener.current ?? paidNote.current)?.focus();
  }, [open]);
  const owes = booking.state !== 'cancelled' && booking.outstandingCents > 0;
  if (!owes && !paid) return null;

  const close = () => {
    returnFocus.current = true;
    setOpen(false);
  };

  return (
    <div className="space-y-3 rounded-lg border border-sand-200 p-4" data-gift-voucher>
      <h4 className="font-semibold text-ink-900">Kinkekaart</h4>
      <div role="status">
        {paid && (
          <p ref={paidNote} tabIndex={-1} className="rounded-lg bg-lagoon-50 p-3 text-ink-900 ring-1 ring-lagoon-200" data-gift-voucher-paid>
            {voucherPaidText(formatMoney(paid.amountCents))}. {voucherLeftText(formatMoney(paid.balanceCents))}
          </p>
        )}
      </div>
      {owes &&
        (open ? (
          <RedeemForm
            booking={booking}
            onPaid={(result) => {
              setPaid(result);
              close();
            }}
            onCancel={close}
          />
        ) : (
          <>
            <p className="text-sm text-ink-600">Kui Teil on kinkekaart, saate sellega tasuda osa broneeringu summast või kogu summa.</p>
            <button ref={opener} type="button" className="btn-outline" onClick={() => setOpen(true)}>
              {USE}
            </button>
          </>
        ))}
    </div>
  );
}

function RedeemForm({ booking, onPaid, onCancel }: { booking: MyBookingDetail; onPaid: (paid: Paid) => void; onCancel: () => void }) {
  const uid = useId();
  const queryClient = useQueryClient();
  const { register, formProps, showFieldIssues, setError, setFocus, formState } = useValidatedForm<GiftVoucherRedeemInput, GiftVoucherRedeem>({
    defaultValues: { code: '', amount: centsToInput(booking.outstandingCents) },
    resolver: portalValidation.resolver<GiftVoucherRedeemInput, GiftVoucherRedeem>((chunk) => chunk.giftVoucherRedeemResolver),
    preload: portalValidation.preload,
  });
  const errors = formState.errors;
  useEffect(() => setFocus('code'), [setFocus]);

  const onValid = async (values: GiftVoucherRedeem) => {
    try {
      const answer = await portalApi.redeemGiftVoucher(booking.id, { code: values.code, amount: centsToInput(values.amount) });
      queryClient.setQueryData<{ booking: MyBookingDetail }>(portalKeys.booking(booking.id), { booking: answer.booking });
      void queryClient.invalidateQueries({ queryKey: portalKeys.bookings });
      toast({ title: voucherPaidText(formatMoney(values.amount)), description: voucherLeftText(formatMoney(answer.balanceCents)) });
      onPaid({ amountCents: values.amount, balanceCents: answer.balanceCents });
    } catch (error) {
      if (error instanceof ApiRequestError) {
        if (showFieldIssues(error.details).length > 0) return;
        // More than the voucher holds: the API's message names what is left, and it belongs under the amount.
        if (error.code === 'gift_voucher_balance') {
          setError('amount', { type: 'server', message: error.message });
          setFocus('amount');
          return;
        }
      }
      toastError(VOUCHER_PAY_FAILED, error);
    }
  };

  return (
    <form {...formProps(onValid)} aria-label={USE} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${uid}code`} label="Kinkekaardi kood" required error={errors.code?.message} hint="Kood on kinkekaardil, nt K7Q2-M9XD-4TRP-HZ3B.">
          {(a11y) => (
            <input
              {...a11y}
              {...register('code')}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              className="field-input"
            />
          )}
        </Field>
        <Field
          id={`${uid}amount`}
          label="Summa (€)"
          required
          error={errors.amount?.message}
          hint={`Tasuda on ${formatMoney(booking.outstandingCents)}; kinkekaardiga saab tasuda kuni selle summani.`}
        >
          {(a11y) => <input {...a11y} {...register('amount')} type="text" inputMode="decimal" autoComplete="off" className="field-input" />}
        </Field>
      </div>
      <FormActions submit="Tasu kinkekaardiga" pending="Tasun..." isPending={formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}
