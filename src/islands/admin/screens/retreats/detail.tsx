/**
 * /admin/retreats/{id} (admin spec section 2 "Retreat detail"; issue "Sell": on sale or not): cards for the basics, dates, prices and places, and
 * status plus id; the status from the dates (Tulevane / Käimasolev / Lõppenud / Määramata); an edit dialog; the
 * confirmed and pending bookings. A retreat that does not exist says 'Retriiti ei leitud' and goes back to the list.
 */
import { PLACE_OFFER_TEXTS } from '../../../../lib/place-offers';
import { useState } from 'react';
import { occupancyText, retreatStatus, SALE_STATE_LABELS, SALE_STATE_TEXTS, type RetreatDetail, type SaleState } from '../../../../lib/admin/retreats';
import { RETREAT_MESSAGES } from '../../../../lib/retreat-messages';
import { bookingStatusLabel, bookingStatusTone, paymentStatusLabel, paymentStatusTone, roomTypeLabel } from '../../../../lib/labels';
import { BOOKING_STATE_LABELS } from '../../../../lib/booking-lifecycle';
import { addDays, formatDate, formatMoney, tallinnDay } from '../../../../lib/format';
import { toast, toastError } from '../../../toast';
import { usePublishRetreat, useRetreat } from '../../api/retreats';
import { refusalReason } from '../../../api/client';
import type { ScreenProps } from '../../screen-props';
import { AppLink, ScreenHeader } from '../../shell';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { QueryView } from '../../ui/states';
import { Facts, Section } from '../../ui/detail-parts';
import { lazyComponent } from '../../../lazy-component';
import { RunSheets } from './run-sheets';
import { DecisionSection } from './decision-section';
import { FeedbackSection } from './feedback';
import { GroupMessageSection } from './group-message';
import { useRecordFailure } from '../../use-record-failure';

// The create/edit dialog (its form, date pickers and schema) loads when it is first opened.
const RetreatDialog = lazyComponent(() => import('./retreat-dialog').then((m) => m.RetreatDialog));

export default function RetreatDetailScreen({ params }: ScreenProps) {
  const retreat = useRetreat(params.id!);
  const failed = 'Retriidi laadimine ebaõnnestus';
  const notFound = useRecordFailure(retreat.error, { list: '/admin/retreats', notFound: RETREAT_MESSAGES.notFound, failed });

  return (
    <>
      <ScreenHeader title={retreat.data?.name ?? 'Retriit'} back={{ href: '/admin/retreats', label: '← Tagasi retriitide juurde' }} />
      <QueryView query={retreat} loading="Retriidi laadimine..." failed={notFound ? null : failed}>
        {(data) => <Detail retreat={data} />}
      </QueryView>
    </>
  );
}

type Row = RetreatDetail['bookings'][number];

/** "1 099,00 € kuni 31.12.2026" (issue 38), or null when the edition has no early-bird price. */
const earlyBirdText = (r: RetreatDetail): string | null =>
  r.earlyBirdPriceCents === null ? null : `${formatMoney(r.earlyBirdPriceCents)}${r.earlyBirdUntil ? ` kuni ${formatDate(r.earlyBirdUntil)}` : ''}`;

/**
 * On sale or not (issue "Sell"): the state in words and the one button that changes it, while there is a sale to
 * change (not for an edition that has begun, ended or was cancelled: issue 37). Publishing needs the dates and the
 * price; the API names what is missing, shown here as the toast's text.
 */
function SaleControl({ retreat, state }: { retreat: RetreatDetail; state: SaleState }) {
  const publish = usePublishRetreat();
  const toggle = async () => {
    const published = !retreat.published;
    try {
      await publish.mutateAsync({ id: retreat.id, published });
    } catch (error) {
      toastError(published ? 'Müüki avaldamine ebaõnnestus' : 'Müügilt võtmine ebaõnnestus', refusalReason(error));
      return;
    }
    toast({ title: published ? 'Retriit on müügil' : 'Retriit võeti müügilt' });
  };
  if (state === 'sale_over' || state === 'cancelled') return <Badge tone="grey">{SALE_STATE_LABELS[state]}</Badge>;
  return (
    <>
      <Badge tone={state === 'on_sale' ? 'green' : 'grey'}>{SALE_STATE_LABELS[state]}</Badge>
      {/* Disabled rather than "pending": React Aria's pending announcement outlives the label it points at. */}
      <Button variant="outline" onPress={() => void toggle()} isDisabled={publish.isPending}>
        {retreat.published ? 'Võta müügilt' : 'Avalda müüki'}
      </Button>
    </>
  );
}

