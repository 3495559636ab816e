/**
 * Toad (the rooming list): the organiser gives each person a room (a label such as "12" or "Villa 3"); people with the
 * same label share it. The editor starts from each booking's room type and sharing preference (`proposeRooms`), and
 * the counts check the result against what was booked: people booked into single, shared and double rooms against
 * people alone in a room, sharing with someone from another booking, and sharing only with their own booking.
 */
import { ROOM_KIND_LABELS, type RoomingCounts, type RoomingPerson, type RoomKind } from '../../../../src/lib/retreat-sheets';
import { bedTypeLabel, roomSharingLabel, roomTypeLabel } from '../../../../src/lib/labels';
import type { Sheet } from './document';
import { byName, type SheetEdition, type SheetPerson } from './people';

const KINDS: readonly RoomKind[] = ['single', 'shared', 'double'];
const key = (p: { bookingId: number; position: number }) => `${p.bookingId}:${p.position}`;

/** The room kind a booking asked for: its room type ('private' is single), else its sharing preference. */
export function bookedKind(p: Pick<SheetPerson, 'roomType' | 'roomSharing'>): RoomKind {
  if (p.roomType === 'double') return 'double';
  if (p.roomType === 'shared') return 'shared';
  if (p.roomType === 'single' || p.roomType === 'private') return 'single';
  return p.roomSharing === 'shared' ? 'shared' : 'single';
}

type RoomPerson = Pick<SheetPerson, 'bookingId' | 'position' | 'roomType' | 'roomSharing' | 'room'>;

/** The people in each room, by label. */
export function roomsOf<P extends RoomPerson>(people: readonly P[]): Map<string, P[]> {
  const rooms = new Map<string, P[]>();
  for (const p of people) if (p.room) rooms.set(p.room, [...(rooms.get(p.room) ?? []), p]);
  return rooms;
}

/** The kind of room someone is in as assigned: alone, with their own booking only, or with someone else's. */
function assignedKind(occupants: readonly RoomPerson[]): RoomKind {
  if (occupants.length === 1) return 'single';
  return new Set(occupants.map((o) => o.bookingId)).size === 1 ? 'double' : 'shared';
}

export function roomingCounts(people: readonly RoomPerson[]): RoomingCounts {
  const booked: Record<RoomKind, number> = { single: 0, shared: 0, double: 0 };
  const assigned: Record<RoomKind, number> = { single: 0, shared: 0, double: 0 };
  for (const p of people) booked[bookedKind(p)] += 1;
  for (const occupants of roomsOf(people).values()) assigned[assignedKind(occupants)] += occupants.length;
  const unassigned = people.filter((p) => !p.room).length;
  const warnings = [
    ...(unassigned ? [`Toata: ${unassigned} ${unassigned === 1 ? 'inimene' : 'inimest'}`] : []),
    ...KINDS.filter((k) => booked[k] !== assigned[k]).map((k) => `${ROOM_KIND_LABELS[k]} tuba: broneeritud ${booked[k]} inimesele, määratud ${assigned[k]} inimesele`),
  ];
  return { booked, assigned, unassigned, warnings };
}

/**
 * A room for everyone not yet in one, from their booking: a single room each for single bookings, one room for a
 * double booking (or the room someone of it already has), shared bookings together with their own party, and people
 * booked alone into a shared room paired in booking order. New rooms get the lowest free numbers.
 */
