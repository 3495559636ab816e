/** One booking in the portal: what it is, what is paid and due, invoices, travel details, cancellation, e-mails. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { formatDate, formatMoney } from '../../lib/format';
import { SCHEDULE_PART_LABELS } from '../../lib/payment-schedule';
import { myBookingStatusLabel, refundOwedText, type MyBookingDetail } from '../../lib/portal';
import { HEALTH_DATA_KEPT_DAYS_AFTER_END } from '../../lib/travel-details';
import { isNotFound } from '../api/client';
import { AgreementsPanel } from './agreements-panel';
import { CancellationPanel } from './cancellation-panel';
import { DownloadLink } from './download-link';
import { GiftVoucherPanel } from './gift-voucher-form';
import { BackToList, BookingPending, Pair } from './parts';
import { PayOnline } from './pay-online';
import { PlaceOfferPanel } from './place-offer-panel';
import { portalApi, portalKeys } from './portal-api';
import { TravellerForm } from './traveller-form';
import { ColumnHeads } from '../column-heads';

interface BookingPageProps {
  id: number;
  onBack: () => void;
  onSessionOver: () => void;
}

export function BookingPage({ id, onBack, onSessionOver }: BookingPageProps) {
  const query = useQuery({ queryKey: portalKeys.booking(id), queryFn: () => portalApi.booking(id) });
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = query.isSuccess;
  // A new view: focus its heading, so keyboard and screen-reader users start there.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded, id]);

  const back = <BackToList onBack={onBack} />;

  if (query.isPending) return <BookingPending onBack={onBack} />;
  if (query.isError) {
    const missing = isNotFound(query.error);
    return (
      <div className="space-y-4">
        {back}
        <div role="alert" className="card space-y-3 p-5">
          <p>{missing ? 'Sellist broneeringut Teie kontol ei ole.' : `Broneeringu laadimine ebaõnnestus. ${query.error.message}`}</p>
          {!missing && (
            <button type="button" className="btn-outline" onClick={() => void query.refetch()}>
              Proovi uuesti
            </button>
          )}
        </div>
      </div>
    );
  }

  const booking = query.data.booking;
  return (
    <div className="space-y-8">
      {back}
      <header>
        <h2 ref={heading} tabIndex={-1} className="text-3xl text-lagoon-900 focus:outline-none">
          {booking.retreat.name}
        </h2>
        <p className="mt-2 text-ink-600">
          Broneering nr {booking.id} · {myBookingStatusLabel(booking)} ·{' '}
          {booking.retreat.startDate ? `${formatDate(booking.retreat.startDate)}–${formatDate(booking.retreat.endDate)}` : 'aeg täpsustamisel'}
        </p>
        {booking.companionNames.length > 0 && <p className="mt-1 text-ink-600">Kaasreisijad: {booking.companionNames.join(', ')}</p>}
      </header>

      <PlaceOfferPanel booking={booking} />
      <Payments booking={booking} />
      <Invoices booking={booking} onSessionOver={onSessionOver} />
      <TravelDetails booking={booking} />
      <AgreementsPanel bookingId={booking.id} />
      <Section id="cancel" title="Tühistamine">
        <CancellationPanel booking={booking} />
      </Section>
      <Emails booking={booking} />
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-4 p-5 sm:p-6">
      <h3 id={`${id}-title`} className="text-xl text-lagoon-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Payments({ booking }: { booking: MyBookingDetail }) {
  return (
    <Section id="payments" title="Maksed">
      <dl className="grid gap-2 sm:grid-cols-3">
        <Figure label="Kokku" value={formatMoney(booking.owedCents)} />
        <Figure label="Makstud" value={formatMoney(booking.paidCents)} />
        <Figure label="Tasuda" value={formatMoney(booking.outstandingCents)} />
      </dl>
      {booking.refundOwedCents > 0 && (
        // Paid beyond what the booking asks (an overpayment, or money kept after a cancellation): it goes back.
        <p className="rounded-2xl bg-lagoon-50 p-4 text-ink-900 ring-1 ring-lagoon-200" data-refund-owed>
          {refundOwedText(formatMoney(booking.refundOwedCents))}
        </p>
      )}
      {booking.schedule.length > 0 && (
        // A narrow screen scrolls the table sideways: the region takes focus so the keyboard can scroll it too.
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Maksegraafik">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Maksegraafik</caption>
            <thead>
              <ColumnHeads
                className="border-b border-sand-200 text-ink-600"
                cell="py-2 pr-4 font-medium last:pr-0"
                columns={['Makse', 'Tähtaeg', { figure: 'Summa' }, { figure: 'Makstud' }, { figure: 'Tasuda' }]}
              />
            </thead>
            <tbody>
              {booking.schedule.map((item) => (
                <tr key={item.part} className="border-b border-sand-100">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {SCHEDULE_PART_LABELS[item.part]}
                    {item.overdue && <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-800">Tähtaeg möödas</span>}
                  </th>
                  <td className="py-2 pr-4">{formatDate(item.dueOn)}</td>
                  <td className="py-2 pr-4 text-right">{formatMoney(item.amountCents)}</td>
                  <td className="py-2 pr-4 text-right">{formatMoney(item.paidCents)}</td>
                  <td className="py-2 text-right">{formatMoney(item.outstandingCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PayOnline booking={booking} />
      <GiftVoucherPanel booking={booking} />
      {booking.outstandingCents > 0 && (
        <div>
          <h4 className="font-semibold text-ink-900">Maksmine pangaülekandega</h4>
          <dl className="mt-2 grid gap-1 text-sm">
            <Pair label="Saaja" value={booking.payment.recipient} />
            <Pair label="Konto" value={`${booking.payment.iban} (${booking.payment.bank})`} />
            <Pair label="Viitenumber" value={booking.payment.referenceNumber} />
          </dl>
          <p className="mt-2 text-sm text-ink-600">Lisage ülekandele viitenumber, siis seome makse Teie broneeringuga.</p>
        </div>
      )}
    </Section>
  );
}

function Invoices({ booking, onSessionOver }: { booking: MyBookingDetail; onSessionOver: () => void }) {
  return (
    <Section id="invoices" title="Arved">
      {booking.invoices.length === 0 ? (
        <p className="text-ink-600">Arveid veel ei ole. Saadame arve, kui broneering on kinnitatud.</p>
      ) : (
        <ul className="divide-y divide-sand-100" role="list">
          {booking.invoices.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {invoice.kind === 'credit_note' ? 'Kreeditarve' : 'Arve'} nr {invoice.number} · {formatDate(invoice.issuedOn)} · {formatMoney(invoice.totalCents)}
              </span>
              <DownloadLink href={`/api/me/invoices/${invoice.id}/pdf`} className="btn-outline" onSessionOver={onSessionOver}>
                Laadi alla (PDF)<span className="sr-only">: {invoice.kind === 'credit_note' ? 'kreeditarve' : 'arve'} nr {invoice.number}</span>
              </DownloadLink>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function TravelDetails({ booking }: { booking: MyBookingDetail }) {
  const complete = booking.people.filter((p) => p.complete).length;
  return (
    <Section id="travel" title="Reisiandmed">
      <p>
        <strong>
          {complete} / {booking.people.length} täidetud
        </strong>
        {booking.travel.dueOn && <> · palun täitke hiljemalt {formatDate(booking.travel.dueOn)}</>}
      </p>
      <p className="text-sm text-ink-600">
        Vajame iga reisija andmeid lendude, kindlustuse ja majutuse jaoks. Võite täita osa andmeid nüüd ja ülejäänud hiljem. Terviseandmeid näevad ainult Teie ja
        korraldajad; need kustutatakse {HEALTH_DATA_KEPT_DAYS_AFTER_END} päeva pärast retriidi lõppu.
      </p>
      {!booking.travel.editable && <p className="text-ink-600">Selle broneeringu andmeid ei saa enam muuta.</p>}
      <div className="space-y-6">
        {booking.people.map((person) => (
          <TravellerForm key={`${booking.id}-${person.position}`} bookingId={booking.id} person={person} retreatEnd={booking.retreat.endDate} editable={booking.travel.editable} today={booking.today} />
        ))}
      </div>
    </Section>
  );
}

function Emails({ booking }: { booking: MyBookingDetail }) {
  return (
    <Section id="emails" title="Teile saadetud kirjad">
      {booking.emails.length === 0 ? (
        <p className="text-ink-600">Selle broneeringu kohta pole veel kirju saadetud.</p>
      ) : (
        <ul className="divide-y divide-sand-100" role="list">
          {booking.emails.map((mail, index) => (
            <li key={index} className="flex flex-wrap justify-between gap-2 py-2">
              <span>{mail.subject}</span>
              <span className="text-sm text-ink-600">{formatDate(mail.sentAt ?? mail.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-sand-50 p-3">
      <dt className="text-sm text-ink-600">{label}</dt>
      <dd className="text-lg font-semibold text-ink-900">{value}</dd>
    </div>
  );
}
