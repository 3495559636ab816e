/**
 * /dashboard: quick-action cards with the real counts (DESIGN section 8: not the spec's fixed numbers), the upcoming
 * retreats with their bookings, and a system status row from the real GET /api/health.
 */
import type { ReactNode } from 'react';
import type { DashboardResponse } from '../../../../lib/admin/booking-views';
import { auditActionLabel } from '../../../../lib/admin/audit-labels';
import { countNoun, formatCount, formatCountOf, formatDate, formatDateTime, formatMoney } from '../../../../lib/format';
import { useDashboard, useHealth } from '../../api/dashboard';
import { AppLink, ScreenHeading } from '../../shell';
import { ErrorState } from '../../ui/states';
import { Badge } from '../../ui/badge';
import { DECISION_MESSAGES } from '../../../../lib/admin/retreat-decision';
import { ColumnHeads } from '../../../column-heads';

interface CardProps {
  href: string;
  title: string;
  description: string;
  count?: ReactNode;
  countKey?: string;
  countLabel?: string;
  icon: ReactNode;
}

function ActionCard({ href, title, description, count, countKey, countLabel, icon }: CardProps) {
  return (
    <li>
      <AppLink href={href} className="admin-card group">
        <span className="flex items-start justify-between gap-4">
          <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-lagoon-50 text-lagoon-700" aria-hidden="true">
            {icon}
          </span>
          {count !== undefined && (
            <span className="text-right">
              <span className="block font-display text-3xl text-lagoon-900" data-count={countKey}>
                {count}
              </span>
              <span className="text-xs text-ink-600">{countLabel}</span>
            </span>
          )}
        </span>
        <span className="mt-4 block font-semibold text-ink-900 group-hover:text-lagoon-700">{title}</span>
        <span className="mt-1 block text-sm text-ink-600">{description}</span>
      </AppLink>
    </li>
  );
}

const svg = (d: string) => (
  <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" focusable="false">
    <path d={d} />
  </svg>
);
const ICONS = {
  users: svg('M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7M21 19v-1a4 4 0 0 0-3-3.87M16 3.13a3.5 3.5 0 0 1 0 6.74'),
  clients: svg('M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8'),
  bookings: svg('M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2'),
  add: svg('M12 5v14M5 12h14'),
  retreats: svg('M3 20h18M5 20l7-14 7 14M9.5 13h5'),
  messages: svg('M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2M22 6l-10 7L2 6'),
  bank: svg('M3 10h18M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18M12 3l9 5H3z'),
};

function StatusItem({ label, ok }: { label: string; ok: boolean | null }) {
  const text = ok === null ? 'Kontrollin…' : ok ? 'Töötab' : 'Ei tööta';
  return (
    <li className="flex items-center justify-between gap-3 rounded-2xl bg-sand-50 px-4 py-3 ring-1 ring-sand-200" data-status={label} data-ok={ok === null ? undefined : String(ok)}>
      <span className="font-medium">{label}</span>
      <span className="inline-flex items-center gap-2 text-sm">
        <span className={`size-2.5 rounded-full ${ok === null ? 'bg-sand-300' : ok ? 'bg-lagoon-600' : 'bg-clay-600'}`} aria-hidden="true" />
        {text}
      </span>
    </li>
  );
}

/** Critical security events of the last 7 days (excessive sign-in attempts), highlighted, with a way to the trail. */
function CriticalEvents({ data }: { data: DashboardResponse['criticalEvents'] | undefined }) {
  if (!data) return null;
  return (
    <section aria-labelledby="critical-events" className="mt-10" data-critical-events={data.total}>
      <h2 id="critical-events" className="text-2xl text-lagoon-900">
        Kriitilised sündmused (7 päeva)
      </h2>
      {data.total === 0 ? (
        <p className="mt-4 text-ink-600">Viimase 7 päeva jooksul kriitilisi sündmusi ei olnud.</p>
      ) : (
        <div className="mt-4 rounded-2xl bg-rose-50 p-4 ring-1 ring-rose-300">
          <p className="font-semibold text-rose-900">{formatCountOf(data.total, 'kriitiline sündmus', 'kriitilist sündmust')} viimase 7 päeva jooksul</p>
          <ul role="list" className="mt-2 space-y-1 text-sm text-ink-900">
            {data.items.map((event) => (
              <li key={event.id}>
                {formatDateTime(event.createdAt)} · {auditActionLabel(event.action)} · {event.user?.email ?? 'tundmatu kasutaja'}
              </li>
            ))}
          </ul>
          <AppLink href="/admin/audit?severity=critical" className="mt-3 inline-block font-semibold text-rose-900 underline underline-offset-4">
            Vaata auditilogis
          </AppLink>
        </div>
      )}
    </section>
  );
}

