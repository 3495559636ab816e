/**
 * /minu-broneeringud (issue "Guest portal"): a signed-in guest's own bookings, one booking's page (`?broneering=<id>`:
 * payments, invoices, travel details per person, cancellation request, e-mails), and their data (download, delete).
 * Signed out, it says so and links to /auth, which brings them back here.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { loadSession, onAuthMessage, type Session } from '../../lib/auth/session-client';
import { PORTAL_PATH } from '../../lib/portal';
import { isRetryable } from '../api/request-error';
import { lazyComponent } from '../lazy-component';
import { Toaster } from '../toast';
import { BookingsList } from './bookings-list';
import { MyData } from './my-data';
import { BookingPending } from './parts';

/**
 * A booking's page (its travel-details and cancellation forms, react-hook-form) loads when one is opened, not with
 * the list; a link straight to one starts loading it beside the session check.
 */
const BookingPage = lazyComponent(
  () => import('./booking-page').then((m) => m.BookingPage),
  ({ onBack }) => <BookingPending onBack={onBack} />,
);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: (failures, error) => failures < 2 && isRetryable(error), staleTime: 30_000, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});

function bookingFromUrl(): number | null {
  const raw = new URLSearchParams(location.search).get('broneering');
  return raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}

type SessionState = { state: 'loading' } | { state: 'out' } | { state: 'in'; session: Session };

export default function PortalApp() {
  const [auth, setAuth] = useState<SessionState>({ state: 'loading' });
  const [bookingId, setBookingId] = useState<number | null>(null);

  useEffect(() => {
    const linked = bookingFromUrl();
    if (linked !== null) BookingPage.preload();
    setBookingId(linked);
    const load = () => loadSession().then((session) => setAuth(session ? { state: 'in', session } : { state: 'out' }), () => setAuth({ state: 'out' }));
    void load();
    const stop = onAuthMessage((message) => (message.type === 'signed-out' ? setAuth({ state: 'out' }) : void load()));
    const onPop = () => setBookingId(bookingFromUrl());
    window.addEventListener('popstate', onPop);
    return () => {
      stop();
      window.removeEventListener('popstate', onPop);
    };
  }, []);

  const open = (id: number | null) => {
    history.pushState(null, '', id === null ? PORTAL_PATH : `${PORTAL_PATH}?broneering=${id}`);
    setBookingId(id);
  };
  const sessionOver = () => setAuth({ state: 'out' });

  return (
    <QueryClientProvider client={queryClient}>
      {auth.state === 'loading' ? (
        <p role="status" className="text-ink-600">
          Laadin Teie broneeringuid...
        </p>
      ) : auth.state === 'out' ? (
        <SignedOut />
      ) : bookingId !== null ? (
        <BookingPage id={bookingId} onBack={() => open(null)} onSessionOver={sessionOver} />
      ) : (
        <div className="space-y-10">
          <BookingsList email={auth.session.user.email} onOpen={open} />
          <MyData onSessionOver={sessionOver} />
        </div>
      )}
      <Toaster />
    </QueryClientProvider>
  );
}

function SignedOut() {
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <div className="card space-y-4 p-6">
      <h2 className="text-2xl text-lagoon-900">Logige sisse, et näha oma broneeringuid</h2>
      <p className="text-ink-600">
        Siin näete oma retriidi broneeringuid, makseid ja arveid ning saate täita reisiandmed. Logige sisse sama e-posti aadressiga, millega broneerisite.
      </p>
      <a href={`/auth?next=${next}`} className="btn-primary">
        Logi sisse
      </a>
    </div>
  );
}
