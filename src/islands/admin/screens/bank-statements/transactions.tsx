/**
 * A statement's transactions as the screens show them, in an upload's answer, an earlier import and the review list:
 * the outcome totals, and the table's columns (few and narrow, so the table fits 1280 px beside the navigation).
 */
import {
  BANK_OUTCOME_LABELS,
  BANK_OUTCOMES,
  reviewReasonLabel,
  type BankOutcome,
  type BankTransactionView,
  type OutcomeTotals,
} from '../../../../lib/bank-statements';
import { formatCount, formatDate, formatDateTime, formatMoney } from '../../../../lib/format';
import { AppLink } from '../../shell';
import { Badge, type BadgeTone } from '../../ui/badge';
import type { DataColumn } from '../../ui/data-table';

/** A table row: the line number keys it (a duplicate has no id of its own). */
export interface TransactionRow {
  id: number | string;
  tx: BankTransactionView;
}

export const transactionRows = (transactions: readonly BankTransactionView[]): TransactionRow[] =>
  transactions.map((tx) => ({ id: tx.id ?? `line-${tx.line}`, tx }));

/** Applied green, partial blue, overpaid yellow, waiting red; what changes nothing grey. */
export const OUTCOME_TONES: Record<BankOutcome, BadgeTone> = {
  matched: 'green',
  assigned: 'green',
  partial: 'blue',
  overpaid: 'yellow',
  review: 'red',
  dismissed: 'grey',
  debit: 'grey',
  duplicate: 'grey',
};

/** Money out shows as negative. */
export const signedCents = (tx: Pick<BankTransactionView, 'direction' | 'amountCents'>) => (tx.direction === 'debit' ? -tx.amountCents : tx.amountCents);

/** Text longer than this is cut in the table, the whole of it one click (or Enter) away. */
const TEXT_PREVIEW = 60;

function Explanation({ text }: { text: string }) {
  if (!text) return null;
  if (text.length <= TEXT_PREVIEW) return <span className="text-xs break-words text-ink-600">{text}</span>;
  return (
    <details className="group text-xs text-ink-600">
      <summary className="cursor-pointer break-words">
        <span className="group-open:hidden">{text.slice(0, TEXT_PREVIEW).trimEnd()}…</span>
        <span className="hidden group-open:inline">Peida</span>
        <span className="sr-only"> (kogu selgitus)</span>
      </summary>
      <span className="mt-1 block break-words" data-full-text>
        {text}
      </span>
    </details>
  );
}

function Outcome({ tx }: { tx: BankTransactionView }) {
  const resolved = tx.outcome === 'assigned' || tx.outcome === 'dismissed';
  return (
    <span className="flex flex-col items-start gap-1" data-outcome={tx.outcome}>
      <Badge tone={OUTCOME_TONES[tx.outcome]}>{BANK_OUTCOME_LABELS[tx.outcome]}</Badge>
      {tx.reviewReason && (tx.outcome === 'review' || resolved) && (
        <span className="text-xs text-ink-600" data-review-reason={tx.reviewReason}>
          {reviewReasonLabel(tx.reviewReason, tx.account)}
        </span>
      )}
      {tx.outcome === 'dismissed' && tx.resolutionNote && <span className="text-xs break-words text-ink-900">Põhjus: {tx.resolutionNote}</span>}
      {resolved && (tx.resolvedBy || tx.resolvedAt) && (
        <span className="text-xs text-ink-600">{[tx.resolvedBy, tx.resolvedAt ? formatDateTime(tx.resolvedAt) : null].filter(Boolean).join(', ')}</span>
      )}
    </span>
  );
}

