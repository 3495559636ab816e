/**
 * "Kasuta kinkekaarti" on the booking's payments ledger (./payments, issue 38): a voucher's code and the amount to pay
 * with it, what the booking still owes to begin with. The API checks the voucher and the debt in the write itself; a
 * refusal (unknown, expired, used up, beyond what the booking owes, beyond what the voucher holds) shows under its field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { formatMoney } from '../../../../../lib/format';
import {
  GIFT_VOUCHER_MESSAGES,
  giftVoucherRedeemSchema,
  type GiftVoucherRedeem,
  type GiftVoucherRedeemInput,
} from '../../../../../lib/gift-vouchers';
import { VOUCHER_PAY_FAILED, voucherLeftText } from '../../../../../lib/gift-voucher-text';
import { centsToInput } from '../../../../../lib/money';
import { ApiRequestError } from '../../../../api/client';
import { useValidatedForm } from '../../../../forms/use-validated-form';
import { toast } from '../../../../toast';
import { useRedeemGiftVoucher } from '../../../api/gift-vouchers';
import { writeForm } from '../../../form-write';
import { Button } from '../../../ui/button';
import { AppDialog, DialogActions } from '../../../ui/dialog';
import { FormTextField } from '../../../ui/form-fields';

export function GiftVoucherDialog({ bookingId, outstandingCents, onClose }: { bookingId: string; outstandingCents: number; onClose: () => void }) {
  const redeem = useRedeemGiftVoucher(bookingId);
  const { control, getValues, formProps, showFieldIssues } = useValidatedForm<GiftVoucherRedeemInput, GiftVoucherRedeem>({
    resolver: zodResolver(giftVoucherRedeemSchema),
    // What is still owed, or nothing to begin with when nothing is (the API would refuse any amount).
    defaultValues: { code: '', amount: outstandingCents > 0 ? centsToInput(outstandingCents) : '' },
  });

  const onValid = async ({ amount }: GiftVoucherRedeem) => {
    const saved = await writeForm(() => redeem.mutateAsync(getValues()), VOUCHER_PAY_FAILED, showFieldIssues);
    if (!saved.ok) {
      // More than the voucher holds: the API names what is left; it belongs under the amount.
      const { error } = saved;
      if (error instanceof ApiRequestError && error.code === 'gift_voucher_balance' && !error.details.some((d) => d.path === 'amount')) {
        showFieldIssues([{ path: 'amount', message: error.message }]);
      }
      return;
    }
    toast({ title: GIFT_VOUCHER_MESSAGES.redeemed(formatMoney(amount)), description: voucherLeftText(formatMoney(saved.value.balanceCents)) });
    onClose();
  };

  return (
    <AppDialog title={GIFT_VOUCHER_MESSAGES.use} isOpen onOpenChange={(open) => !open && onClose()} isDismissable={!redeem.isPending}>
      <form {...formProps(onValid)} className="grid gap-5" aria-label={GIFT_VOUCHER_MESSAGES.use} data-gift-voucher-redeem>
        <FormTextField
          control={control}
          name="code"
          label="Kinkekaardi kood"
          placeholder="XXXX-XXXX-XXXX-XXXX"
          description="16 märki; sidekriipsud ja tähesuurus ei loe."
          autoComplete="off"
          maxLength={40}
          isRequired
          autoFocus
        />
        <FormTextField
          control={control}
          name="amount"
          label="Summa (€)"
          inputMode="decimal"
          placeholder="0,00"
          description={
            outstandingCents > 0
              ? `Tasumata ${formatMoney(outstandingCents)}; kinkekaardiga saab tasuda kuni selle summani.`
              : GIFT_VOUCHER_MESSAGES.nothingOwed
          }
          isRequired
        />
        <DialogActions onCancel={onClose} isPending={redeem.isPending}>
          <Button type="submit" isPending={redeem.isPending}>
            Tasu kinkekaardiga
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}
