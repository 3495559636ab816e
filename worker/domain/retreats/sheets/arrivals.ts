/**
 * Saabumised ja lahkumised: each person's flight in and out, when (Bali time, Asia/Makassar, UTC+8, as the guest
 * typed it in their travel details), and whether they need a pick-up at the airport, in the order they happen. A
 * person who gave no flight falls back to the booking's own arrival or departure day and time (the admin's fields);
 * whoever has neither is listed as missing.
 */
import { formatDateEt } from '../../../../src/lib/format';
import { PICKUP_LABELS } from '../../../../src/lib/travel-details';
import type { Sheet } from './document';
import { baliDateTime, byName, type SheetEdition, type SheetPerson } from './people';

export type Movement = 'arrival' | 'departure';
export const MOVEMENT_LABELS: Record<Movement, string> = { arrival: 'Saabumine', departure: 'Lahkumine' };

export interface ArrivalEvent {
  movement: Movement;
  /** Sortable Bali time "YYYY-MM-DDTHH:MM" (a day alone sorts as its midnight). */
  at: string;
  when: string;
  flight: string;
  person: SheetPerson;
}

function eventOf(person: SheetPerson, movement: Movement): ArrivalEvent | null {
  const at = movement === 'arrival' ? person.details.arrivalAt : person.details.departureAt;
  const flight = (movement === 'arrival' ? person.details.arrivalFlight : person.details.departureFlight) ?? '';
  if (at) return { movement, at, when: baliDateTime(at), flight, person };
  const booked = movement === 'arrival' ? person.bookingArrival : person.bookingDeparture;
  if (!booked.date) return flight ? { movement, at: '9999', when: 'aeg teadmata', flight, person } : null;
  const time = booked.time && /^\d{2}:\d{2}/.test(booked.time) ? booked.time.slice(0, 5) : null;
  return { movement, at: `${booked.date}T${time ?? '00:00'}`, when: `${formatDateEt(booked.date)}${time ? ` ${time}` : ''}`, flight, person };
}

/** Arrivals and departures, earliest first (arrivals before departures at the same minute, then by name). */
export function arrivalEvents(people: readonly SheetPerson[]): ArrivalEvent[] {
  const events = people.flatMap((p) => [eventOf(p, 'arrival'), eventOf(p, 'departure')].filter((e): e is ArrivalEvent => e !== null));
  return events.sort((a, b) => a.at.localeCompare(b.at) || a.movement.localeCompare(b.movement) || byName(a.person, b.person));
}

const pickup = (p: SheetPerson) => (p.details.pickupNeeded ? (PICKUP_LABELS[p.details.pickupNeeded] ?? p.details.pickupNeeded) : '–');

export const ARRIVALS_CSV_HEADER = ['Aeg (Bali aeg)', 'Liik', 'Lend', 'Nimi', 'Broneeringu nr', 'Transfeer lennujaamast'];

export function arrivalsSheet(edition: SheetEdition, people: readonly SheetPerson[], generatedAt: string): Sheet {
  const events = arrivalEvents(people);
  const withArrival = new Set(events.filter((e) => e.movement === 'arrival').map((e) => e.person));
  const missing = [...people].filter((p) => !withArrival.has(p)).sort(byName);
  const pickups = people.filter((p) => p.details.pickupNeeded === 'yes').length;
  return {
    document: {
      title: 'Saabumised ja lahkumised',
      edition,
      generatedAt,
      summary: [
        'Ajad on Bali aja järgi (WITA, UTC+8).',
        `Inimesi: ${people.length} · saabumise aeg teada: ${people.length - missing.length} · transfeeri vajab: ${pickups}`,
      ],
      tables: [
        {
          columns: [
            { label: 'Aeg (Bali)', width: 1.1 },
            { label: 'Liik', width: 0.8 },
            { label: 'Lend', width: 0.7 },
            { label: 'Nimi', width: 1.6 },
            { label: 'Transfeer', width: 0.6 },
          ],
          rows: events.map((e) => [e.when, MOVEMENT_LABELS[e.movement], e.flight || '–', e.person.name, e.movement === 'arrival' ? pickup(e.person) : '']),
          empty: 'Lennuandmeid ei ole veel.',
        },
        ...(missing.length
          ? [{ heading: 'Saabumise aeg teadmata', columns: [{ label: 'Nimi', width: 2 }, { label: 'Broneeringu nr', width: 1 }], rows: missing.map((p) => [p.name, String(p.bookingId)]) }]
          : []),
      ],
      notes: [],
    },
    csv: {
      header: ARRIVALS_CSV_HEADER,
      rows: events.map((e) => [e.when, MOVEMENT_LABELS[e.movement], e.flight, e.person.name, e.person.bookingId, e.movement === 'arrival' ? pickup(e.person).replace('–', '') : '']),
    },
  };
}
