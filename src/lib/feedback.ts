/**
 * Feedback after an edition ends (issue 24): the public form's contract (a rating 1–5, a text, and permission to quote
 * it on the site, unticked by default), its Estonian texts, and the back office's view of the answers. The form is
 * reached by a signed link from the feedback request e-mail; the token travels in the page address's fragment.
 */
import * as z from 'zod';
import { cleanMessageText } from './admin/message-fields';

/** The public page; the e-mail's link is this with `#token=…`. */
export const FEEDBACK_PATH = '/tagasiside';
export const FEEDBACK_COMMENT_MAX = 3000;

export const FEEDBACK_TEXTS = {
  ratingRequired: 'Valige hinne 1 kuni 5.',
  commentTooLong: `Tekst võib olla kuni ${FEEDBACK_COMMENT_MAX} märki.`,
  tokenMissing: 'Link on vigane. Avage tagasiside vorm e-kirjas olevast lingist.',
  sent: { title: 'Aitäh tagasiside eest!', description: 'Teie vastus jõudis meieni.' },
  failedTitle: 'Tagasiside saatmine ebaõnnestus',
  alreadyGiven: 'Olete selle retriidi kohta juba tagasisidet andnud. Aitäh!',
  mayQuoteLabel: 'Luban oma tagasisidet (eesnime ja teksti) kodulehel tsiteerida',
} as const;

const token = z.string().trim().min(20, FEEDBACK_TEXTS.tokenMissing).max(2000, FEEDBACK_TEXTS.tokenMissing);

/** POST /api/feedback/open: what the link is for (the form greets the guest and names the edition). */
export const feedbackOpenSchema = z.strictObject({ token });

export interface FeedbackOpen {
  firstName: string;
  retreatName: string;
  /** Already answered: the form shows the thanks instead. */
  answered: boolean;
}

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
    .transform((value) => cleanMessageText(value ?? ''))
    .pipe(z.string().max(FEEDBACK_COMMENT_MAX, FEEDBACK_TEXTS.commentTooLong))
    .transform((value) => value || null),
  mayQuote: z.boolean().default(false),
});
export type FeedbackInput = z.input<typeof feedbackSchema>;
export type FeedbackValues = z.output<typeof feedbackSchema>;

/** One answer as the back office lists it. */
export interface FeedbackAnswer {
  id: number;
  bookingId: number;
  guestName: string;
  rating: number;
  comment: string | null;
  mayQuote: boolean;
  createdAt: string;
}

/** GET /api/admin/retreats/:id/feedback. */
export interface FeedbackSummary {
  items: FeedbackAnswer[];
  /** Feedback requests sent for the edition. */
  requested: number;
  /** The mean rating, one decimal; null without answers. */
  average: number | null;
}