function Detail({ retreat }: { retreat: RetreatDetail }) {
  const [editing, setEditing] = useState(false);
  const status = retreatStatus(retreat, tallinnDay());
  const sale = retreat.sale;
  const columns: DataColumn<Row>[] = [
    {
      id: 'guest',
      header: 'Külaline',
      isRowHeader: true,
      cell: (b) => (
        <AppLink href={`/admin/bookings/${b.id}`} className="font-semibold text-lagoon-700 underline-offset-4 hover:underline">
          {b.guestName}
        </AppLink>
      ),
    },
    { id: 'email', header: 'E-post', cell: (b) => b.email ?? '–' },
    {
      id: 'status',
      header: 'Staatus',
      cell: (b) => (
        <>
          {b.state === 'waiting' ? <Badge tone="yellow">{BOOKING_STATE_LABELS.waiting}</Badge> : <Badge tone={bookingStatusTone(b.status)}>{bookingStatusLabel(b.status)}</Badge>}
          {/* Issue 38: the waiting list's offer and its deadline; the organiser can still promote by hand. */}
          {b.offerExpiresAt && (
            <span className="mt-1 block text-xs text-ink-600" data-offer-deadline>
              {PLACE_OFFER_TEXTS.adminLine(b.offerExpiresAt)}
            </span>
          )}
        </>
      ),
    },
    { id: 'room', header: 'Majutus', cell: (b) => roomTypeLabel(b.roomType) },
    { id: 'people', header: 'Inimesi', cell: (b) => String(b.people), className: 'text-right tabular-nums' },
    { id: 'amount', header: 'Summa', cell: (b) => formatMoney(b.totalAmountCents), className: 'text-right tabular-nums whitespace-nowrap' },
    { id: 'payment', header: 'Makse staatus', cell: (b) => <Badge tone={paymentStatusTone(b.paymentStatus, b.status)}>{paymentStatusLabel(b.paymentStatus, b.status)}</Badge> },
    { id: 'date', header: 'Broneeritud', cell: (b) => formatDate(b.bookingDate), className: 'whitespace-nowrap' },
  ];

  return (
    <div className="mt-6 space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={status === 'Käimasolev' ? 'green' : status === 'Tulevane' ? 'blue' : 'grey'}>{status}</Badge>
        <p className="text-sm text-ink-600" data-sale-state>
          {SALE_STATE_TEXTS[sale]}
        </p>
        <span className="grow" />
        <SaleControl retreat={retreat} state={sale} />
        <Button onPress={() => setEditing(true)}>Muuda retriiti</Button>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="retreat-basics" title="Põhiandmed">
          <Facts items={[['Nimi', retreat.name], ['Asukoht', retreat.location], ['Kirjeldus', retreat.description]]} />
        </Section>
        <Section id="retreat-dates" title="Kuupäevad">
          <Facts
            items={[
              ['Algus', formatDate(retreat.startDate)],
              ['Lõpp', formatDate(retreat.endDate)],
              ['Saabumine', formatDate(retreat.arrivalDate)],
              ['Lahkumine', formatDate(retreat.departureDate)],
            ]}
          />
        </Section>
        <Section id="retreat-prices" title="Hinnad ja kohad">
          <Facts
            items={[
              ['Baashind', formatMoney(retreat.basePriceCents)],
              ['Hind inimese kohta', formatMoney(retreat.priceCents)],
              ['Varajase broneerija hind', earlyBirdText(retreat)],
              ['Ühekohalise toa lisatasu', formatMoney(retreat.singleRoomSupplementCents)],
              ['Jagatud toa lisatasu', formatMoney(retreat.sharedRoomSupplementCents)],
              ['Kohtade arv', retreat.capacity === null ? 'Piiramata' : String(retreat.capacity)],
              ['Kohti võetud', occupancyText(retreat)],
              ['Osalejate miinimum', String(retreat.minParticipants)],
              ['Registreerimine sulgub', retreat.startDate ? formatDate(addDays(retreat.startDate, -retreat.registrationClosesDaysBefore)) : `${retreat.registrationClosesDaysBefore} päeva enne algust`],
            ]}
          />
        </Section>
        <Section id="retreat-status" title="Staatus">
          <Facts items={[['Staatus', status], ['ID', String(retreat.id)], ['Väljaanne', retreat.edition], ['Loodud', formatDate(retreat.createdAt)]]} />
        </Section>
      </div>
      <DecisionSection retreatId={retreat.id} />
      <Section id="retreat-bookings" title="Broneeringud">
        <DataTable label="Retriidi broneeringud" columns={columns} items={retreat.bookings} empty="Kinnitatud ega ootel broneeringuid ei ole" />
      </Section>
      <RunSheets retreatId={retreat.id} />
      <GroupMessageSection retreatId={retreat.id} />
      <FeedbackSection retreatId={retreat.id} />
      {editing && <RetreatDialog retreat={retreat} onClose={() => setEditing(false)} />}
    </div>
  );
}
