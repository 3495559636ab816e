/**
 * The view-client dialog: the client's details and their bookings, each linking to its booking screen, with the
 * retreat, dates, status, total, paid and what is still owed (the balance rule of worker/domain/money/balance.ts, as the
 * API computed it).
 */
import type { ClientBooking, ClientDetail } from '../../../../lib/admin/clients';
import { bookingStatusLabel, bookingStatusTone, paymentStatusLabel, paymentStatusTone } from '../../../../lib/labels';
import { formatDate, formatMoney } from '../../../../lib/format';
import { useClient } from '../../api/clients';
import { isNotFound } from '../../../api/client';
import { AppLink } from '../../shell';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { AppDialog } from '../../ui/dialog';
import { ErrorState, QueryView } from '../../ui/states';
import { Facts } from '../../ui/detail-parts';
import { ColumnHeads } from '../../../column-heads';
import { fullName } from './full-name';

export function ViewClientDialog({ id, onEdit, onClose }: { id: string; onEdit: (client: ClientDetail) => void; onClose: () => void }) {
  const client = useClient(id);
  const notFound = isNotFound(client.error);
  return (
    <AppDialog title={client.data ? fullName(client.data) : 'Klient'} isOpen onOpenChange={(open) => !open && onClose()} size="lg">
      <QueryView query={client} failed={notFound ? <ErrorState text="Klienti ei leitud" /> : 'Kliendi andmete laadimine ebaõnnestus'}>
        {(data) => (
          <div className="grid gap-6" data-client-view>
            <Facts
              items={[
                ['Eesnimi', data.firstName],
                ['Perekonnanimi', data.lastName],
                ['E-post', data.email],
                ['Telefon', data.phone],
                ['Liitunud', formatDate(data.createdAt)],
                ['Broneeringuid', String(data.bookingCount)],
              ]}
            />
            <ClientBookings bookings={data.bookings} />
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="outline" onPress={() => onEdit(data)}>
                Muuda klienti
              </Button>
              <Button onPress={onClose}>Sulge</Button>
            </div>
          </div>
        )}
      </QueryView>
    </AppDialog>
  );
}

/** The booking's own dates, else its retreat's. */
function datesOf(b: ClientBooking): string {
  const start = b.retreat?.startDate ?? b.checkInDate ?? null;
  const end = b.checkOutDate ?? b.retreat?.endDate ?? null;
  return start || end ? `${formatDate(start)} – ${formatDate(end)}` : '–';
}

function ClientBookings({ bookings }: { bookings: ClientBooking[] }) {
  return (
    <section aria-labelledby="client-bookings-title" data-client-bookings>
      <h3 id="client-bookings-title" className="text-lg text-lagoon-900">
        Broneeringud
      </h3>
      {bookings.length === 0 ? (
        <p className="mt-2 text-ink-600">Kliendil ei ole broneeringuid.</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-2xl ring-1 ring-sand-200">
          <table className="w-full border-collapse text-left text-sm">
            <thead className="border-b border-sand-200 bg-sand-50 text-xs tracking-wide text-ink-600 uppercase">
              <ColumnHeads
                cell="px-3 py-2"
                columns={['Broneering', 'Retriit', 'Kuupäevad', 'Staatus', { figure: 'Kokku' }, { figure: 'Makstud' }, { figure: 'Tasuda' }]}
              />
            </thead>
            <tbody>
              {bookings.map((b) => (
                <tr key={b.id} className="border-b border-sand-100 last:border-0" data-client-booking={b.id}>
                  <th scope="row" className="px-3 py-2 font-semibold whitespace-nowrap">
                    <AppLink href={`/admin/bookings/${b.id}`} className="text-lagoon-700 underline underline-offset-2">
                      #{b.id}
                    </AppLink>
                  </th>
                  <td className="px-3 py-2">{b.retreat?.name ?? '–'}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{datesOf(b)}</td>
                  <td className="px-3 py-2">
                    <span className="flex flex-col items-start gap-1">
                      <Badge tone={bookingStatusTone(b.status)}>{bookingStatusLabel(b.status)}</Badge>
                      <Badge tone={paymentStatusTone(b.paymentStatus, b.status)}>{paymentStatusLabel(b.paymentStatus, b.status)}</Badge>
                    </span>
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatMoney(b.totalAmountCents)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatMoney(b.amountPaidCents)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums" data-remaining>
                    {formatMoney(b.totals.remainingCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
