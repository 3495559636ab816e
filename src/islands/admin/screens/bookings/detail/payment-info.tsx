/**
 * Payment info (admin spec sections 2 and 9): the remaining balance is total + additional services + companion
 * custom prices − amount paid, computed by the API with the money module's rules (worker/domain/money/balance.ts):
 * nothing on the waiting list or once cancelled. What was paid beyond the price shows as "Enammakse", and whatever
 * the ledger holds beyond what the booking is billed (an overpayment, money paid while waiting or after the
 * cancellation) as "Tagastada". The plan as its schedule runs and the price the booking was made with are beside them.
 */
import { paymentStatusLabel, paymentStatusTone } from '../../../../../lib/labels';
import type { BookingDetail } from '../../../../../lib/admin/booking-views';
import { formatDate, formatMoney } from '../../../../../lib/format';
import { discountLineText } from '../../../../../lib/discount-code-text';
import { Badge } from '../../../ui/badge';
import { Facts, Section, YesNo, type Fact } from '../../../ui/detail-parts';

export function PaymentInfo({ booking }: { booking: BookingDetail }) {
  const { totals } = booking;
  return (
    <Section id="payment-info" title="Makseinfo">
      <Facts
        items={[
          ['Makse staatus', <Badge tone={paymentStatusTone(booking.paymentStatus, booking.status)}>{paymentStatusLabel(booking.paymentStatus, booking.status)}</Badge>],
          ['Kogusumma', formatMoney(booking.totalAmountCents)],
          ['Maksmise viis', booking.planLabel],
          ...(booking.priceSnapshot
            ? [['Hind broneerimisel', `${booking.priceSnapshot.people} × ${formatMoney(booking.priceSnapshot.unitAfterDiscountCents)} (${formatDate(booking.priceSnapshot.pricedOn)})`] as Fact]
            : []),
          // Issue 38: the early-bird price it was made with, the discount code and what the code took off.
          ...(booking.priceSnapshot?.earlyBird
            ? [['Varajase broneerija hind', `tavahind ${formatMoney(booking.priceSnapshot.earlyBird.regularCents)}, kehtis kuni ${formatDate(booking.priceSnapshot.earlyBird.until)}`] as Fact]
            : []),
          ...(booking.discountCode ? [['Sooduskood', `${discountLineText(booking.discountCode)}: ${formatMoney(-booking.discountCode.discountCents)}`] as Fact] : []),
          ['Makstud', formatMoney(booking.amountPaidCents)],
          ['Ettemaks', formatMoney(booking.depositAmountCents)],
          ['Kaasreisijate hinnad kokku', formatMoney(totals.companionsCents)],
          ['Lisateenused kokku', formatMoney(totals.servicesCents)],
          ['Jääk', <strong className="tabular-nums" data-remaining>{formatMoney(totals.remainingCents)}</strong>],
          ...(totals.overpaidCents > 0
            ? [['Enammakse', <strong className="tabular-nums text-red-800" data-overpaid>{formatMoney(totals.overpaidCents)}</strong>] as Fact]
            : []),
          ...(totals.refundOwedCents > 0
            ? [['Tagastada', <strong className="tabular-nums text-red-800" data-refund-owed>{formatMoney(totals.refundOwedCents)}</strong>] as Fact]
            : []),
          ['Ettemaks makstud', <YesNo value={booking.depositPaid} />],
          ['Jääk makstud', <YesNo value={booking.balancePaid} />],
        ]}
      />
    </Section>
  );
}
