/**
 * Demo data for local development: three published retreat editions ahead of today, clearly fictional guests (…@example.com), their
 * customers and six bookings in varied states. No user accounts: there are no built-in credentials anywhere
 * (DESIGN section 8); create an admin with the setup flow instead. No invoices either: an invoice is a legal
 * document with a number from the one series, issued from the booking detail.
 *
 * Idempotent without a marker table: every row has a stable natural key (fixed UUIDs for guests and customers,
 * `edition` for retreats, `idempotency_key` 'seed:…' for bookings) and is inserted with
 * ON CONFLICT DO NOTHING, so a second run inserts nothing and never overwrites what someone edited since.
 * Run only on request (`npm run db:seed`); nothing calls it implicitly.
 */
import { inArray } from 'drizzle-orm';
import { addDays, editionLabel, tallinnDay } from '../../src/lib/format';
import { editionKeyBase } from '../domain/retreats/editions';
import type { Db } from './index';
import {
  bookings,
  customers,
  guests,
  retreats,
  type NewBooking,
  type NewCustomer,
  type NewGuest,
  type NewRetreat,
} from './schema';

export interface SeedReport {
  /** Rows inserted by this run, per table (0 everywhere on a second run). */
  inserted: { retreats: number; guests: number; customers: number; bookings: number };
  /**
   * The money the new demo bookings have received: the caller records it through the ledger's door
   * (worker/domain/money/ledger.ts; scripts/db-seed.ts), which derives the bookings' paid amounts and statuses. The
   * database layer writes no ledger row itself.
   */
  payments: { bookingId: number; amountCents: number; receivedOn: string }[];
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const RETREAT_NAME = 'Uus algus retriit Balis';
const PRICE_CENTS = 129_900;
const BASE_PRICE_CENTS = 159_900;

/**
 * Three editions in the future relative to `now`, published and priced, so `npm start` after `npm run db:seed`
 * sells something: the 14th to the 24th of every second month, the first at least 45 days ahead.
 */
export function demoRetreats(now: Date): NewRetreat[] {
  const today = tallinnDay(now);
  let month = new Date(`${today.slice(0, 7)}-14T00:00:00Z`);
  while (month.toISOString().slice(0, 10) < addDays(today, 45)) month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 14));
  return [0, 2, 4].map((offset) => {
    const start = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + offset, 14)).toISOString().slice(0, 10);
    const end = addDays(start, 10);
    return {
      edition: editionKeyBase(start),
      name: `${RETREAT_NAME} – ${editionLabel(start)}`,
      location: 'Uluwatu, Bali',
      description: 'Demo: 10-päevane jooga-, hingamis- ja kehahoolduste retriit (näidisandmed).',
      startDate: start,
      endDate: end,
      arrivalDate: start,
      departureDate: end,
      basePriceCents: BASE_PRICE_CENTS,
      priceCents: PRICE_CENTS,
      capacity: 16,
      published: true,
    };
  });
}

/** Fixed ids make re-runs hit the primary key instead of adding look-alike rows. */
const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

const G = {
  demo: id(101),
  mari: id(102),
  jaan: id(103),
  liis: id(104),
  peeter: id(105),
  kati: id(106),
  toomas: id(201), // companion of Mari
  anu: id(202), // companion of Jaan
} as const;

const MAIN_GUESTS: NewGuest[] = [
  { id: G.demo, firstName: 'Demo', lastName: 'Külaline', email: 'demo.kulaline@example.com', phone: '+37250000001', dateOfBirth: '1985-04-12', dietaryPreferences: ['Vegan'] },
  { id: G.mari, firstName: 'Mari', lastName: 'Näidis', email: 'mari.naidis@example.com', phone: '+37250000002', dateOfBirth: '1979-09-30', nationality: 'Eesti' },
  { id: G.jaan, firstName: 'Jaan', lastName: 'Proov', email: 'jaan.proov@example.com', phone: '+37250000003', dateOfBirth: '1990-01-05', dietaryPreferences: ['Gluteenivaba'] },
  { id: G.liis, firstName: 'Liis', lastName: 'Testija', email: 'liis.testija@example.com', phone: '+37250000004', dateOfBirth: '1993-06-21', nationality: 'Eesti', passportNumber: 'DEMO0000004' },
  { id: G.peeter, firstName: 'Peeter', lastName: 'Näide', email: 'peeter.naide@example.com', phone: '+37250000005', dateOfBirth: '1972-11-02' },
  { id: G.kati, firstName: 'Kati', lastName: 'Katse', email: 'kati.katse@example.com', phone: '+37250000006', dateOfBirth: '1988-02-17' },
].map((g) => ({ ...g, marketingConsent: true }));

