/**
 * POST /api/admin/retreats/:id/cancel's body (issue 24), shared by the cancel dialog and the API: the reason the
 * guests are told, required, and how the refunds go back. Apart from ./retreat-decision so that the dashboard, which
 * shows the decision's words, does not load zod.
 */
import * as z from 'zod';
import { TYPED_PAYMENT_METHODS } from '../enums';
import { sanitizeFreeText } from '../validation/sanitize';
import { DECISION_MESSAGES } from './retreat-decision';

/** POST /api/admin/retreats/:id/cancel: the reason the guests are told (required), and how the money goes back. */
export const retreatCancelSchema = z.strictObject({
  reason: z
    .string({ error: DECISION_MESSAGES.reasonRequired })
    .max(1000, DECISION_MESSAGES.reasonTooLong)
    .transform((v) => sanitizeFreeText(v))
    .refine((v) => v.length > 0, DECISION_MESSAGES.reasonRequired),
  method: z.enum(TYPED_PAYMENT_METHODS).default('bank_transfer'),
});
export type RetreatCancelInput = z.input<typeof retreatCancelSchema>;
export type RetreatCancelValues = z.output<typeof retreatCancelSchema>;

