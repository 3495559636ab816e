/**
 * /admin/bookings/{id} (admin spec section 2): guest data, booking details, notes, additional services, payment info
 * with the balance rule, the travellers' travel details, timestamps, the booking's e-mails; edit dialogs for the booking
 * and the guest; the guest's cancellation request from the portal. A booking that does not exist says so
 * ('Broneeringut ei leitud') and goes back to the list.
 */
import { useState } from 'react';
import { bookingStatusTone, paymentStatusLabel, paymentStatusTone, roomSharingLabel, roomTypeLabel, bedTypeLabel } from '../../../../../lib/labels';
import { BOOKING_STATE_LABELS, type Transition } from '../../../../../lib/booking-lifecycle';
import type { BookingDetail } from '../../../../../lib/admin/booking-views';
import { formatDate, formatDateTime, formatMoney } from '../../../../../lib/format';
import { useBooking } from '../../../api/bookings';
import type { ScreenProps } from '../../../screen-props';
import { BACK_TO_BOOKINGS, ScreenHeader } from '../../../shell';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { CompanionPrices } from './companion-prices';
import { useGuestHealth } from '../../../api/travellers';
import { PromoteButton, WaitingListButton } from './promote-button';
import { BookingAgreements } from './agreements';
import { BookingEmails } from './emails';
import { Facts, Section } from '../../../ui/detail-parts';
import { PaymentInfo } from './payment-info';
import { BookingInvoices } from './invoices';
import { BookingPayments } from './payments';
import { ServicesEditor } from './services-editor';
import { BookingTravellers } from './travellers';
import { lazyComponent } from '../../../../lazy-component';
import { QueryView } from '../../../ui/states';
import { useRecordFailure } from '../../../use-record-failure';

// The edit, cancel, move and plan dialogs (their forms, selects, date pickers and schemas) load when first opened.
const EditBookingDialog = lazyComponent(() => import('./edit-booking-dialog').then((m) => m.EditBookingDialog));
const EditGuestDialog = lazyComponent(() => import('./edit-guest-dialog').then((m) => m.EditGuestDialog));
const CancelBookingDialog = lazyComponent(() => import('./cancel-booking-dialog').then((m) => m.CancelBookingDialog));
const MoveBookingDialog = lazyComponent(() => import('./sell-actions').then((m) => m.MoveBookingDialog));
const PlanDialog = lazyComponent(() => import('./sell-actions').then((m) => m.PlanDialog));

export default function BookingDetailScreen({ params }: ScreenProps) {
  const id = params.id!;
  const booking = useBooking(id);
  const failed = 'Broneeringu detailide laadimine ebaõnnestus';
  const notFound = useRecordFailure(booking.error, { list: '/admin/bookings', notFound: 'Broneeringut ei leitud', failed });

  return (
    <>
      <ScreenHeader
        title={booking.data ? `Broneering #${booking.data.id}` : 'Broneering'}
        intro={booking.data?.guest ? `${booking.data.guest.firstName} ${booking.data.guest.lastName}` : undefined}
        back={BACK_TO_BOOKINGS}
      />
      <QueryView query={booking} loading="Broneeringu laadimine..." failed={notFound ? null : failed}>
        {(data) => <Detail booking={data} />}
      </QueryView>
    </>
  );
}

