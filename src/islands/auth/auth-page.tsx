/**
 * /auth (visitor spec sections 2, 4, 5 and 8; issue 5): "Logi sisse" and "Registreeru" tabs, the forgot-password
 * panel, the "check your e-mail" step after sign-up, the e-mail confirmation landing (`/auth#confirm=<token>`) and
 * the set-new-password panel (`/auth#reset=<token>`). Link tokens are read from the fragment (never sent to a server
 * by the browser, never in a Referer), kept in memory and dropped from the address bar at once.
 *
 * A signed-in visitor is sent to /. After signing in: the `next` the admin guard passed (same-origin paths only),
 * else /.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Toaster } from '../toast';
import { AuthProvider, useAuth } from './auth-context';
import { AuthTabs, type Tab } from './auth-tabs';

// The panels besides the tabs load when shown (issue 40: /auth's 95 KB first load is the tabs'; a panel's chunk is
// a kilobyte or two, one request on a connection already open).
const CheckEmailPanel = lazy(() => import('./check-email-panel').then((m) => ({ default: m.CheckEmailPanel })));
const ConfirmPanel = lazy(() => import('./confirm-panel').then((m) => ({ default: m.ConfirmPanel })));
const ForgotPanel = lazy(() => import('./forgot-panel').then((m) => ({ default: m.ForgotPanel })));
const ResetPanel = lazy(() => import('./reset-panel').then((m) => ({ default: m.ResetPanel })));

type View =
  | { name: 'tabs'; tab: Tab }
  | { name: 'forgot' }
  | { name: 'check-email'; email: string }
  | { name: 'confirm'; token: string }
  | { name: 'reset'; token: string };

const HEADINGS: Record<View['name'], string> = {
  tabs: 'Tere tulemast',
  forgot: 'Salasõna lähtestamine',
  'check-email': 'Kontrollige oma e-posti',
  confirm: 'E-posti aadressi kinnitamine',
  reset: 'Uue salasõna määramine',
};

export default function AuthPage() {
  return (
    <AuthProvider>
      <AuthScreens />
      <Toaster />
    </AuthProvider>
  );
}

function AuthScreens() {
  const { user, loading } = useAuth();
  const [view, setView] = useState<View>({ name: 'tabs', tab: 'signin' });
  const [email, setEmail] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const arrivedWithToken = useRef(false);
  const firstView = useRef(true);
  const redirectChecked = useRef(false);

  // Link tokens from the fragment: into memory, out of the address bar (and the history entry). Also when a link is
  // opened in a tab that already shows /auth: that is only a fragment change, not a new page.
  useEffect(() => {
    const readFragment = (first: boolean) => {
      const params = new URLSearchParams(location.hash.slice(1));
      const confirm = params.get('confirm');
      const reset = params.get('reset');
      if (confirm || reset) {
        arrivedWithToken.current = true;
        history.replaceState(history.state, '', location.pathname + location.search);
        setView(confirm ? { name: 'confirm', token: confirm } : { name: 'reset', token: reset! });
      } else if (first && new URLSearchParams(location.search).get('tab') === 'signup') {
        setView({ name: 'tabs', tab: 'signup' });
      }
    };
    readFragment(true);
    const onHashChange = () => readFragment(false);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  // A signed-in visitor has nothing to do here (spec section 2), unless they came to confirm or reset.
  useEffect(() => {
    if (loading || redirectChecked.current) return;
    redirectChecked.current = true;
    if (user && !arrivedWithToken.current) location.replace('/');
  }, [loading, user]);

  // A new panel: move focus to its heading so screen readers hear where they are (not on the first render).
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    if (view.name !== 'tabs') headingRef.current?.focus();
  }, [view.name]);

  const showTab = (tab: Tab) => setView({ name: 'tabs', tab });

  let body: ReactNode;
  switch (view.name) {
    case 'tabs':
      body = (
        <AuthTabs
          tab={view.tab}
          onTab={showTab}
          email={email}
          onEmail={setEmail}
          onForgot={() => setView({ name: 'forgot' })}
          onSignedUp={(address) => {
            setEmail(address);
            setView({ name: 'check-email', email: address });
          }}
        />
      );
      break;
    case 'forgot':
      body = <ForgotPanel defaultEmail={email} onBack={() => showTab('signin')} />;
      break;
    case 'check-email':
      body = <CheckEmailPanel email={view.email} onBack={() => showTab('signin')} />;
      break;
    case 'confirm':
      body = <ConfirmPanel token={view.token} onSignIn={() => showTab('signin')} />;
      break;
    case 'reset':
      body = <ResetPanel token={view.token} onForgot={() => setView({ name: 'forgot' })} />;
      break;
  }

  return (
    <div data-auth-view={view.name}>
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl text-lagoon-900 focus:outline-none sm:text-4xl">
        {HEADINGS[view.name]}
      </h1>
      {view.name === 'tabs' && <p className="mt-2 text-ink-600">Logige sisse või looge uus konto.</p>}
      <div className="mt-6">
        {/* One boundary per view: the panel left is gone at once, not kept hidden while the next one loads. */}
        <Suspense key={view.name} fallback={<p role="status">Laadimine...</p>}>
          {body}
        </Suspense>
      </div>
    </div>
  );
}
