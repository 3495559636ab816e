/**
 * Payment info (admin spec sections 2 and 9): the remaining balance is total + additional services + companion
 * custom prices − amount paid, computed by the API with the money module's rule (worker/domain/money/balance.ts):
 * 0 once the booking is cancelled; what was paid beyond the bill shows as an overpayment. The plan and the price the
 * booking was made with (issue "Sell") are shown beside them.
 */
import { paymentStatusLabel, paymentStatusTone } from '../../../../../lib/admin/labels';
import type { BookingDetail } from '../../../../../lib/admin/booking-views';
import { formatDate, formatMoney } from '../../../../../lib/format';
import { PAYMENT_PLAN_LABELS } from '../../../../../lib/payment-plans';
import { Badge } from '../../../ui/badge';
import { Facts, Section, YesNo, type Fact } from './parts';

export function PaymentInfo({ booking }: { booking: BookingDetail }) {
  const { totals } = booking;
  return (
    <Section id="payment-info" title="Makseinfo">
      <Facts
        items={[
          ['Makse staatus', <Badge tone={paymentStatusTone(booking.paymentStatus, booking.status)}>{paymentStatusLabel(booking.paymentStatus, booking.status)}</Badge>],
          ['Kogusumma', formatMoney(booking.totalAmountCents)],
          ['Maksmise viis', booking.paymentPlan ? PAYMENT_PLAN_LABELS[booking.paymentPlan] : 'Määramata (ettemaks ja jääk)'],
          ...(booking.priceSnapshot
            ? [['Hind broneerimisel', `${booking.priceSnapshot.people} × ${formatMoney(booking.priceSnapshot.unitAfterDiscountCents)} (${formatDate(booking.priceSnapshot.pricedOn)})`] as Fact]
            : []),
          ['Makstud', formatMoney(booking.amountPaidCents)],
          ['Ettemaks', formatMoney(booking.depositAmountCents)],
          ['Kaasreisijate hinnad kokku', formatMoney(totals.companionsCents)],
          ['Lisateenused kokku', formatMoney(totals.servicesCents)],
          ['Jääk', <strong className="tabular-nums" data-remaining>{formatMoney(totals.remainingCents)}</strong>],
          ...(totals.overpaidCents > 0
            ? [['Ülemakse', <strong className="tabular-nums text-red-800" data-overpaid>{formatMoney(totals.overpaidCents)}</strong>] as Fact]
            : []),
          ['Ettemaks makstud', <YesNo value={booking.depositPaid} />],
          ['Jääk makstud', <YesNo value={booking.balancePaid} />],
        ]}
      />
    </Section>
  );
}
