import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/format';
import { ADVANCE_CENTS } from '../../src/lib/payment-rules';
import { paymentSchedule, reminderDue } from '../../worker/domain/money/schedule';

// The settings' rules: 300 € advance due 14 days after booking, the rest 60 days before the first day.
const START = '2026-06-14';
const BALANCE_DUE = '2026-04-15'; // 60 days before
const OWED = 129_900;

describe('paymentSchedule', () => {
  it('splits an early booking into the advance (14 days after booking) and the rest (60 days before the start)', () => {
    expect(paymentSchedule({ bookedOn: '2026-01-10', startDate: START, owedCents: OWED, paidCents: 0, today: '2026-01-10' })).toEqual([
      { part: 'advance', dueOn: '2026-01-24', amountCents: ADVANCE_CENTS, paidCents: 0, outstandingCents: ADVANCE_CENTS, overdue: false },
      { part: 'balance', dueOn: BALANCE_DUE, amountCents: OWED - ADVANCE_CENTS, paidCents: 0, outstandingCents: OWED - ADVANCE_CENTS, overdue: false },
    ]);
  });

  it('puts what was paid on the advance first, then the rest', () => {
    const [advance, balance] = paymentSchedule({ bookedOn: '2026-01-10', startDate: START, owedCents: OWED, paidCents: 50_000, today: '2026-01-10' });
    expect(advance).toMatchObject({ paidCents: ADVANCE_CENTS, outstandingCents: 0 });
    expect(balance).toMatchObject({ paidCents: 20_000, outstandingCents: OWED - 50_000 });
  });

  it.each([
    // booked on the day: advance due 14 days later, before the balance day → two parts
    ['2026-03-31', 2],
    // advance day equal to the balance day → everything at once
    ['2026-04-01', 1],
    // booked after the balance day → everything at once, one term later
    ['2026-05-01', 1],
  ])('booked on %s: %i part(s)', (bookedOn, parts) => {
    expect(paymentSchedule({ bookedOn, startDate: START, owedCents: OWED, paidCents: 0, today: bookedOn })).toHaveLength(parts);
  });

  it('a late booking owes everything one term after booking, but never after the first day', () => {
    expect(paymentSchedule({ bookedOn: '2026-05-01', startDate: START, owedCents: OWED, paidCents: 0, today: '2026-05-01' })[0]).toMatchObject({ part: 'full', dueOn: '2026-05-15', amountCents: OWED });
    expect(paymentSchedule({ bookedOn: '2026-06-09', startDate: START, owedCents: OWED, paidCents: 0, today: '2026-06-09' })[0]).toMatchObject({ part: 'full', dueOn: START });
  });

  it('no start date: everything one term after booking; nothing owed: no schedule', () => {
    expect(paymentSchedule({ bookedOn: '2026-01-10', startDate: null, owedCents: OWED, paidCents: 0, today: '2026-01-10' })).toEqual([
      { part: 'full', dueOn: '2026-01-24', amountCents: OWED, paidCents: 0, outstandingCents: OWED, overdue: false },
    ]);
    expect(paymentSchedule({ bookedOn: '2026-01-10', startDate: START, owedCents: 0, paidCents: 0, today: '2026-01-10' })).toEqual([]);
  });

  it('a part is overdue the day after its due day while money is owed on it, not on the day, not once paid', () => {
    const at = (today: string, paidCents = 0) => paymentSchedule({ bookedOn: '2026-01-10', startDate: START, owedCents: OWED, paidCents, today })[0]!.overdue;
    expect(at('2026-01-24')).toBe(false);
    expect(at('2026-01-25')).toBe(true);
    expect(at('2026-01-25', ADVANCE_CENTS)).toBe(false);
  });
});

describe('reminderDue', () => {
  const [advance] = paymentSchedule({ bookedOn: '2026-01-01', startDate: START, owedCents: OWED, paidCents: 0, today: '2026-01-01' });
  const due = advance!.dueOn; // 2026-01-15

  it.each([
    [addDays(due, -8), null],
    [addDays(due, -7), 'before'],
    [addDays(due, -6), 'before'],
    [addDays(due, -4), null],
    [due, 'due'],
    [addDays(due, 2), 'due'],
    [addDays(due, 3), 'after'],
    [addDays(due, 5), 'after'],
    [addDays(due, 6), null],
  ] as const)('on %s: %s', (today, stage) => {
    expect(reminderDue(advance!, '2026-01-01', today)).toBe(stage);
  });

  it('sends nothing for a stage before the booking was made, nor once the part is paid', () => {
    expect(reminderDue(advance!, addDays(due, -3), addDays(due, -3))).toBeNull();
    expect(reminderDue({ ...advance!, outstandingCents: 0 }, '2026-01-01', due)).toBeNull();
  });
});
