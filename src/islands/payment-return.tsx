/**
 * The return page's island (/makse, issue "Pay online"): Montonio sends the guest back with `?order-token=`; the
 * island hands it to the API's return endpoint, which verifies it, applies it and, while the notification has not
 * arrived, asks Montonio itself. The outcome comes from the product's own state: paid, still pending (checked again
 * a few times, and on request), abandoned or failed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { PORTAL_PATH } from '../lib/portal';

type Outcome = 'paid' | 'pending' | 'abandoned' | 'failed';
type State = { kind: 'loading' } | { kind: 'done'; outcome: Outcome; bookingId: number } | { kind: 'error'; message: string; retry: boolean };

/** While pending, the page asks again this many times, this far apart, before leaving it to the guest. */
const AUTO_CHECKS = 5;
const CHECK_EVERY_MS = 3000;

const TEXTS: Record<Outcome, { title: string; body: string }> = {
  paid: { title: 'Makse õnnestus', body: 'Täname! Makse on kätte saadud ja märgitud Teie broneeringule.' },
  pending: {
    title: 'Makse ootab kinnitust',
    body: 'Pank ei ole makset veel kinnitanud. See võtab tavaliselt mõne minuti; kontrollime uuesti. Palun ärge makske teist korda.',
  },
  abandoned: { title: 'Makse katkestati', body: 'Makset ei tehtud. Võite proovida uuesti oma broneeringu lehelt või tasuda pangaülekandega.' },
  failed: { title: 'Makse ebaõnnestus', body: 'Pank ei kinnitanud makset ja raha ei võetud. Võite proovida uuesti või tasuda pangaülekandega.' },
};

async function check(token: string): Promise<State> {
  let res: Response;
  try {
    res = await fetch(`/api/payments/montonio/return?order-token=${encodeURIComponent(token)}`, { headers: { Accept: 'application/json' } });
  } catch {
    return { kind: 'error', message: 'Ühendus serveriga katkes. Kontrollige internetiühendust ja proovige uuesti.', retry: true };
  }
  const body = (await res.json().catch(() => null)) as { outcome?: Outcome; bookingId?: number; error?: { message?: string } } | null;
  if (res.ok && body?.outcome && typeof body.bookingId === 'number') return { kind: 'done', outcome: body.outcome, bookingId: body.bookingId };
  return {
    kind: 'error',
    message: body?.error?.message ?? 'Makse seisu ei õnnestunud kontrollida.',
    // A refused token stays refused; a server error may pass.
    retry: res.status >= 500,
  };
}

export default function PaymentReturn() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [checking, setChecking] = useState(false);
  const checks = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const token = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('order-token');

  const run = useCallback(async () => {
    if (!token) {
      setState({ kind: 'error', message: 'Makse andmed puuduvad. Avage oma broneering, et näha makse seisu.', retry: false });
      return;
    }
    setChecking(true);
    setState(await check(token));
    setChecking(false);
  }, [token]);

  useEffect(() => {
    void run();
  }, [run]);

  // Still pending: ask again a few times on its own.
  useEffect(() => {
    if (state.kind !== 'done' || state.outcome !== 'pending' || checks.current >= AUTO_CHECKS) return;
    const timer = setTimeout(() => {
      checks.current += 1;
      void run();
    }, CHECK_EVERY_MS);
    return () => clearTimeout(timer);
  }, [state, run]);

  const settled = state.kind === 'done' ? `${state.kind}-${state.outcome}` : state.kind;
  useEffect(() => {
    if (settled !== 'loading') heading.current?.focus();
  }, [settled]);

  if (state.kind === 'loading') {
    return (
      <p role="status" className="text-ink-600">
        Kontrollin makse seisu...
      </p>
    );
  }

  if (state.kind === 'error') {
    return (
      <div role="alert" className="card space-y-4 p-6">
        <h2 ref={heading} tabIndex={-1} className="text-2xl text-lagoon-900 focus:outline-none">
          Makse seisu ei õnnestunud kontrollida
        </h2>
        <p>{state.message}</p>
        <div className="flex flex-wrap gap-3">
          {state.retry && (
            <button type="button" className="btn-primary" disabled={checking} onClick={() => void run()}>
              Proovi uuesti
            </button>
          )}
          <a href={PORTAL_PATH} className="btn-outline">
            Minu broneeringud
          </a>
        </div>
      </div>
    );
  }

  const text = TEXTS[state.outcome];
  const bookingLink = `${PORTAL_PATH}?broneering=${state.bookingId}`;
  return (
    <div className="card space-y-4 p-6" data-payment-outcome={state.outcome}>
      <h2 ref={heading} tabIndex={-1} className="text-2xl text-lagoon-900 focus:outline-none">
        {text.title}
      </h2>
      <p role="status">{text.body}</p>
      <div className="flex flex-wrap gap-3">
        {state.outcome === 'pending' && (
          <button type="button" className="btn-primary" disabled={checking} onClick={() => void run()}>
            {checking ? 'Kontrollin...' : 'Kontrolli uuesti'}
          </button>
        )}
        <a href={bookingLink} className={state.outcome === 'pending' ? 'btn-outline' : 'btn-primary'}>
          Vaata broneeringut
        </a>
      </div>
    </div>
  );
}
