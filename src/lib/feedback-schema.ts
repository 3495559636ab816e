/** The feedback form's schemas (issue 24): the API validates with these, the form's validation chunk resolves with them. */
import * as z from 'zod';
import { FEEDBACK_COMMENT_MAX, FEEDBACK_TEXTS } from './feedback';
import { sanitizeFreeText } from './validation/sanitize';

const token = z.string().trim().min(20, FEEDBACK_TEXTS.tokenMissing).max(2000, FEEDBACK_TEXTS.tokenMissing);

/** POST /api/feedback/open. */
export const feedbackOpenSchema = z.strictObject({ token });

/** POST /api/feedback: the answer. The rating comes from radio buttons as text ("1"–"5") or as a number. */
export const feedbackSchema = z.strictObject({
  token,
  rating: z.coerce
    .number({ error: FEEDBACK_TEXTS.ratingRequired })
    .int(FEEDBACK_TEXTS.ratingRequired)
    .min(1, FEEDBACK_TEXTS.ratingRequired)
    .max(5, FEEDBACK_TEXTS.ratingRequired),
  comment: z
    .string()
    .max(FEEDBACK_COMMENT_MAX * 2, FEEDBACK_TEXTS.commentTooLong)
    .optional()
    // The public free-text rule (angle brackets and script blocks go, as on the contact and booking forms); its cap
    // is the refusal's own bound above, so a comment too long is refused, never cut.
    .transform((value) => sanitizeFreeText(value ?? '', FEEDBACK_COMMENT_MAX * 2))
    .pipe(z.string().max(FEEDBACK_COMMENT_MAX, FEEDBACK_TEXTS.commentTooLong))
    .transform((value) => value || null),
  mayQuote: z.boolean().default(false),
});
export type FeedbackInput = z.input<typeof feedbackSchema>;
export type FeedbackValues = z.output<typeof feedbackSchema>;

