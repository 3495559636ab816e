/** The portal's first view: every booking that belongs to the signed-in guest, newest first. */
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatMoney } from '../../lib/format';
import { myBookingStatusLabel, PORTAL_PATH, type MyBookingSummary } from '../../lib/portal';
import { Pair } from './parts';
import { myBookings, portalKeys } from './first-view-api';

export function BookingsList({ email, onOpen }: { email: string; onOpen: (id: number) => void }) {
  const list = useQuery({ queryKey: portalKeys.bookings, queryFn: myBookings });
  return (
    <section aria-labelledby="my-bookings-title" className="space-y-4">
      <h2 id="my-bookings-title" className="text-2xl text-lagoon-900">
        Broneeringud
      </h2>
      {list.isPending ? (
        <p role="status" className="text-ink-600">
          Laadin broneeringuid...
        </p>
      ) : list.isError ? (
        <div role="alert" className="card space-y-3 p-5">
          <p>Broneeringute laadimine ebaõnnestus. {list.error.message}</p>
          <button type="button" className="btn-outline" onClick={() => void list.refetch()}>
            Proovi uuesti
          </button>
        </div>
      ) : list.data.items.length === 0 ? (
        <div className="card space-y-3 p-5">
          <p>Teil ei ole veel broneeringuid.</p>
          <p className="text-sm text-ink-600">
            Siin on broneeringud, mille tegite sisse logituna või e-posti aadressiga {email}. Kui broneerisite teise aadressiga, kirjutage meile.
          </p>
          <a href="/broneering" className="btn-primary">
            Broneeri koht
          </a>
        </div>
      ) : (
        <ul className="space-y-4" role="list">
          {list.data.items.map((booking) => (
            <li key={booking.id}>
              <BookingCard booking={booking} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BookingCard({ booking, onOpen }: { booking: MyBookingSummary; onOpen: (id: number) => void }) {
  const { complete, total } = booking.travelDetails;
  return (
    <article aria-labelledby={`booking-${booking.id}-title`} className="card p-5">
      <h3 id={`booking-${booking.id}-title`} className="text-xl text-lagoon-900">
        {booking.retreat.name}
      </h3>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Pair label="Aeg" value={booking.retreat.startDate ? `${formatDate(booking.retreat.startDate)}–${formatDate(booking.retreat.endDate)}` : 'Täpsustamisel'} />
        <Pair label="Olek" value={myBookingStatusLabel(booking)} />
        <Pair label="Broneering" value={`nr ${booking.id}`} />
        <Pair label="Kaasreisijaid" value={String(booking.companions)} />
        <Pair label="Makstud" value={formatMoney(booking.paidCents)} />
        <Pair label="Tasuda" value={formatMoney(booking.outstandingCents)} />
        {booking.refundOwedCents > 0 && <Pair label="Tagastame" value={formatMoney(booking.refundOwedCents)} />}
        {booking.state !== 'cancelled' && <Pair label="Reisiandmed" value={`${complete} / ${total} täidetud`} />}
      </dl>
      <a
        href={`${PORTAL_PATH}?broneering=${booking.id}`}
        className="btn-secondary mt-4"
        onClick={(event) => {
          event.preventDefault();
          onOpen(booking.id);
        }}
      >
        Ava broneering<span className="sr-only"> nr {booking.id}</span>
      </a>
    </article>
  );
}