/** Companions: no e-mail, no phone, linked to their main guest (DESIGN section 3). */
const COMPANION_GUESTS: NewGuest[] = [
  { id: G.toomas, firstName: 'Toomas', lastName: 'Näidis', dateOfBirth: '1978-03-08', isCompanion: true, companionOfGuestId: G.mari },
  { id: G.anu, firstName: 'Anu', lastName: 'Proov', dateOfBirth: '2009-07-19', isCompanion: true, companionOfGuestId: G.jaan },
];

/** Customers mirror the main guests, as the booking flow's customer sync would leave them. */
const DEMO_CUSTOMERS: NewCustomer[] = MAIN_GUESTS.slice(0, 5).map((g, i) => ({
  id: id(301 + i),
  firstName: g.firstName,
  lastName: g.lastName,
  email: g.email!,
  phoneNumber: g.phone ?? null,
}));
const customerIdFor = (email: string) => DEMO_CUSTOMERS.find((c) => c.email === email)?.id ?? null;

/** A demo booking, on its edition, with what it has been paid (recorded through the ledger afterwards). */
type DemoBooking = Omit<NewBooking, 'retreatId'> & { idempotencyKey: string; edition: string; paid?: { cents: number; daysAgo: number } };

function demoBookings(daysAgo: (n: number) => string, E: readonly string[]): DemoBooking[] {
  return [
    {
      idempotencyKey: 'seed:booking-1',
      edition: E[0]!,
      guestId: G.demo,
      customerId: customerIdFor('demo.kulaline@example.com'),
      source: 'public_form',
      status: 'pending',
      paymentStatus: 'pending',
      roomType: 'single',
      roomSharingPreference: 'private',
      retreatEdition: E[0]!,
      experience: 'beginner',
      travelWith: 'alone',
      specialRequests: `Retriit: ${E[0]}; Kogemus: beginner; Reisin: üksi`,
      comments: 'Toitumispiirangud: Vegan; Kaaslasi: 0',
      comment: 'Demo: kas lennujaamast on transfeer?',
      bookingDate: daysAgo(2),
      createdAt: daysAgo(2),
      updatedAt: daysAgo(2),
    },
    {
      idempotencyKey: 'seed:booking-2',
      edition: E[0]!,
      guestId: G.mari,
      customerId: customerIdFor('mari.naidis@example.com'),
      source: 'public_form',
      status: 'confirmed',
      paymentStatus: 'partial',
      roomType: 'double',
      roomSharingPreference: 'shared',
      bedTypePreference: 'double_bed',
      retreatEdition: E[0]!,
      experience: 'intermediate',
      travelWith: 'with-companions',
      totalAmountCents: PRICE_CENTS,
      depositAmountCents: 60_000,
      paid: { cents: 60_000, daysAgo: 5 },
      specialRequests: `Retriit: ${E[0]}; Kogemus: intermediate; Reisin: kaaslasega`,
      comments: 'Toitumispiirangud: Puuduvad; Kaaslasi: 1',
      companions: [{ first_name: 'Toomas', last_name: 'Näidis', age: 47, custom_price_cents: 99_900 }],
      additionalServices: [
        {
          name: 'Osoonteraapia',
          price_cents: 12_000,
          date: '2025-11-17',
          start_time: '14:00',
          end_time: '15:00',
          address: 'Demo kliinik, Uluwatu',
          service_provider: 'Demo Teenusepakkuja',
        },
      ],
      bookingDate: daysAgo(20),
      createdAt: daysAgo(20),
      updatedAt: daysAgo(5),
    },
    {
      idempotencyKey: 'seed:booking-3',
      edition: E[1]!,
      guestId: G.jaan,
      customerId: customerIdFor('jaan.proov@example.com'),
      source: 'public_form',
      status: 'pending',
      paymentStatus: 'pending',
      roomType: 'shared',
      roomSharingPreference: 'shared',
      retreatEdition: E[1]!,
      experience: 'advanced',
      travelWith: 'with-companions',
      specialRequests: `Retriit: ${E[1]}; Kogemus: advanced; Reisin: kaaslasega`,
      comments: 'Toitumispiirangud: Gluteenivaba; Kaaslasi: 1',
      companions: [{ first_name: 'Anu', last_name: 'Proov', age: 16 }],
      bookingDate: daysAgo(9),
      createdAt: daysAgo(9),
      updatedAt: daysAgo(9),
    },
    {
      idempotencyKey: 'seed:booking-4',
      edition: E[1]!,
      guestId: G.liis,
      customerId: customerIdFor('liis.testija@example.com'),
      source: 'public_form',
      status: 'confirmed',
      paymentStatus: 'paid',
      roomType: 'single',
      roomSharingPreference: 'private',
      retreatEdition: E[1]!,
      experience: 'beginner',
      travelWith: 'alone',
      totalAmountCents: PRICE_CENTS,
      depositAmountCents: 30_000,
      paid: { cents: PRICE_CENTS, daysAgo: 12 },
      specialRequests: `Retriit: ${E[1]}; Kogemus: beginner; Reisin: üksi`,
      comments: 'Toitumispiirangud: Puuduvad; Kaaslasi: 0',
      bookingDate: daysAgo(40),
      createdAt: daysAgo(40),
      updatedAt: daysAgo(12),
    },
    {
      idempotencyKey: 'seed:booking-5',
      edition: E[2]!,
      guestId: G.peeter,
      customerId: customerIdFor('peeter.naide@example.com'),
      source: 'public_form',
      status: 'cancelled',
      paymentStatus: 'failed',
      // Cancelled before anything was paid: it kept nothing.
      keptCents: 0,
      roomType: 'shared',
      roomSharingPreference: 'shared',
      retreatEdition: E[2]!,
      experience: 'intermediate',
      travelWith: 'alone',
      totalAmountCents: PRICE_CENTS,
      amountPaidCents: 0,
      specialRequests: `Retriit: ${E[2]}; Kogemus: intermediate; Reisin: üksi`,
      comments: 'Toitumispiirangud: Puuduvad; Kaaslasi: 0',
      bookingDate: daysAgo(30),
      createdAt: daysAgo(30),
      updatedAt: daysAgo(25),
    },
    {
      // Admin-created (spec: status confirmed, amount_paid 0, balance_paid false, total = nights x rate).
      idempotencyKey: 'seed:booking-6',
      edition: E[2]!,
      guestId: G.kati,
      customerId: null,
      source: 'admin',
      status: 'confirmed',
      paymentStatus: 'pending',
      roomType: 'double',
      retreatEdition: E[2]!,
      checkInDate: '2026-03-14',
      checkOutDate: '2026-03-24',
      arrivalDate: '2026-03-14',
      departureDate: '2026-03-24',
      totalAmountCents: 10 * 20_000,
      amountPaidCents: 0,
      balancePaid: false,
      comments: 'Demo: administraatori loodud broneering',
      bookingDate: daysAgo(1),
      createdAt: daysAgo(1),
      updatedAt: daysAgo(1),
    },
  ];
}