function Bookings({ tx }: { tx: BankTransactionView }) {
  if (tx.allocations.length === 0) {
    return tx.namedBookingId !== null ? (
      <AppLink href={`/admin/bookings/${tx.namedBookingId}`} className="whitespace-nowrap text-lagoon-800 underline underline-offset-2">
        Broneering #{tx.namedBookingId}
      </AppLink>
    ) : (
      <span className="text-ink-600">–</span>
    );
  }
  const split = tx.allocations.length > 1;
  return (
    <ul role="list" className="space-y-1">
      {tx.allocations.map((a) => (
        <li key={a.paymentId} className="flex flex-col">
          <AppLink href={`/admin/bookings/${a.bookingId}`} className="text-lagoon-800 underline underline-offset-2">
            {a.guestName || `Broneering #${a.bookingId}`}
          </AppLink>
          {split && <span className="text-xs whitespace-nowrap text-ink-600 tabular-nums">{formatMoney(a.amountCents)}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The columns of a transactions table; `statementLink` adds a link to the import under the line (the review list). */
export function transactionColumns({ statementLink = false } = {}): DataColumn<TransactionRow>[] {
  return [
    {
      id: 'line',
      header: 'Rida',
      isRowHeader: true,
      cell: ({ tx }) => (
        <span className="flex flex-col">
          <span className="tabular-nums">
            <span className="sr-only">Rida </span>
            {tx.line}
          </span>
          {statementLink && tx.statementId !== null && (
            <AppLink href={`/admin/bank-statements/${tx.statementId}`} className="text-xs text-lagoon-800 underline underline-offset-2">
              väljavõte<span className="sr-only"> {tx.statementId}</span>
            </AppLink>
          )}
        </span>
      ),
      className: 'w-0',
    },
    { id: 'day', header: 'Kuupäev', cell: ({ tx }) => formatDate(tx.bookedOn), className: 'whitespace-nowrap tabular-nums' },
    {
      id: 'payer',
      header: 'Maksja',
      cell: ({ tx }) => (
        <span className="flex flex-col">
          <span className="break-words">{tx.counterpartyName ?? '–'}</span>
          {tx.counterpartyAccount && <span className="text-xs break-words text-ink-600">{tx.counterpartyAccount}</span>}
        </span>
      ),
      className: 'min-w-32 max-w-48',
    },
    {
      id: 'amount',
      header: 'Summa',
      cell: ({ tx }) => (
        <span className={tx.direction === 'debit' ? 'text-rose-800' : undefined} data-amount>
          {formatMoney(signedCents(tx), tx.currency)}
        </span>
      ),
      className: 'text-right tabular-nums whitespace-nowrap',
    },
    {
      id: 'reference',
      header: 'Viide/selgitus',
      cell: ({ tx }) => (
        <span className="flex flex-col gap-0.5">
          {tx.reference && <span className="break-words tabular-nums">{tx.reference}</span>}
          <Explanation text={tx.text} />
          {tx.archiveId && <span className="text-xs break-words text-ink-600">Arhiivitunnus {tx.archiveId}</span>}
          {!tx.reference && !tx.text && !tx.archiveId && <span className="text-ink-600">–</span>}
        </span>
      ),
      className: 'min-w-40 max-w-60',
    },
    { id: 'outcome', header: 'Tulemus', cell: ({ tx }) => <Outcome tx={tx} />, className: 'min-w-36 max-w-52' },
    { id: 'booking', header: 'Broneering', cell: ({ tx }) => <Bookings tx={tx} />, className: 'min-w-28 max-w-44' },
  ];
}

/** "Seotud: 3 · 1 299,00 €" per outcome that occurred, in the contract's order; each currency summed apart. */
export function OutcomeTotalsList({ totals }: { totals: OutcomeTotals }) {
  const present = BANK_OUTCOMES.filter((o) => totals[o].count > 0);
  if (present.length === 0) return null;
  return (
    <dl className="flex flex-wrap gap-3">
      {present.map((outcome) => (
        <div key={outcome} className="rounded-2xl bg-sand-50 px-4 py-2 ring-1 ring-sand-200" data-total={outcome}>
          <dt className="inline font-semibold text-ink-900">{BANK_OUTCOME_LABELS[outcome]}:</dt>{' '}
          <dd className="inline tabular-nums">
            {formatCount(totals[outcome].count)} ·{' '}
            {totals[outcome].amounts.map((a) => formatMoney(outcome === 'debit' ? -a.cents : a.cents, a.currency)).join(' + ')}
          </dd>
        </div>
      ))}
    </dl>
  );
}
