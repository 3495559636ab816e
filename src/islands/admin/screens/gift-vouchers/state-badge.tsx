/** A voucher's state as the list and its page show it: valid green, used grey, past its last day with money left yellow. */
import { GIFT_VOUCHER_STATE_LABELS, type GiftVoucherState } from '../../../../lib/gift-vouchers';
import { Badge, type BadgeTone } from '../../ui/badge';

const STATE_TONES: Record<GiftVoucherState, BadgeTone> = { open: 'green', used: 'grey', expired: 'yellow' };

export function GiftVoucherStateBadge({ state }: { state: GiftVoucherState }) {
  return (
    <span data-state={state}>
      <Badge tone={STATE_TONES[state]}>{GIFT_VOUCHER_STATE_LABELS[state]}</Badge>
    </span>
  );
}
