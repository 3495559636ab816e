/**
 * "Maksa kohe" (issue "Pay online"): the guest pays what is due next, or all that is open, through the online payment
 * provider (Montonio): their own bank's link or a card. The server makes the order and answers the provider's payment
 * page; the browser goes there, and comes back to /makse. Shown only when the server offers it (`onlinePayment`):
 * the keys never leave the server.
 */
import { useId, useState } from 'react';
import { formatMoney } from '../../lib/format';
import { SCHEDULE_PART_LABELS } from '../../lib/payment-schedule';
import type { MyBookingDetail } from '../../lib/portal';
import { portalApi, type OnlineMethod, type OnlinePart } from './portal-api';

const METHODS: { value: OnlineMethod; label: string; hint: string }[] = [
  { value: 'bank_link', label: 'Internetipank', hint: 'Swedbank, SEB, LHV, Luminor, Coop, Citadele' },
  { value: 'card', label: 'Pangakaart', hint: 'Visa, Mastercard' },
];

export function PayOnline({ booking }: { booking: MyBookingDetail }) {
  const uid = useId();
  const [method, setMethod] = useState<OnlineMethod>('bank_link');
  const [sending, setSending] = useState<OnlinePart | null>(null);
  const [error, setError] = useState<string | null>(null);
  const offer = booking.onlinePayment;
  if (!offer) return null;

  const pay = async (part: OnlinePart) => {
    setSending(part);
    setError(null);
    try {
      const { paymentUrl } = await portalApi.pay(booking.id, { part, method });
      window.location.assign(paymentUrl);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Maksmist ei õnnestunud alustada.');
      setSending(null);
    }
  };

  const nextLabel = `${SCHEDULE_PART_LABELS[offer.next.part]} ${formatMoney(offer.next.amountCents)}`;
  return (
    <div className="space-y-3 rounded-lg border border-lagoon-200 bg-lagoon-50 p-4" data-pay-online>
      <h4 className="font-semibold text-ink-900">Maksa kohe</h4>
      <fieldset className="space-y-1">
        <legend className="text-sm text-ink-600">Makseviis</legend>
        {METHODS.map((m) => (
          <label key={m.value} className="flex items-center gap-2">
            <input type="radio" name={`${uid}-method`} value={m.value} checked={method === m.value} onChange={() => setMethod(m.value)} />
            <span>
              {m.label} <span className="text-sm text-ink-600">({m.hint})</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" disabled={sending !== null} onClick={() => void pay('next')}>
          {sending === 'next' ? 'Suunan makselehele...' : `Maksa kohe: ${nextLabel}`}
        </button>
        {offer.restCents > offer.next.amountCents && (
          <button type="button" className="btn-outline" disabled={sending !== null} onClick={() => void pay('rest')}>
            {sending === 'rest' ? 'Suunan makselehele...' : `Maksa kogu summa ${formatMoney(offer.restCents)}`}
          </button>
        )}
      </div>
      <p className="text-sm text-ink-600">Makse tehakse Montonio turvalisel makselehel; pärast makset suuname Teid siia tagasi.</p>
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