/** Loads the demo data in one transaction. `now` places the editions ahead of it and the demo timestamps ("2 days ago") before it. */
export async function seedDemoData(db: Db, now: Date = new Date()): Promise<SeedReport> {
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
  const DEMO_RETREATS = demoRetreats(now);
  const keys = DEMO_RETREATS.map((r) => r.edition!);

  return db.transaction(async (tx) => {
    const inserted = { retreats: 0, guests: 0, customers: 0, bookings: 0 };

    inserted.retreats = (
      await tx.insert(retreats).values(DEMO_RETREATS).onConflictDoNothing({ target: retreats.edition }).returning({ id: retreats.id })
    ).length;
    // Main guests first: companions reference them.
    inserted.guests += await insertGuests(tx, MAIN_GUESTS);
    inserted.guests += await insertGuests(tx, COMPANION_GUESTS);
    inserted.customers = (
      await tx.insert(customers).values(DEMO_CUSTOMERS).onConflictDoNothing().returning({ id: customers.id })
    ).length;

    const retreatRows = await tx
      .select({ id: retreats.id, edition: retreats.edition })
      .from(retreats)
      .where(inArray(retreats.edition, DEMO_RETREATS.map((r) => r.edition!)));
    const retreatIdFor = (edition: string) => retreatRows.find((r) => r.edition === edition)?.id ?? null;

    const demo = demoBookings(daysAgo, keys);
    const rows: NewBooking[] = demo.map(({ edition, paid: _paid, ...b }) => ({ ...b, retreatId: retreatIdFor(edition) }));
    const created = await tx.insert(bookings).values(rows).onConflictDoNothing({ target: bookings.idempotencyKey }).returning({ id: bookings.id, key: bookings.idempotencyKey });
    inserted.bookings = created.length;
    const payments = created.flatMap(({ id, key }) => {
      const paid = demo.find((b) => b.idempotencyKey === key)?.paid;
      return paid ? [{ bookingId: id, amountCents: paid.cents, receivedOn: daysAgo(paid.daysAgo).slice(0, 10) }] : [];
    });

    return { inserted, payments };
  });
}

async function insertGuests(tx: Tx, rows: NewGuest[]): Promise<number> {
  return (await tx.insert(guests).values(rows).onConflictDoNothing().returning({ id: guests.id })).length;
}
