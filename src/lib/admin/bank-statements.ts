/**
 * The bank-statement import's contract (issue "Collect"), shared by the "Pangaväljavõte" screen and the API: what
 * an upload answers per transaction, the review list and its two actions, and their Estonian words. Browser-safe.
 *
 * - POST /api/admin/bank-statements (multipart, the file in `file`) → StatementImportResult (201): a StatementImport
 *   per account the file has a statement of
 * - POST /api/admin/bank-statements/preview (the same body) → StatementPreview (the file's accounts; nothing written)
 * - GET  /api/admin/bank-statements?page= → ListPage<StatementSummary> (the imports so far, one per account)
 * - GET  /api/admin/bank-statements/:id → StatementImport (an earlier import's outcome, as stored)
 * - GET  /api/admin/bank-statements/review?q=&page= → ListPage<BankTransactionView> (what waits for an admin)
 * - POST /api/admin/bank-statements/review/:id/assign { bookingId } → { transaction: BankTransactionView }
 * - POST /api/admin/bank-statements/review/:id/dismiss { reason } → { transaction: BankTransactionView }
 *
 * The two actions' request schemas are here; everything the screens show, and the lists' queries, are
 * ./bank-statement-lists, which this module passes on.
 */
import * as z from 'zod';
import { BANK_STATEMENT_MESSAGES } from '../bank-statements';
import { countParam } from '../list-query';

export * from '../bank-statements';

export const assignInputSchema = z.object({
  bookingId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.optional(countParam(1, Number.MAX_SAFE_INTEGER))).pipe(z.number({ error: BANK_STATEMENT_MESSAGES.bookingRequired })),
});
export type AssignInput = z.input<typeof assignInputSchema>;

export const dismissInputSchema = z.object({
  reason: z.string({ error: BANK_STATEMENT_MESSAGES.reasonRequired }).trim().min(1, BANK_STATEMENT_MESSAGES.reasonRequired).max(500),
});
export type DismissInput = z.input<typeof dismissInputSchema>;
