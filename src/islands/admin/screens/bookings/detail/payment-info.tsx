/**
 * Payment info (admin spec sections 2 and 9): the remaining balance is total + additional services + companion
 * custom prices − amount paid, computed by the API with the shared rule (src/lib/admin/balance.ts).
 */
import { paymentStatusLabel, paymentStatusTone } from '../../../../../lib/admin/labels';
import type { BookingDetail } from '../../../../../lib/admin/bookings';
import { formatMoney } from '../../../../../lib/format';
import { Badge } from '../../../ui/badge';
import { Facts, Section, YesNo } from './parts';

export function PaymentInfo({ booking }: { booking: BookingDetail }) {
  const { totals } = booking;
  return (
    <Section id="payment-info" title="Makseinfo">
      <Facts
        items={[
          ['Makse staatus', <Badge tone={paymentStatusTone(booking.paymentStatus)}>{paymentStatusLabel(booking.paymentStatus)}</Badge>],
          ['Kogusumma', formatMoney(booking.totalAmountCents)],
          ['Makstud', formatMoney(booking.amountPaidCents)],
          ['Ettemaks', formatMoney(booking.depositAmountCents)],
          ['Kaasreisijate hinnad kokku', formatMoney(totals.companionsCents)],
          ['Lisateenused kokku', formatMoney(totals.servicesCents)],
          ['Jääk', <strong className="tabular-nums" data-remaining>{formatMoney(totals.remainingCents)}</strong>],
          ['Ettemaks makstud', <YesNo value={booking.depositPaid} />],
          ['Jääk makstud', <YesNo value={booking.balancePaid} />],
        ]}
      />
    </Section>
  );
}
