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

/** Each part's name in the genitive, for "… tähtaeg" ("ettemaksu tähtaeg", "jäägi tähtaeg"). */
export const SCHEDULE_PART_GENITIVES: Record<SchedulePart, string> = {
  advance: 'ettemaksu',
  balance: 'jäägi',
  full: 'kogu summa',
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

