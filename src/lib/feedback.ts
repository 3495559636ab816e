/**
 * Feedback after an edition ends (issue 24): the public form's contract (a rating 1–5, a text, and permission to quote
 * it on the site, unticked by default), its Estonian texts, and the back office's view of the answers. The form is
 * reached by a signed link from the feedback request e-mail; the token travels in the page address's fragment.
 */
// No zod here: the page's island loads only these words; the schemas (./feedback-schema) come with the validation chunk.

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

/** POST /api/feedback/open: what the link is for (the form greets the guest and names the edition). */
export interface FeedbackOpen {
  firstName: string;
  retreatName: string;
  /** Already answered: the form shows the thanks instead. */
  answered: boolean;
}

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
