import { describe, expect, it } from 'vitest';
import { bookingTotals } from '../../worker/domain/money/balance';
import { adminBookingCreateSchema, bookingEditSchema, bookingListQuerySchema, companionPricesSchema, guestEditSchema, serviceInputSchema } from '../../src/lib/admin/bookings';
import { bookingStatusLabel, paymentStatusLabel, paymentStatusTone, roomSharingLabel, roomTypeLabel, statusesMatching } from '../../src/lib/labels';
import { accommodationTotal, nightsBetween } from '../../src/lib/admin/pricing';
import { centsToInput, moneyInput, nullableMoneyInput, parseMoney } from '../../src/lib/money';

describe('money typed by people → exact cents (no floating point)', () => {
  it.each([
    ['1299', 129900],
    ['1299.5', 129950],
    ['1299.50', 129950],
    ['1299,50', 129950],
    ['1 299,50', 129950],
    ['0.01', 1],
    ['0.1', 10],
    ['  45.5 ', 4550],
    ['999999999.99', 99999999999],
  ])('%j → %i', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
    expect(moneyInput.parse(text)).toBe(cents);
  });

  it.each(['12.345', '-1', '+1', '1e3', 'abc', '', '.5', '1.', '1,2,3', '0x10', '1000000000', 'NaN', 'Infinity'])('refuses %j', (text) => {
    expect(parseMoney(text)).toBeNull();
    expect(moneyInput.safeParse(text).success).toBe(false);
  });

  it('a JSON number is refused: euros or cents would be a guess', () => {
    expect(moneyInput.safeParse(12.5).success).toBe(false);
    expect(nullableMoneyInput.safeParse(1250).success).toBe(false);
  });

  it('empty optional amounts are null', () => {
    expect(nullableMoneyInput.parse('')).toBeNull();
    expect(nullableMoneyInput.parse('   ')).toBeNull();
    expect(nullableMoneyInput.parse(null)).toBeNull();
    expect(nullableMoneyInput.parse(undefined)).toBeNull();
  });

  it('cents back to an input value round-trips', () => {
    for (const cents of [0, 1, 10, 99, 100, 129950, 99999999999]) expect(parseMoney(centsToInput(cents))).toBe(cents);
    expect(centsToInput(null)).toBe('');
    expect(centsToInput(5)).toBe('0,05');
    expect(centsToInput(129950)).toBe('1299,50');
    expect(parseMoney('1299.50')).toBe(129950);
  });
});

describe('labels (admin spec section 4)', () => {
  it('known values in Estonian, unknown raw, empty "Määramata"', () => {
    expect(bookingStatusLabel('confirmed')).toBe('Kinnitatud');
    expect(bookingStatusLabel('archived')).toBe('archived');
    expect(bookingStatusLabel(null)).toBe('Määramata');
    expect(paymentStatusLabel('overdue')).toBe('Tähtaeg ületatud');
    expect(paymentStatusLabel('failed')).toBe('Makse ebaõnnestus');
    expect(paymentStatusLabel('refunded')).toBe('refunded');
    expect(roomTypeLabel('double')).toBe('Kahekohaline');
    expect(roomTypeLabel('private')).toBe('private');
    expect(roomTypeLabel('')).toBe('Määramata');
    expect(roomSharingLabel('shared')).toBe('Jagatud');
    expect(roomSharingLabel('private')).toBe('Eraldi');
    expect(roomSharingLabel(null)).toBe('Eraldi');
  });
  it('badges: paid green, pending yellow, partial blue, anything else red', () => {
    expect(['paid', 'pending', 'partial', 'overdue', 'failed', 'x'].map((v) => paymentStatusTone(v))).toEqual(['green', 'yellow', 'blue', 'red', 'red', 'red']);
  });
  it('a cancelled booking is settled, whatever its last payment status', () => {
    expect(paymentStatusLabel('partial', 'cancelled')).toBe('Tasaarveldatud');
    expect(paymentStatusTone('partial', 'cancelled')).toBe('grey');
    expect(paymentStatusLabel('partial', 'confirmed')).toBe('Osaliselt makstud');
  });
  it('status text search matches the raw value or the Estonian label', () => {
    expect(statusesMatching('ootel')).toEqual(['pending']);
    expect(statusesMatching('KINNIT')).toEqual(['confirmed']);
    expect(statusesMatching('cancel')).toEqual(['cancelled']);
    expect(statusesMatching('mari')).toEqual([]);
  });
});