function Detail({ booking }: { booking: BookingDetail }) {
  const [editing, setEditing] = useState<'booking' | 'guest' | 'cancel' | 'move' | 'plan' | null>(null);
  const guest = booking.guest;
  const id = String(booking.id);
  const can = (transition: Transition) => booking.actions.includes(transition);

  return (
    <div className="mt-6 space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={bookingStatusTone(booking.status)}>{BOOKING_STATE_LABELS[booking.state]}</Badge>
        <Badge tone={paymentStatusTone(booking.paymentStatus, booking.status)}>{paymentStatusLabel(booking.paymentStatus, booking.status)}</Badge>
        <span className="grow" />
        <Button onPress={() => setEditing('booking')}>Muuda broneeringut</Button>
        {guest && (
          <Button variant="outline" onPress={() => setEditing('guest')}>
            Muuda külalise andmeid
          </Button>
        )}
        {/* Only what the booking's state allows (the API's `actions`, src/lib/booking-lifecycle.ts). */}
        {can('promote') && <PromoteButton booking={booking} />}
        {can('putOnWaitingList') && <WaitingListButton booking={booking} />}
        {can('move') && (
          <Button variant="outline" onPress={() => setEditing('move')}>
            Vii teisele retriidile
          </Button>
        )}
        {can('changePlan') && (
          <Button variant="outline" onPress={() => setEditing('plan')}>
            Muuda maksmise viisi
          </Button>
        )}
        {can('cancel') && (
          <Button variant="danger" onPress={() => setEditing('cancel')}>
            Tühista broneering
          </Button>
        )}
      </div>

      {booking.cancellationRequest && booking.state !== 'cancelled' && <CancellationRequestNotice request={booking.cancellationRequest} />}

      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="guest-data" title="Külalise andmed">
          {guest ? (
            <Facts
              items={[
                ['Nimi', `${guest.firstName} ${guest.lastName}`],
                ['Sünnikuupäev', guest.dateOfBirth ? formatDate(guest.dateOfBirth) : null],
                ['E-post', guest.email ? <a className="link-button font-normal" href={`mailto:${guest.email}`}>{guest.email}</a> : null],
                ['Telefon', guest.phone ? <a className="link-button font-normal" href={`tel:${guest.phone}`}>{guest.phone}</a> : null],
                ['Rahvus', guest.nationality],
                ['Passi number', guest.passportNumber],
                ['Toitumiseelistused', guest.dietaryPreferences.length ? guest.dietaryPreferences.join(', ') : null],
                ['Hädaabikontakt', guest.emergencyContact ? [guest.emergencyContact.name, guest.emergencyContact.relationship, guest.emergencyContact.phone].filter(Boolean).join(', ') : null],
                ['Terviseinfo', guest.hasHealthInfo ? <GuestHealth bookingId={id} /> : null],
              ]}
            />
          ) : (
            <p className="text-ink-600">Külalise andmed puuduvad.</p>
          )}
        </Section>

        <Section id="booking-details" title="Broneeringu andmed">
          <Facts
            items={[
              ['Staatus', BOOKING_STATE_LABELS[booking.state]],
              ['Broneeringu kuupäev', booking.bookingDate ? formatDate(booking.bookingDate) : null],
              ['Retriit', booking.retreat?.name ?? null],
              ['Majutuse tüüp', roomTypeLabel(booking.roomType)],
              ['Toa jagamine', booking.roomSharingPreference ? roomSharingLabel(booking.roomSharingPreference) : null],
              ['Voodi eelistus', booking.bedTypePreference ? bedTypeLabel(booking.bedTypePreference) : null],
              ['Sisseregistreerimine', booking.checkInDate ? formatDate(booking.checkInDate) : null],
              ['Väljaregistreerimine', booking.checkOutDate ? formatDate(booking.checkOutDate) : null],
              ['Saabumine', booking.arrivalDate ? `${formatDate(booking.arrivalDate)}${booking.arrivalTime ? ` ${booking.arrivalTime}` : ''}` : null],
              ['Lahkumine', booking.departureDate ? `${formatDate(booking.departureDate)}${booking.departureTime ? ` ${booking.departureTime}` : ''}` : null],
              ['Tingimustega nõustunud', booking.termsAcceptedAt ? `${formatDateTime(booking.termsAcceptedAt)} (tingimuste versioon ${booking.termsVersion ?? '–'})` : null],
            ]}
          />
        </Section>
      </div>

      <Section id="booking-notes" title="Märkmed">
        <Facts
          items={[
            ['Erisoovid', booking.specialRequests],
            ['Kaasreisijad', booking.companions.length ? booking.companions.map((c) => `${c.firstName} ${c.lastName}${c.age !== null ? ` (${c.age})` : ''}`).join(', ') : null],
            ['Kommentaarid', [booking.comment, booking.comments].filter(Boolean).join('\n\n') || null],
            ['Lisatoit', booking.extraFood],
          ]}
        />
      </Section>

      <BookingTravellers bookingId={id} />
      <ServicesEditor booking={booking} />
      <PaymentInfo booking={booking} />
      <BookingPayments bookingId={id} />
      <BookingInvoices bookingId={id} canInvoice={can('invoice')} />
      {booking.companions.length > 0 && <CompanionPrices booking={booking} />}

      <Section id="booking-timestamps" title="Ajatemplid">
        <Facts
          items={[
            ['Loodud', formatDateTime(booking.createdAt)],
            ['Viimati muudetud', formatDateTime(booking.updatedAt)],
            ['Klient registreeritud', booking.customer ? formatDateTime(booking.customer.createdAt) : null],
          ]}
        />
      </Section>

      <BookingAgreements bookingId={id} />
      <BookingEmails bookingId={id} />

      {editing === 'booking' && <EditBookingDialog booking={booking} onClose={() => setEditing(null)} />}
      {editing === 'guest' && guest && <EditGuestDialog booking={booking} onClose={() => setEditing(null)} />}
      {editing === 'cancel' && <CancelBookingDialog bookingId={id} onClose={() => setEditing(null)} />}
      {editing === 'move' && <MoveBookingDialog booking={booking} onClose={() => setEditing(null)} />}
      {editing === 'plan' && <PlanDialog booking={booking} onClose={() => setEditing(null)} />}
    </div>
  );
}

/** The guest record's health information, read (and audited) only when the admin asks for it. */
function GuestHealth({ bookingId }: { bookingId: string }) {
  const [shown, setShown] = useState(false);
  const health = useGuestHealth(bookingId, shown);
  if (!shown) {
    return (
      <button type="button" className="link-button" onClick={() => setShown(true)} data-show-guest-health>
        Sisestatud – näita (vaatamine logitakse)
      </button>
    );
  }
  if (health.isPending) return <span>Laadimine...</span>;
  if (health.isError) return <span className="text-rose-800">Terviseinfo laadimine ebaõnnestus: {health.error.message}</span>;
  const info = health.data;
  const text = info ? [info.medicalConditions && `Terviseseisund: ${info.medicalConditions}`, info.medications && `Ravimid: ${info.medications}`, info.allergies && `Allergiad: ${info.allergies}`].filter(Boolean).join('; ') : '';
  return <span data-guest-health>{text || 'Puudub'}</span>;
}

/** The guest asked to cancel in the portal: the admin confirms with "Tühista broneering" (the refund is decided there). */
function CancellationRequestNotice({ request }: { request: NonNullable<BookingDetail['cancellationRequest']> }) {
  return (
    <div role="status" className="rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300" data-cancellation-request>
      <p className="font-semibold">
        Klient soovib broneeringu tühistada (saadetud {formatDate(request.requestedAt)}).
        {request.refundCents !== null && ` Tingimuste järgi tagastus: ${formatMoney(request.refundCents)}.`}
      </p>
      <p className="mt-1 text-sm">Kinnita tühistamine nupuga „Tühista broneering“: seal näed tänase päeva tagastussummat ja saad seda muuta.</p>
    </div>
  );
}
