import { describe, expect, it } from 'vitest';
import { parseSheetName } from '../../src/lib/retreat-sheets';
import { arrivalEvents } from '../../worker/domain/retreats/sheets/arrivals';
import { ageOn, type SheetPerson } from '../../worker/domain/retreats/sheets/people';
import { printable } from '../../worker/domain/retreats/sheets/pdf';
import { proposeRooms, roomingCounts } from '../../worker/domain/retreats/sheets/rooming';

/** The run sheets' rules (issue 24) on their own: ages, room proposals and counts, the arrivals' order, sheet names. */

const person = (bookingId: number, position: number, extra: Partial<SheetPerson> = {}): SheetPerson => ({
  bookingId,
  position,
  role: position === 0 ? 'main' : 'companion',
  name: `Inimene ${bookingId}-${position}`,
  details: {
    dateOfBirth: null, nationality: null, passportNumber: null, passportExpiry: null, emergencyName: null, emergencyPhone: null, emergencyRelationship: null,
    dietary: null,
    foodAllergies: null, healthConditions: null, healthMedications: null, healthAllergies: null, arrivalFlight: null, arrivalAt: null, departureFlight: null, departureAt: null, pickupNeeded: null,
  },
  bookedAge: null,
  complete: false,
  missing: [],
  passportWarning: null,
  roomType: 'single',
  roomSharing: 'private',
  bedType: null,
  bookingArrival: { date: null, time: null },
  bookingDeparture: { date: null, time: null },
  room: null,
  signed: { terms: true, waiver: true },
  ...extra,
});

describe('ageOn', () => {
  it('counts full years on the day, the birthday itself included', () => {
    expect(ageOn('1990-01-14', '2026-01-14')).toBe(36);
    expect(ageOn('1990-01-15', '2026-01-14')).toBe(35);
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn(null, '2026-01-14')).toBeNull();
    expect(ageOn('1990-01-15', null)).toBeNull();
  });
});

describe('rooms', () => {
  it('proposes a room each for singles, one for a double party, pairs people booked alone into shared rooms, around the rooms taken', () => {
    const people = [
      person(1, 0, { room: '1' }),
      person(2, 0, { roomType: 'double' }),
      person(2, 1, { roomType: 'double' }),
      person(3, 0, { roomType: 'shared', roomSharing: 'shared' }),
      person(4, 0, { roomType: 'shared', roomSharing: 'shared' }),
      person(5, 0, { roomType: 'shared', roomSharing: 'shared' }),
      person(6, 0, { roomType: 'private' }),
    ];
    expect(Object.fromEntries(proposeRooms(people))).toEqual({ '2:0': '2', '2:1': '2', '3:0': '4', '4:0': '4', '5:0': '5', '6:0': '3' });
    // A double party with one of them placed: the other goes to the same room.
    expect(Object.fromEntries(proposeRooms([person(2, 0, { roomType: 'double', room: 'Villa' }), person(2, 1, { roomType: 'double' })]))).toEqual({ '2:1': 'Villa' });
  });

  it('counts people booked and assigned per kind, and says where they disagree', () => {
    const counts = roomingCounts([
      person(1, 0, { room: 'A' }),
      person(2, 0, { roomType: 'double', room: 'B' }),
      person(2, 1, { roomType: 'double', room: 'B' }),
      person(3, 0, { roomType: 'shared', room: 'C' }),
      person(4, 0, { roomType: 'shared', room: 'C' }),
      person(5, 0, { roomType: null, roomSharing: 'shared' }),
    ]);
    expect(counts).toEqual({ booked: { single: 1, shared: 3, double: 2 }, assigned: { single: 1, shared: 2, double: 2 }, unassigned: 1, warnings: ['Toata: 1 inimene', 'Jagatud tuba: broneeritud 3 inimesele, määratud 2 inimesele'] });
  });
});

describe('arrivals', () => {
  it('orders by Bali time, falls back to the booking\'s own day and time, and leaves out who has neither', () => {
    const events = arrivalEvents([
      person(1, 0, { name: 'Hiline', details: { ...person(0, 0).details, arrivalAt: '2026-01-13T23:00', arrivalFlight: 'QR 962' } }),
      person(2, 0, { name: 'Varajane', bookingArrival: { date: '2026-01-13', time: '06:30' } }),
      person(3, 0, { name: 'Teadmata' }),
      person(4, 0, { name: 'Lahkuja', details: { ...person(0, 0).details, departureAt: '2026-01-13T12:00' } }),
    ]);
    expect(events.map((e) => [e.when, e.movement, e.person.name])).toEqual([
      ['13.01.2026 06:30', 'arrival', 'Varajane'],
      ['13.01.2026 12:00', 'departure', 'Lahkuja'],
      ['13.01.2026 23:00', 'arrival', 'Hiline'],
    ]);
  });
});

describe('sheet names and letters', () => {
  it('knows the nine files and nothing else', () => {
    expect(['manifest.pdf', 'manifest.csv', 'health.pdf', 'rooming.pdf', 'rooming.csv', 'kitchen.pdf', 'kitchen.csv', 'arrivals.pdf', 'arrivals.csv'].every((n) => parseSheetName(n))).toBe(true);
    for (const name of ['health.csv', 'manifest.xlsx', 'MANIFEST.pdf', 'manifest', 'constructor.pdf', 'toString.csv']) expect(parseSheetName(name), name).toBeNull();
  });

  it('prints Estonian letters as themselves and what the font lacks as "?"', () => {
    expect(printable('Õie Šmidt-Žukova, Ärm, Üllar – „tere“ 10 €')).toBe('Õie Šmidt-Žukova, Ärm, Üllar – „tere“ 10 €');
    expect(printable('Łukasz 李 🙂\tx')).toBe('Łukasz ? ? x');
  });
});
