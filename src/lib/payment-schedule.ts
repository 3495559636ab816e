/**
 * A booking's payment schedule as the screens show it: its parts and their Estonian names. The rule that makes it
 * is worker/domain/money/schedule.ts.
 */

export type SchedulePart = 'advance' | 'balance' | 'full';

export const SCHEDULE_PART_LABELS: Record<SchedulePart, string> = { advance: 'Ettemaks', balance: 'Jääk', full: 'Kogu summa' };

export interface ScheduleItem {
  part: SchedulePart;
  dueOn: string;
  amountCents: number;
  paidCents: number;
  outstandingCents: number;
  overdue: boolean;
}