describe('balance (admin spec section 9)', () => {
  it('total + services + companion custom prices − paid', () => {
    expect(
      bookingTotals({
        status: 'confirmed',
        waitingList: false,
        keptCents: null,
        totalAmountCents: 129900,
        amountPaidCents: 30000,
        additionalServices: [{ priceCents: 4550 }, { priceCents: 6000 }],
        companions: [{ customPriceCents: 85000 }, { customPriceCents: null }],
      }),
    ).toEqual({
      servicesCents: 10550,
      companionsCents: 85000,
      priceCents: 129900 + 10550 + 85000,
      billedCents: 129900 + 10550 + 85000,
      paidCents: 30000,
      remainingCents: 129900 + 10550 + 85000 - 30000,
      overpaidCents: 0,
      refundOwedCents: 0,
    });
  });
  it('absent amounts count as 0; what is paid beyond the bill is an overpayment, not a negative balance', () => {
    expect(bookingTotals({ status: 'confirmed', waitingList: false, keptCents: null, totalAmountCents: null, amountPaidCents: 100, additionalServices: [], companions: [] })).toMatchObject({ remainingCents: 0, overpaidCents: 100, refundOwedCents: 100 });
  });
  it('a cancelled booking owes nothing more; what its ledger holds beyond what the cancellation kept goes back', () => {
    expect(bookingTotals({ status: 'cancelled', waitingList: false, keptCents: 45800, totalAmountCents: 244300, amountPaidCents: 45800, additionalServices: [], companions: [] })).toMatchObject({
      billedCents: 45800,
      remainingCents: 0,
      overpaidCents: 0,
      refundOwedCents: 0,
    });
    expect(bookingTotals({ status: 'cancelled', waitingList: false, keptCents: 2500, totalAmountCents: 244300, amountPaidCents: 32500, additionalServices: [], companions: [] })).toMatchObject({ refundOwedCents: 30000 });
  });
  it('a waiting-list party is billed nothing and owes nothing; what it paid goes back', () => {
    expect(bookingTotals({ status: 'pending', waitingList: true, keptCents: null, totalAmountCents: 129900, amountPaidCents: 30000, additionalServices: [], companions: [] })).toMatchObject({
      priceCents: 129900,
      billedCents: 0,
      remainingCents: 0,
      overpaidCents: 0,
      refundOwedCents: 30000,
    });
  });
});

describe('admin-made booking price (admin spec section 9)', () => {
  it('whole days between the dates, rounded up, × the nightly rate', () => {
    expect(nightsBetween('2027-03-14', '2027-03-24')).toBe(10);
    expect(nightsBetween('2027-03-14T10:00:00Z', '2027-03-15T09:00:00Z')).toBe(1);
    expect(nightsBetween('2027-03-14T10:00:00Z', '2027-03-15T11:00:00Z')).toBe(2);
    expect(accommodationTotal('single', '2027-03-14', '2027-03-24')).toEqual({ nights: 10, totalCents: 150000 });
    expect(accommodationTotal('shared', '2027-03-14', '2027-03-24')!.totalCents).toBe(100000);
    expect(accommodationTotal('double', '2027-03-14', '2027-03-16')!.totalCents).toBe(40000);
    expect(accommodationTotal('double', '2027-03-16', '2027-03-16')).toBeNull();
    expect(accommodationTotal('double', '2027-03-17', '2027-03-16')).toBeNull();
  });
  it('across the spring clock change a night is still a night', () => {
    expect(nightsBetween('2027-03-27', '2027-03-29')).toBe(2);
  });
});

