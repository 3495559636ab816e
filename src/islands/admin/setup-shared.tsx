/**
 * Shared by /create-main-admin and /admin-setup (admin spec sections 2 and 6, DESIGN section 8): the setup token from
 * the link's fragment (`#token=…`, as the Node host prints it), kept in memory and dropped from the address bar;
 * whether an admin exists already; the screens for "no token" and "Admin Already Set Up".
 *
 * The screens are Estonian like the rest of the back office (admin spec: the interface language is Estonian, and the
 * page says so); the spec's own English messages ('Admin Already Set Up', the toasts) stay word for word.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '../toast';
import { Spinner } from './shell';

/** The setup token from `#token=…`; undefined until read, null when the link had none. */
export function useSetupToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const value = new URLSearchParams(location.hash.slice(1)).get('token');
    if (value) history.replaceState(history.state, '', location.pathname + location.search);
    setToken(value || null);
  }, []);
  return token;
}

export type SetupStatus = 'loading' | 'open' | 'done' | 'unknown';

/** GET /api/setup/status: 'done' once an admin exists. */
export function useSetupStatus(): [SetupStatus, (status: SetupStatus) => void] {
  const [status, setStatus] = useState<SetupStatus>('loading');
  useEffect(() => {
    fetch('/api/setup/status', { headers: { Accept: 'application/json' }, cache: 'no-store' })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((body: { adminExists?: boolean }) => setStatus(body.adminExists ? 'done' : 'open'))
      .catch(() => setStatus('unknown'));
  }, []);
  return [status, setStatus];
}

export function SetupHeading({ children }: { children: string }) {
  return (
    <h1 className="text-3xl text-lagoon-900 sm:text-4xl">
      {children}
    </h1>
  );
}

/** The spec's "home button" of the setup screens. */
export function HomeButton({ className = 'btn-secondary' }: { className?: string }) {
  return (
    <a href="/" className={className}>
      Avalehele
    </a>
  );
}

export function AlreadySetUp() {
  return (
    <div data-setup-done>
      <SetupHeading>Admin Already Set Up</SetupHeading>
      <p className="mt-4 text-ink-600">Admini konto on juba olemas. Logige sellega sisse või paluge adminil anda Teie kontole admini roll.</p>
      <p className="mt-8 flex flex-wrap gap-3">
        <HomeButton />
        <a href="/auth" className="btn-outline">
          Logi sisse
        </a>
      </p>
    </div>
  );
}

/** Without the token nothing can be set up: say where the link comes from. */
export function NoToken({ title }: { title: string }) {
  return (
    <div data-setup-no-token>
      <SetupHeading>{title}</SetupHeading>
      <p role="alert" className="mt-4 rounded-2xl bg-clay-600/10 p-4 text-clay-700">
        See leht vajab seadistuslinki: aadress peab lõppema osaga <code>#token=…</code>.
      </p>
      <ul className="mt-4 list-disc space-y-2 pl-6 text-ink-600">
        <li>
          Käivitatud käsuga <code>npm start</code> (Node): kuni ühtegi admini pole, näitab server linki käivitamisel, nt{' '}
          <code>http://localhost:4321/create-main-admin#token=…</code>. Avage see link.
        </li>
        <li>
          Kui <code>ADMIN_SETUP_TOKEN</code> on seatud (Cloudflare või Node), avage <code>/create-main-admin#token=</code> ja selle väärtus.
        </li>
        <li>
          Käsurealt: <code>npm run admin:create -- --email teie@example.com</code>.
        </li>
      </ul>
      <p className="mt-8">
        <HomeButton />
      </p>
    </div>
  );
}

export function StatusUnknown() {
  return (
    <div>
      <SetupHeading>Viga</SetupHeading>
      <p role="alert" className="mt-4 text-clay-700">
        Seadistuse olekut ei õnnestunud lugeda. Kontrollige, et server töötab, ja laadige leht uuesti.
      </p>
    </div>
  );
}

/**
 * The state both first-admin screens go through: waiting for the token and the status, "Admin Already Set Up",
 * status unknown, no token in the link, or the screen's form.
 */
export function SetupScreen({ title, form }: { title: string; form: (token: string, onAdminExists: () => void) => ReactNode }) {
  const token = useSetupToken();
  const [status, setStatus] = useSetupStatus();

  let body: ReactNode;
  if (token === undefined || status === 'loading') body = <><SetupHeading>{title}</SetupHeading><Spinner /></>;
  else if (status === 'done') body = <AlreadySetUp />;
  else if (status === 'unknown') body = <StatusUnknown />;
  else if (!token) body = <NoToken title={title} />;
  else body = form(token, () => setStatus('done'));

  return (
    <div>
      {body}
      <Toaster />
    </div>
  );
}
