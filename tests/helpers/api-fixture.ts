/**
 * One fixture for the API tests: the real app over real HTTP on a fresh database file, a clock the test moves, an
 * admin signed in through the API, and the organiser's and the guest's actions as the screens make them, so a test
 * sets prices, states and money through the API (never a raw UPDATE). Each helper asserts its own success; a test
 * that wants a refusal calls `api` and reads the answer.
 */
import { afterEach, beforeEach, expect } from 'vitest';
import type { AppConfig } from '../../worker/deps';
import { centsToInput } from '../../src/lib/money-text';
import type { BookingRequestInput } from '../../src/lib/booking/schema';
import type { BookingState } from '../../src/lib/booking-lifecycle';
import type { PaymentPlan } from '../../src/lib/payment-plans';
import { markOverdueBookings } from '../../worker/domain/money/jobs';
import { sendGridTransport } from '../../worker/domain/mail/transport';
import { startSendGridStub } from '../mocks/sendgrid';
import { signedIn } from './admin-session';
import { startTestApp, type TestApp } from './app-server';
import { validBooking } from './booking-fixtures';
import { readJson } from './http';
import { pricedBooking } from './priced-booking';
import { TEST_CLOCK_START } from './test-clock';

/** An answer read: its status and its JSON body (null when it has none). */
export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface EditionOptions {
  name?: string;
  startDate: string;
  endDate?: string;
  /** Per person, in cents. */
  priceCents?: number;
  basePriceCents?: number | null;
  capacity?: number | null;
  minParticipants?: number;
  registrationClosesDaysBefore?: number;
  /** On sale (the booking form offers it); true by default. */
  published?: boolean;
}

