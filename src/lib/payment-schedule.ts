/**
 * A booking's payment schedule as the screens show it: its parts and their Estonian names. The rule that makes it
 * is worker/domain/money/schedule.ts.
 */

export const SCHEDULE_PARTS = ['advance', 'balance', 'full', 'instalment1', 'instalment2', 'instalment3'] as const;
export type SchedulePart = (typeof SCHEDULE_PARTS)[number];

export const SCHEDULE_PART_LABELS: Record<SchedulePart, string> = {
  advance: 'Ettemaks',
  balance: 'Jääk',
  full: 'Kogu summa',
  instalment1: '1. osamakse',
  instalment2: '2. osamakse',
  instalment3: '3. osamakse',
};

export interface ScheduleItem {
  part: SchedulePart;
  dueOn: string;
  amountCents: number;
  paidCents: number;
  outstandingCents: number;
  overdue: boolean;
}