describe('admin schemas', () => {
  it('the list query: defaults, coercion from URL text, refusals', () => {
    expect(bookingListQuerySchema.parse({})).toEqual({ sort: '-created', page: 1, pageSize: 25 });
    expect(bookingListQuerySchema.parse({ q: ' Tamm ', status: 'confirmed', retreatId: '3', page: '2', pageSize: '50', sort: 'name' })).toEqual({
      q: 'Tamm',
      status: 'confirmed',
      retreatId: 3,
      page: 2,
      pageSize: 50,
      sort: 'name',
    });
    for (const bad of [{ sort: 'id; DROP TABLE bookings' }, { page: '0' }, { pageSize: '1000' }, { status: 'done' }, { retreatId: 'x' }]) {
      expect(bookingListQuerySchema.safeParse(bad).success).toBe(false);
    }
  });

  it('the edit: amounts as text to cents, empty texts and amounts to null', () => {
    const parsed = bookingEditSchema.parse({
      version: 3,
      status: 'confirmed',
      paymentStatus: 'partial',
      roomType: '',
      roomSharingPreference: 'shared',
      bedTypePreference: null,
      totalAmount: '1299.00',
      amountPaid: '300',
      depositAmount: '',
      specialRequests: '  ',
      comments: 'Helistab <b>homme</b>',
      extraFood: '',
    });
    expect(parsed).toMatchObject({ roomType: null, totalAmount: 129900, amountPaid: 30000, depositAmount: null, specialRequests: null, extraFood: null });
    expect(parsed.comments).toBe('Helistab bhomme/b'); // the shared sanitiser drops angle brackets
    const refused = bookingEditSchema.safeParse({ version: 3, status: 'confirmed', paymentStatus: 'paid', amountPaid: '12.345' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.find((i) => i.path[0] === 'amountPaid')?.message).toMatch(/kaks kohta pärast koma/);
  });

  it('a service: the spec messages for missing and invalid prices', () => {
    const message = (input: object) => serviceInputSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ name: '', price: '10' })).toBe('Palun täitke nõutavad väljad (nimi ja hind)');
    expect(message({ name: 'Massaaž', price: '' })).toBe('Palun täitke nõutavad väljad (nimi ja hind)');
    expect(message({ name: 'Massaaž', price: '0' })).toBe('Palun sisestage kehtiv hind');
    expect(message({ name: 'Massaaž', price: '-5' })).toBe('Palun sisestage kehtiv hind');
    expect(message({ name: 'Massaaž', price: 'tasuta' })).toBe('Palun sisestage kehtiv hind');
    expect(serviceInputSchema.parse({ name: ' Massaaž ', price: '45,5', startTime: '10:00', date: '2027-03-15' })).toEqual({
      name: 'Massaaž',
      priceCents: 4550,
      date: '2027-03-15',
      startTime: '10:00',
      endTime: null,
      address: null,
      serviceProvider: null,
    });
    expect(message({ name: 'Surf', price: '10', startTime: '25:00' })).toBe('Sisestage kellaaeg kujul tt:mm.');
  });

  it('companion prices by index, empty = no custom price', () => {
    expect(companionPricesSchema.parse({ version: 1, companions: [{ index: 0, customPrice: '850' }, { index: 1, customPrice: '' }] }).companions).toEqual([
      { index: 0, customPrice: 85000 },
      { index: 1, customPrice: null },
    ]);
  });

  it('the guest: shared name, e-mail and phone rules; groups that are all empty are null', () => {
    const parsed = guestEditSchema.parse({
      firstName: ' Mari ',
      lastName: 'Tamm',
      email: ' Mari@Example.com ',
      phone: '+372 5123 4567',
      dateOfBirth: '',
      dietaryPreferences: [' taimetoit', '', 'gluteenivaba '],
      emergencyContact: { name: '', phone: '', relationship: '' },
      healthInfo: { allergies: 'pähklid' },
    });
    expect(parsed).toMatchObject({
      firstName: 'Mari',
      email: 'mari@example.com',
      phone: '+37251234567',
      dateOfBirth: null,
      dietaryPreferences: ['taimetoit', 'gluteenivaba'],
      emergencyContact: null,
      healthInfo: { medicalConditions: null, medications: null, allergies: 'pähklid' },
    });
    expect(guestEditSchema.safeParse({ firstName: 'M', lastName: 'Tamm' }).error?.issues[0]?.message).toBe('Name must be at least 2 characters');
    expect(guestEditSchema.safeParse({ firstName: 'Mari', lastName: 'Tamm', dateOfBirth: '1990-02-30' }).success).toBe(false);
  });

  it('the admin-made booking: required fields, dates in order, no past days', () => {
    const schema = adminBookingCreateSchema('2027-01-10');
    const messages = (input: object) => schema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(messages({})).toEqual(
      expect.arrayContaining(['guestId: Palun täitke kõik kohustuslikud väljad', 'checkInDate: Palun täitke kõik kohustuslikud väljad', 'roomType: Palun täitke kõik kohustuslikud väljad']),
    );
    const base = { guestId: 'g-1', checkInDate: '2027-01-12', checkOutDate: '2027-01-20', roomType: 'single' };
    expect(messages({ ...base, checkOutDate: '2027-01-12' })).toEqual(['checkOutDate: Lahkumise kuupäev peab olema saabumisest hiljem']);
    expect(messages({ ...base, checkInDate: '2027-01-09' })).toEqual(['checkInDate: Möödunud kuupäeva ei saa valida']);
    expect(messages({ ...base, checkInDate: '2027-01-10' })).toEqual([]);
    expect(schema.parse({ ...base, totalAmount: '1' })).toEqual({ ...base, retreatId: null, paymentStatus: 'pending', paymentPlan: null, specialRequests: null, adminNotes: null });
  });
});