const days = (start: string, n: number) => new Date(Date.parse(`${start}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A signed-in guest's browser (tests/helpers/browser-client.ts): what it requests is made on their account. */
type GuestBrowser = { post(path: string, body: unknown): Promise<Response> };

/** Cents as the forms type them ("1299,50"). */
export const euros = (cents: number | null) => centsToInput(cents);

export interface FixtureOptions {
  /** Where the clock starts (TEST_CLOCK_START unless given). */
  clock?: string;
  config?: Partial<AppConfig>;
  /**
   * false: nobody signs in (tests of what visitors and guests see, which count accounts, sessions or e-mails);
   * `admin` and the organiser's actions are then not there.
   */
  admin?: boolean;
}

export async function startApiFixture(options: FixtureOptions = {}) {
  const app = await startTestApp(options.config);
  let now = new Date(options.clock ?? TEST_CLOCK_START);
  app.deps.now = () => now;
  const withAdmin = options.admin !== false;
  // Without an admin (`admin: false`) the field is left empty: the organiser's actions are not for those tests.
  let admin = withAdmin ? await signedIn(app, { admin: true }) : (undefined as unknown as Awaited<ReturnType<typeof signedIn>>);

  const stubs: { close(): Promise<void> }[] = [];
  const read = async (res: Response): Promise<Answer> => {
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  /** Any admin call, its answer read. */
  const api = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Answer> =>
    read(method === 'GET' ? await admin.b.get(path) : await admin.b.send(method, path, body));
  /** An admin call that must succeed: its body. */
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) => {
    const answer = await api(method, path, body);
    // A crash names the server's own error line, so that the test says what broke.
    const crash = answer.status >= 500 ? ` ${JSON.stringify(app.logs.filter((l) => l.msg === 'unhandled exception').slice(-1))}` : '';
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}${crash}`).toBeLessThan(300);
    return answer.body;
  };
  const detail = async (id: number) => (await ok('GET', `/api/admin/bookings/${id}`)).booking;

  /** The edit dialog's body for a booking as it stands (amounts untouched unless given). */
  const editOf = (b: Record<string, unknown>, changes: Record<string, unknown> = {}) => ({
    version: b.version,
    status: b.status,
    paymentStatus: b.paymentStatus,
    roomType: b.roomType,
    roomSharingPreference: b.roomSharingPreference,
    bedTypePreference: b.bedTypePreference,
    totalAmount: centsToInput(b.totalAmountCents as number | null),
    amountPaid: centsToInput(b.amountPaidCents as number | null),
    depositAmount: centsToInput(b.depositAmountCents as number | null),
    specialRequests: b.specialRequests,
    comments: b.comments,
    extraFood: b.extraFood,
    ...changes,
  });

  const fixture = {
    app,
    admin,
    api,
    ok,
    detail,
    editOf,
    clock: {
      get now() {
        return now;
      },
      /**
       * Moves the clock; the admin signs in again, as a session does not outlive days (guests' sessions do not).
       * `newSession: false` for a move within the session's life (minutes), which signs nobody up.
       */
      async set(iso: string, { newSession = true } = {}) {
        now = new Date(iso);
        if (newSession && withAdmin) await fixture.clock.signInAgain();
      },
      /** The admin signs in again where the clock stands (their session ended with a move made without one). */
      async signInAgain() {
        admin = await signedIn(app, { admin: true });
        fixture.admin = admin;
        return admin;
      },
      /** Moves the clock on by `ms` within the admin's session (a minute between two requests, say). */
      tick(ms: number) {
        now = new Date(now.getTime() + ms);
      },
    },
    /** The booking's row as stored, for "nothing changed" comparisons. */
    async row(id: number) {
      return { ...(await app.rows(`SELECT * FROM bookings WHERE id = ${Number(id)}`))[0] };
    },
    /** An edition made and put on sale through the back office, as the organiser does; answers its row. */
    async edition(e: EditionOptions) {
      const { retreat } = await ok('POST', '/api/admin/retreats', {
        name: e.name ?? `Retriit ${e.startDate}`,
        startDate: e.startDate,
        endDate: e.endDate ?? days(e.startDate, 10),
        price: euros(e.priceCents ?? 129_900),
        basePrice: e.basePriceCents === undefined ? '' : euros(e.basePriceCents ?? 0),
        capacity: e.capacity === undefined || e.capacity === null ? '' : String(e.capacity),
        minParticipants: String(e.minParticipants ?? 8),
        registrationClosesDaysBefore: String(e.registrationClosesDaysBefore ?? 4),
      });
      if (e.published !== false) return (await ok('PUT', `/api/admin/retreats/${retreat.id}/published`, { published: true })).retreat as { id: number; edition: string };
      return retreat as { id: number; edition: string | null };
    },
    /** An edition migration 0017 carried over ('jan-2026'), as the retreats list shows it. */
    async migrated(key: string) {
      const { items } = await ok('GET', '/api/admin/retreats?pageSize=100');
      const found = (items as { id: number; edition: string | null }[]).find((r) => r.edition === key);
      expect(found, key).toBeDefined();
      return found as { id: number; edition: string };
    },
    /** The retreat's edit dialog as it opens: its form as the retreat stands (prices as the form types them). */
    async editionForm(id: number) {
      const { retreat: r } = await ok('GET', `/api/admin/retreats/${id}`);
      return {
        name: r.name,
        location: r.location ?? '',
        description: r.description ?? '',
        startDate: r.startDate ?? '',
        endDate: r.endDate ?? '',
        arrivalDate: r.arrivalDate ?? '',
        departureDate: r.departureDate ?? '',
        basePrice: euros(r.basePriceCents),
        price: euros(r.priceCents),
        capacity: r.capacity === null ? '' : String(r.capacity),
        singleRoomSupplement: euros(r.singleRoomSupplementCents),
        sharedRoomSupplement: euros(r.sharedRoomSupplementCents),
        minParticipants: String(r.minParticipants),
        registrationClosesDaysBefore: String(r.registrationClosesDaysBefore),
        decisionOn: r.decisionOn ?? '',
        earlyBirdPrice: euros(r.earlyBirdPriceCents),
        earlyBirdUntil: r.earlyBirdUntil ?? '',
      };
    },
    /** The retreat's edit dialog saved with the changes given. */
    async editEdition(id: number, changes: Record<string, unknown>): Promise<Record<string, unknown>> {
      return (await ok('PUT', `/api/admin/retreats/${id}`, { ...(await fixture.editionForm(id)), ...changes })).retreat;
    },
    /** A visitor's request through the booking form's API; answers its id and whether it went on the waiting list. */
    async request(edition: { edition: string | null }, overrides: Partial<BookingRequestInput> = {}, by?: GuestBrowser) {
      const body = validBooking({ retreatMonth: edition.edition!, ...overrides });
      const res = await read(by ? await by.post('/api/bookings', body) : await app.post('/api/bookings', body));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { id: res.body.bookingId as number, waitingList: res.body.waitingList as boolean };
    },
    /** A party of `people` (the guest and companions). */
    party(people: number): Partial<BookingRequestInput> {
      const companions = Array.from({ length: people - 1 }, (_, i) => ({ firstName: `Kaaslane ${'ABCDEFGHIJ'[i % 10]}`, lastName: 'Tamm', birthday: `1988-04-0${(i % 9) + 1}`, age: '' }));
      return people > 1 ? ({ travelWith: 'with-companions', companions } as Partial<BookingRequestInput>) : {};
    },
    /** The detail's edit dialog saved with the changes given (amounts as the form types them: see `euros`). */
    async edit(id: number, changes: Record<string, unknown>) {
      return (await ok('PATCH', `/api/admin/bookings/${id}`, editOf(await detail(id), changes))).booking;
    },
    /**
     * A request brought to `state` as the organiser brings one there: confirmed, put on the waiting list, or cancelled
     * ("request" leaves it as it came; a request for a full edition is waiting already). `by`: a signed-in guest's
     * browser, whose account the booking is then.
     */
    async bookingIn(state: BookingState, edition: { edition: string | null }, overrides: Partial<BookingRequestInput> = {}, by?: GuestBrowser): Promise<number> {
      const { id, waitingList } = await fixture.request(edition, overrides, by);
      if (state === 'confirmed') await fixture.confirm(id);
      // A request for more places than are left is on the waiting list already.
      if (state === 'waiting' && !waitingList) expect((await fixture.putOnWaitingList(id)).status).toBe(200);
      if (state === 'cancelled') await fixture.cancel(id);
      expect((await detail(id)).state).toBe(state);
      return id;
    },
    /** The guest's travel details for one person of their booking, saved in the portal as the guest types them. */
    async travelDetails(guest: { b: { send(method: 'PUT', path: string, body: unknown): Promise<Response> } }, id: number, position: number, details: Record<string, string | null>) {
      const answer = await read(await guest.b.send('PUT', `/api/me/bookings/${id}/people/${position}`, details));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.person;
    },
    async confirm(id: number, overrideCapacity = false) {
      return (await ok('PATCH', `/api/admin/bookings/${id}`, { ...editOf(await detail(id), { status: 'confirmed' }), ...(overrideCapacity ? { overrideCapacity: true } : {}) })).booking;
    },
    /** Sets the booking's total (cents), and its services and companions' prices when given, as the detail's editors do. */
    async price(id: number, p: { totalCents?: number; services?: { name: string; priceCents: number }[]; companionPrices?: (number | null)[] }) {
      if (p.totalCents !== undefined) await ok('PATCH', `/api/admin/bookings/${id}`, editOf(await detail(id), { totalAmount: euros(p.totalCents) }));
      if (p.services) {
        await ok('PUT', `/api/admin/bookings/${id}/services`, { version: (await detail(id)).version, services: p.services.map((s) => ({ name: s.name, price: euros(s.priceCents) })) });
      }
      if (p.companionPrices) {
        const companions = p.companionPrices.map((cents, index) => ({ index, customPrice: cents === null ? null : euros(cents) }));
        await ok('PUT', `/api/admin/bookings/${id}/companions`, { version: (await detail(id)).version, companions });
      }
      return detail(id);
    },
    /** Money in (or, with `refund`, out), typed by the admin on the clock's day; an overpayment is confirmed. */
    async pay(id: number, cents: number, { refund = false, method = 'bank_transfer' } = {}) {
      return ok('POST', `/api/admin/bookings/${id}/payments`, { kind: refund ? 'refund' : 'payment', amount: euros(cents), overpayment: true, method, receivedOn: now.toISOString().slice(0, 10) });
    },
    /** A request for two priced by the organiser: see ./priced-booking.ts. */
    async pricedBooking(guest: Partial<BookingRequestInput> = {}, by?: GuestBrowser): Promise<number> {
      return pricedBooking(fixture, guest, by);
    },
    async cancellationPreview(id: number) {
      return ok('GET', `/api/admin/bookings/${id}/cancellation`);
    },
    /** "Tühista broneering": the refund the terms give today, unless another is given (cents). */
    async cancel(id: number, refundCents?: number) {
      const preview = await ok('GET', `/api/admin/bookings/${id}/cancellation`);
      return ok('POST', `/api/admin/bookings/${id}/cancel`, { version: preview.version, refund: euros(refundCents ?? preview.quote.refundCents), method: 'bank_transfer', reason: 'Testi tühistamine' });
    },
    async move(id: number, retreatId: number, extra: { paymentPlan?: PaymentPlan; overrideRegistration?: boolean } = {}) {
      return api('POST', `/api/admin/bookings/${id}/move`, { version: (await detail(id)).version, retreatId, ...extra });
    },
    async promote(id: number) {
      return api('POST', `/api/admin/bookings/${id}/promote`, { version: (await detail(id)).version });
    },
    async putOnWaitingList(id: number) {
      return api('POST', `/api/admin/bookings/${id}/waiting-list`, { version: (await detail(id)).version });
    },
    async changePlan(id: number, paymentPlan: PaymentPlan) {
      return api('PUT', `/api/admin/bookings/${id}/plan`, { version: (await detail(id)).version, paymentPlan });
    },
    async invoice(id: number) {
      return (await ok('POST', `/api/admin/bookings/${id}/invoices`, { version: (await detail(id)).version, buyer: { name: 'Mari Maasikas', email: 'mari@example.com' } })).invoice;
    },
    /** The scheduler's passes, as the hosts run them on the clock's day. */
    jobs: {
      markOverdue: () => markOverdueBookings(app.deps),
    },
    /**
     * Mail through the real SendGrid transport to a local stand-in of SendGrid (tests/mocks/sendgrid.ts), closed with
     * the fixture; `timeoutMs` is the transport's own timeout.
     */
    async sendGrid({ timeoutMs = 2000 } = {}) {
      const stub = await startSendGridStub();
      stubs.push(stub);
      app.deps.mail = sendGridTransport({ apiKey: 'SG.test-key', from: 'Uus algus <info@example.com>', apiUrl: stub.url, timeoutMs });
      return stub;
    },
    async close() {
      // The stand-ins first: a message hanging on one is then let go, and the app's background work settles.
      for (const stub of stubs) await stub.close();
      await app.close();
    },
  };
  return fixture;
}

export type ApiFixture = Awaited<ReturnType<typeof startApiFixture>>;

/**
 * The fixture for each test of the file: a fresh app before each, closed after. Read its fields inside the tests
 * (the object is refilled before each one). Options known only once the file's own `beforeAll` ran (a stub's
 * address) are given as a function.
 */
export function useApiFixture(options: FixtureOptions | (() => FixtureOptions) = {}): ApiFixture {
  let current: ApiFixture | undefined;
  beforeEach(async () => {
    current = await startApiFixture(typeof options === 'function' ? options() : options);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  // Each read goes to this test's fixture (and sees a field it changed, such as the admin after the clock moved).
  return new Proxy({} as ApiFixture, { get: (_, key) => (current as unknown as Record<PropertyKey, unknown>)[key] });
}

export type { TestApp };
export { readJson };