export function proposeRooms(people: readonly RoomPerson[]): Map<string, string> {
  const taken = new Set(people.map((p) => p.room).filter((r): r is string => !!r));
  let next = 1;
  const fresh = () => {
    while (taken.has(String(next))) next++;
    taken.add(String(next));
    return String(next);
  };
  const proposal = new Map<string, string>();
  const byBooking = new Map<number, RoomPerson[]>();
  for (const p of [...people].sort((a, b) => a.bookingId - b.bookingId || a.position - b.position)) byBooking.set(p.bookingId, [...(byBooking.get(p.bookingId) ?? []), p]);
  const sharedAlone: RoomPerson[] = [];
  for (const party of byBooking.values()) {
    const open = party.filter((p) => !p.room);
    if (open.length === 0) continue;
    const kind = bookedKind(party[0]!);
    if (kind === 'single') {
      for (const p of open) proposal.set(key(p), fresh());
      continue;
    }
    const existing = party.find((p) => p.room)?.room;
    if (kind === 'double' || existing || open.length > 1) {
      const room = existing ?? fresh();
      for (const p of open) proposal.set(key(p), room);
      continue;
    }
    sharedAlone.push(open[0]!);
  }
  for (let i = 0; i < sharedAlone.length; i += 2) {
    const room = fresh();
    for (const p of sharedAlone.slice(i, i + 2)) proposal.set(key(p), room);
  }
  return proposal;
}

export function roomingPeople(people: readonly SheetPerson[]): RoomingPerson[] {
  const proposal = proposeRooms(people);
  return [...people].sort(byName).map((p) => ({
    bookingId: p.bookingId,
    position: p.position,
    name: p.name,
    roomType: p.roomType,
    roomSharing: p.roomSharing,
    bedType: p.bedType,
    room: p.room,
    proposedRoom: p.room ?? proposal.get(key(p)) ?? '',
  }));
}

const collator = new Intl.Collator('et', { numeric: true, sensitivity: 'base' });

export const ROOMING_CSV_HEADER = ['Tuba', 'Nimi', 'Broneeringu nr', 'Toatüüp', 'Toa jagamine', 'Voodi', 'Toakaaslased'];

export function roomingSheet(edition: SheetEdition, people: readonly SheetPerson[], generatedAt: string): Sheet {
  const counts = roomingCounts(people);
  const rooms = [...roomsOf(people).entries()].sort(([a], [b]) => collator.compare(a, b));
  const unassigned = [...people].filter((p) => !p.room).sort(byName);
  const mates = (p: SheetPerson) => (roomsOf(people).get(p.room ?? '') ?? []).filter((o) => o !== p).map((o) => o.name);
  const ordered = [...rooms.flatMap(([, occupants]) => [...occupants].sort(byName)), ...unassigned];
  return {
    document: {
      title: 'Toad',
      edition,
      generatedAt,
      summary: [
        `Inimesi: ${people.length} · tube: ${rooms.length}`,
        `Broneeritud: ${KINDS.map((k) => `${ROOM_KIND_LABELS[k].toLowerCase()} ${counts.booked[k]}`).join(', ')} · määratud: ${KINDS.map((k) => `${ROOM_KIND_LABELS[k].toLowerCase()} ${counts.assigned[k]}`).join(', ')}`,
      ],
      tables: [
        {
          columns: [
            { label: 'Tuba', width: 0.6 },
            { label: 'Kes', width: 2.6 },
            { label: 'Broneeritud', width: 1.6 },
          ],
          rows: rooms.map(([room, occupants]) => [
            room,
            [...occupants].sort(byName).map((o) => o.name).join(', '),
            [...new Set(occupants.map((o) => `${roomTypeLabel(o.roomType)}${o.bedType ? `, ${bedTypeLabel(o.bedType).toLowerCase()}` : ''}`))].join('; '),
          ]),
          empty: 'Tube pole veel määratud.',
        },
        ...(unassigned.length
          ? [
              {
                heading: 'Toata',
                columns: [
                  { label: 'Nimi', width: 2 },
                  { label: 'Broneeritud', width: 1.6 },
                ],
                rows: unassigned.map((p) => [p.name, `${roomTypeLabel(p.roomType)}, ${roomSharingLabel(p.roomSharing).toLowerCase()}`]),
              },
            ]
          : []),
      ],
      notes: counts.warnings.map((w) => `Hoiatus: ${w}`),
    },
    csv: {
      header: ROOMING_CSV_HEADER,
      rows: ordered.map((p) => [p.room ?? '', p.name, p.bookingId, roomTypeLabel(p.roomType), roomSharingLabel(p.roomSharing), p.bedType ? bedTypeLabel(p.bedType) : '', mates(p).join(', ')]),
    },
  };
}