/** The go/no-go (issue 24): the decision, or its day with a flag a week ahead and once it passed. */
function DecisionCell({ retreat }: { retreat: DashboardResponse['upcomingRetreats'][number] }) {
  if (retreat.decision !== 'open') return <Badge tone={retreat.decision === 'confirmed' ? 'green' : 'red'}>{DECISION_MESSAGES.stateLabels[retreat.decision]}</Badge>;
  return (
    <span className="flex flex-wrap items-center gap-2 whitespace-nowrap">
      {formatDate(retreat.decisionDay)}
      {retreat.decisionAlert && <Badge tone={retreat.decisionAlert === 'overdue' ? 'red' : 'yellow'}>{DECISION_MESSAGES.alertLabels[retreat.decisionAlert]}</Badge>}
    </span>
  );
}

export default function Dashboard() {
  const dashboard = useDashboard();
  const health = useHealth();
  const counts = dashboard.data?.counts;
  const count = (key: keyof NonNullable<typeof counts>) => (counts ? formatCount(counts[key]) : dashboard.isError ? '–' : '…');
  const noun = (key: keyof NonNullable<typeof counts>, one: string, many: string) => countNoun(counts?.[key] ?? 0, one, many);

  return (
    <>
      <ScreenHeading title="Töölaud" intro="Broneeringud, kliendid, kasutajad ja retriidid ühest kohast." />
      {dashboard.isError && <ErrorState text="Arvude laadimine ebaõnnestus." onRetry={() => void dashboard.refetch()} />}
      <section aria-labelledby="quick-actions" className="mt-8">
        <h2 id="quick-actions" className="text-2xl text-lagoon-900">
          Kiirtegevused
        </h2>
        <ul role="list" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={dashboard.isPending}>
          <ActionCard href="/admin/users" title="Halda kasutajaid" description="Rollid ja salasõnad" count={count('users')} countKey="users" countLabel={noun('users', 'kasutaja', 'kasutajat')} icon={ICONS.users} />
          <ActionCard href="/admin/clients" title="Halda kliente" description="Kliendid ja kontaktandmed" count={count('clients')} countKey="clients" countLabel={noun('clients', 'klient', 'klienti')} icon={ICONS.clients} />
          <ActionCard href="/admin/bookings" title="Vaata broneeringuid" description="Staatused, maksed ja arved" count={count('bookings')} countKey="bookings" countLabel={noun('bookings', 'broneering', 'broneeringut')} icon={ICONS.bookings} />
          <ActionCard href="/admin/bookings/new" title="Uus broneering" description="Broneering olemasolevale kliendile" icon={ICONS.add} />
          <ActionCard href="/admin/bank-statements" title="Pangaväljavõte" description="Impordi väljavõte ja seo maksed" icon={ICONS.bank} />
          <ActionCard href="/admin/sonumid?state=new" title="Sõnumid" description="Kontaktivormi kirjad ja vastused" count={count('newMessages')} countKey="newMessages" countLabel={noun('newMessages', 'uus sõnum', 'uut sõnumit')} icon={ICONS.messages} />
          <ActionCard href="/admin/retreats" title="Halda retriite" description="Kuupäevad, hinnad ja kohad" count={count('retreats')} countKey="retreats" countLabel={noun('retreats', 'retriit', 'retriiti')} icon={ICONS.retreats} />
        </ul>
      </section>
      <section aria-labelledby="upcoming-retreats" className="mt-10">
        <h2 id="upcoming-retreats" className="text-2xl text-lagoon-900">
          Tulevased retriidid
        </h2>
        {dashboard.data && dashboard.data.upcomingRetreats.length === 0 && <p className="mt-4 text-ink-600">Tulevasi retriite ei ole.</p>}
        {dashboard.data && dashboard.data.upcomingRetreats.length > 0 && (
          <div className="mt-4 overflow-x-auto rounded-2xl bg-white ring-1 ring-sand-200">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-sand-200 bg-sand-50 text-xs tracking-wide text-ink-600 uppercase">
                <ColumnHeads
                  cell="px-3 py-3"
                  columns={['Retriit', { figure: 'Broneeringud' }, { figure: 'Inimesi' }, { figure: 'Arveldatud / laekunud' }, { figure: 'Tasumata' }, { figure: 'Tagastada' }, { figure: 'Osalejaid / miinimum' }, 'Toimumise otsus']}
                />
              </thead>
              <tbody>
                {dashboard.data.upcomingRetreats.map((retreat) => (
                  <tr key={retreat.id} className="border-b border-sand-100 align-top last:border-0" data-retreat={retreat.id}>
                    <th scope="row" className="px-3 py-3 font-semibold">
                      <AppLink href={`/admin/retreats/${retreat.id}`} className="text-lagoon-700 underline-offset-4 hover:underline">
                        {retreat.name}
                      </AppLink>
                      <span className="block text-xs font-normal whitespace-nowrap text-ink-600">algab {formatDate(retreat.startDate)}</span>
                    </th>
                    <td className="px-3 py-3 text-right tabular-nums" data-bookings>
                      {formatCount(retreat.bookings)}
                      <span className="block text-xs whitespace-nowrap text-ink-600">
                        {formatCount(retreat.confirmed)} kinnitatud · {formatCount(retreat.pending)} ootel
                      </span>
                    </td>
                    <td className="px-3 py-3 text-right tabular-nums">
                      {formatCount(retreat.people)}
                      {retreat.toSign > 0 && (
                        <span className="block text-xs whitespace-nowrap text-ink-600" data-to-sign>
                          {formatCount(retreat.toSign)} allkirjastamata
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                      {formatMoney(retreat.billedCents)}
                      <span className="block text-xs text-ink-600">{formatMoney(retreat.receivedCents)} laekunud</span>
                    </td>
                    <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                      <span data-outstanding>{formatMoney(retreat.outstandingCents)}</span>
                      {retreat.overdue > 0 && (
                        <span className="block text-xs" data-overdue>
                          <AlarmFigure value={retreat.overdue} text={(n) => `${formatCount(n)} tähtaeg ületatud`} href={`/admin/bookings?retreatId=${retreat.id}&paymentStatus=overdue`} />
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums" data-refund-owed>
                      <AlarmFigure value={retreat.refundOwedCents} text={formatMoney} href={`/admin/bookings?retreatId=${retreat.id}&refund=yes`} />
                    </td>
                    <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                      <span data-confirmed-people>
                        {formatCount(retreat.confirmedPeople)} / {formatCount(retreat.minParticipants)} kinnitatud
                      </span>
                      <span className="block text-xs text-ink-600" data-paid-people>
                        {formatCount(retreat.paidPeople)} / {formatCount(retreat.minParticipants)} makstud
                      </span>
                    </td>
                    <td className="px-3 py-3" data-decision={retreat.decision} data-decision-alert={retreat.decisionAlert ?? undefined}>
                      <DecisionCell retreat={retreat} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <CriticalEvents data={dashboard.data?.criticalEvents} />
      <section aria-labelledby="system-status" className="mt-10">
        <h2 id="system-status" className="text-2xl text-lagoon-900">
          Süsteemi olek
        </h2>
        <ul role="list" className="mt-4 grid gap-3 sm:grid-cols-3">
          <StatusItem label="Andmebaas" ok={health.data ? health.data.database : null} />
          <StatusItem label="API" ok={health.data ? health.data.api : null} />
          {/* This screen is the web app: it is running if you can read this. */}
          <StatusItem label="Veebirakendus" ok={true} />
        </ul>
        <p className="mt-4 text-sm">
          <AppLink href="/email-test" className="link-button">
            E-posti saatmise test
          </AppLink>
        </p>
      </section>
    </>
  );
}

/** A figure that wants attention when it is not 0: then a link to the bookings it counts. */
function AlarmFigure({ value, text, href }: { value: number; text: (n: number) => string; href: string }) {
  if (value <= 0) return <>{text(0)}</>;
  return (
    <AppLink href={href} className="font-semibold text-rose-800 underline underline-offset-4">
      {text(value)}
      <span className="sr-only"> (vaata broneeringuid)</span>
    </AppLink>
  );
}
