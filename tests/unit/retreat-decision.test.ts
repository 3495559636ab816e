import { describe, expect, it } from 'vitest';
import { alertFrom, decisionAlert, decisionDay, decisionState, DECISION_MESSAGES } from '../../src/lib/admin/retreat-decision';
import { retreatCancelSchema } from '../../src/lib/admin/retreat-cancel';
import { balanceDueDay, planParts } from '../../src/lib/payment-plans';

/** The go/no-go's pure rules (issue 24): the decision day, the decision, the flag, the cancel body. */

describe('the decision day', () => {
  it('is the balance due day, 60 days before the start, the same day the plans put the balance on', () => {
    expect(balanceDueDay('2027-05-14')).toBe('2027-03-15');
    expect(decisionDay({ startDate: '2027-05-14', decisionOn: null })).toBe('2027-03-15');
    // The advance plan's balance part falls on that very day.
    const parts = planParts('advance', { bookedOn: '2026-11-26', startDate: '2027-05-14' }, 129_900, 30_000);
    expect(parts.find((p) => p.part === 'balance')!.dueOn).toBe(decisionDay({ startDate: '2027-05-14', decisionOn: null }));
  });

  it("is the admin's own day when set, and none without a start day", () => {
    expect(decisionDay({ startDate: '2027-05-14', decisionOn: '2027-04-01' })).toBe('2027-04-01');
    expect(decisionDay({ startDate: null, decisionOn: null })).toBeNull();
    expect(decisionDay({ startDate: null, decisionOn: '2027-04-01' })).toBe('2027-04-01');
  });
});

describe('the decision and its flag', () => {
  it('is open until confirmed or cancelled; a cancellation wins over an earlier confirmation', () => {
    expect(decisionState({ confirmedAt: null, cancelledAt: null })).toBe('open');
    expect(decisionState({ confirmedAt: '2027-03-01T10:00:00Z', cancelledAt: null })).toBe('confirmed');
    expect(decisionState({ confirmedAt: '2027-03-01T10:00:00Z', cancelledAt: '2027-04-01T10:00:00Z' })).toBe('cancelled');
  });

  it('flags an open decision from a week before its day, and as overdue once the day has passed', () => {
    const day = '2027-03-15';
    expect(alertFrom(day)).toBe('2027-03-08');
    expect(decisionAlert(day, 'open', '2027-03-07')).toBeNull();
    expect(decisionAlert(day, 'open', '2027-03-08')).toBe('soon');
    expect(decisionAlert(day, 'open', '2027-03-15')).toBe('soon');
    expect(decisionAlert(day, 'open', '2027-03-16')).toBe('overdue');
    expect(decisionAlert(day, 'confirmed', '2027-03-16')).toBeNull();
    expect(decisionAlert(day, 'cancelled', '2027-03-10')).toBeNull();
    expect(decisionAlert(null, 'open', '2027-03-10')).toBeNull();
  });
});

describe('the cancel body', () => {
  it('needs a reason, cleaned, at most 1000 characters; the refund goes back by bank transfer unless said otherwise', () => {
    expect(retreatCancelSchema.parse({ reason: '  Alla miinimumi  ' })).toEqual({ reason: 'Alla miinimumi', method: 'bank_transfer' });
    expect(retreatCancelSchema.parse({ reason: 'x', method: 'card' }).method).toBe('card');
    for (const body of [{}, { reason: '' }, { reason: ' \n ' }, { reason: 'x'.repeat(1001) }, { reason: 'x', extra: 1 }, { reason: 'x', method: 'iou' }]) {
      expect(retreatCancelSchema.safeParse(body).success, JSON.stringify(body).slice(0, 40)).toBe(false);
    }
    expect(retreatCancelSchema.safeParse({ reason: ' ' }).error!.issues.map((i) => i.message)).toEqual([DECISION_MESSAGES.reasonRequired]);
  });
});
