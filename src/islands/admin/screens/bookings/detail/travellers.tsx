/**
 * The booking's travel details (issue "Guest portal"): how many people have completed theirs, the due day, and each
 * person's details, what is missing and the passport warning. Health information is a special category of personal
 * data: it is read only when the admin asks ("Näita terviseandmeid"), every read is audited by the API, and hiding it
 * drops it from the page.
 */
import type { AdminTravellerHealth, AdminTravellers } from '../../../../../lib/admin/booking-views';
import { formatDate, formatDateTime } from '../../../../../lib/format';
import { HEALTH_FIELDS, NON_HEALTH_FIELDS, PICKUP_LABELS, TRAVEL_FIELD_LABELS, type TravelDetails } from '../../../../../lib/travel-details';
import { useBookingTravellers, useTravellerHealth } from '../../../api/travellers';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Facts, Section } from '../../../ui/detail-parts';
import { QueryView } from '../../../ui/states';

type Person = AdminTravellers['people'][number];
type Health = AdminTravellerHealth['people'][number];

const DATE_FIELDS = new Set<keyof TravelDetails>(['dateOfBirth', 'passportExpiry']);

export function BookingTravellers({ bookingId }: { bookingId: string }) {
  const travellers = useBookingTravellers(bookingId);
  const { health, shown, show, hide } = useTravellerHealth(bookingId);
  const data = travellers.data;
  const anyHealth = !!data?.people.some((p) => p.hasHealthInfo);
  const healthOf = (position: number) => (shown && health.data ? (health.data.people.find((h) => h.position === position) ?? 'none') : undefined);

  return (
    <Section
      id="booking-travellers"
      title="Reisiandmed"
      actions={data && <Badge tone={data.complete === data.total ? 'green' : 'yellow'}>{`${data.complete} / ${data.total} täidetud`}</Badge>}
    >
      <QueryView query={travellers} loading="Reisiandmete laadimine..." failed="Reisiandmete laadimine ebaõnnestus">
        {(travel) => (
          <div className="space-y-4">
            <p className="text-ink-900" data-travel-due>
              {travel.dueOn ? `Tähtaeg: ${formatDate(travel.dueOn)}` : 'Tähtaeg: – (retriidil ei ole alguskuupäeva)'}
            </p>
            {(anyHealth || shown) && (
              <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200" data-health-controls>
                <p className="min-w-0 grow text-sm text-ink-900">Terviseandmed on eriliiki isikuandmed: iga vaatamine logitakse.</p>
                <Button variant="outline" size="sm" onPress={shown ? hide : show} isPending={shown && health.isFetching}>
                  {shown ? 'Peida terviseandmeid' : 'Näita terviseandmeid'}
                </Button>
              </div>
            )}
            {shown && (
              // Shown on each person once loaded: here only the wait and a failure.
              <QueryView query={health} loading="Terviseandmete laadimine..." failed="Terviseandmete laadimine ebaõnnestus">
                {() => null}
              </QueryView>
            )}
            <ul role="list" className="grid gap-4 lg:grid-cols-2">
              {travel.people.map((person) => (
                <li key={person.position}>
                  <Traveller person={person} health={healthOf(person.position)} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </QueryView>
    </Section>
  );
}

/** One person: `health` is their health information once shown ('none': nothing saved for them). */
function Traveller({ person, health }: { person: Person; health: Health | 'none' | undefined }) {
  const titleId = `booking-traveller-${person.position}`;
  const name = person.name || (person.role === 'main' ? 'Peamine külaline' : `Kaasreisija ${person.position}`);
  const value = (field: (typeof NON_HEALTH_FIELDS)[number]) => {
    const v = person.details[field];
    if (v && field === 'pickupNeeded') return PICKUP_LABELS[v] ?? v;
    if (v && (field === 'arrivalAt' || field === 'departureAt')) return `${formatDate(v.slice(0, 10))} ${v.slice(11, 16)}`;
    return v && DATE_FIELDS.has(field) ? formatDate(v) : v;
  };
  const erasedAt = person.healthErasedAt ?? (health && health !== 'none' ? health.healthErasedAt : null);

  return (
    <article aria-labelledby={titleId} className="h-full rounded-xl border border-sand-200 p-4" data-traveller={person.position}>
      <h3 id={titleId} className="text-lg text-lagoon-900">
        {name} <span className="text-base font-normal text-ink-600">· {person.role === 'main' ? 'Peamine külaline' : 'Kaasreisija'}</span>
      </h3>
      <p className="mt-1 text-sm" data-traveller-status>
        {person.complete ? (
          <Badge tone="green">Täidetud</Badge>
        ) : (
          <span className="text-amber-900">
            <strong>Puudu:</strong> {person.missing.map((field) => TRAVEL_FIELD_LABELS[field].toLowerCase()).join(', ') || '–'}
          </span>
        )}
        {person.updatedAt && <span className="text-ink-600"> · salvestatud {formatDateTime(person.updatedAt)}</span>}
      </p>
      {person.passportWarning && (
        <p role="note" className="mt-3 rounded-lg bg-amber-50 p-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {person.passportWarning}
        </p>
      )}
      <div className="mt-4">
        <Facts items={NON_HEALTH_FIELDS.map((field) => [TRAVEL_FIELD_LABELS[field], value(field)])} />
      </div>
      {erasedAt && <p className="mt-3 text-sm text-ink-600">Terviseandmed kustutatud {formatDate(erasedAt)}</p>}
      {health && (
        <div className="mt-4 rounded-lg bg-sand-50 p-3 ring-1 ring-sand-200" data-traveller-health>
          <h4 className="mb-2 font-semibold text-ink-900">Terviseandmed</h4>
          {health === 'none' || HEALTH_FIELDS.every((field) => !health[field]) ? (
            <p className="text-ink-600">Terviseandmeid ei ole sisestatud.</p>
          ) : (
            <Facts items={HEALTH_FIELDS.map((field) => [TRAVEL_FIELD_LABELS[field], health[field]])} />
          )}
        </div>
      )}
    </article>
  );
}
