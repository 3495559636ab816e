/**
 * The return page's words and rules (/makse, issue "Pay online"): what each outcome of an online payment says, and
 * how often a pending one is asked about again. Browser-safe and framework-free: the page's script
 * (src/scripts/payment-return.ts) uses it, so the page ships no React.
 */
export type PaymentOutcome = 'paid' | 'pending' | 'abandoned' | 'failed';

export const PAYMENT_OUTCOME_TEXTS: Record<PaymentOutcome, { title: string; body: string }> = {
  paid: { title: 'Makse õnnestus', body: 'Täname! Makse on kätte saadud ja märgitud Teie broneeringule.' },
  pending: {
    title: 'Makse ootab kinnitust',
    body: 'Pank ei ole makset veel kinnitanud. See võtab tavaliselt mõne minuti; kontrollime uuesti. Palun ärge makske teist korda.',
  },
  abandoned: { title: 'Makse katkestati', body: 'Makset ei tehtud. Võite proovida uuesti oma broneeringu lehelt või tasuda pangaülekandega.' },
  failed: { title: 'Makse ebaõnnestus', body: 'Pank ei kinnitanud makset ja raha ei võetud. Võite proovida uuesti või tasuda pangaülekandega.' },
};

export const PAYMENT_RETURN_TEXTS = {
  checking: 'Kontrollin makse seisu...',
  recheck: 'Kontrolli uuesti',
  rechecking: 'Kontrollin...',
  errorTitle: 'Makse seisu ei õnnestunud kontrollida',
  noToken: 'Makse andmed puuduvad. Avage oma broneering, et näha makse seisu.',
  offline: 'Ühendus serveriga katkes. Kontrollige internetiühendust ja proovige uuesti.',
  failedCheck: 'Makse seisu ei õnnestunud kontrollida.',
  noScript: 'Makse seisu nägemiseks lubage brauseris JavaScript või avage oma broneering lehel „Minu broneeringud“.',
} as const;

/** While pending, the page asks again this many times, this far apart, before leaving it to the guest's button. */
export const AUTO_CHECKS = 5;
export const CHECK_EVERY_MS = 3000;

export type ReturnState = { kind: 'done'; outcome: PaymentOutcome; bookingId: number } | { kind: 'error'; message: string; retry: boolean };

const OUTCOMES: readonly string[] = ['paid', 'pending', 'abandoned', 'failed'];

/** The return endpoint's answer (status and parsed body) as the page's state. */
export function returnStateOf(status: number, body: unknown): ReturnState {
  const b = (body ?? {}) as { outcome?: unknown; bookingId?: unknown; error?: { message?: unknown } };
  if (status >= 200 && status < 300 && typeof b.outcome === 'string' && OUTCOMES.includes(b.outcome) && typeof b.bookingId === 'number') {
    return { kind: 'done', outcome: b.outcome as PaymentOutcome, bookingId: b.bookingId };
  }
  const message = typeof b.error?.message === 'string' ? b.error.message : PAYMENT_RETURN_TEXTS.failedCheck;
  // A refused token stays refused; a server error may pass.
  return { kind: 'error', message, retry: status >= 500 };
}
