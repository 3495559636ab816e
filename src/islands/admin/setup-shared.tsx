/**
 * Shared by /create-main-admin and /admin-setup (admin spec sections 2 and 6, DESIGN section 8): the setup token from
 * the link's fragment (`#token=…`, as the Node host prints it), kept in memory and dropped from the address bar;
 * whether an admin exists already; the screens for "no token" and "Admin Already Set Up".
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
  return <h1 className="text-3xl text-lagoon-900 sm:text-4xl">{children}</h1>;
}

export function AlreadySetUp() {
  return (
    <div data-setup-done>
      <SetupHeading>Admin Already Set Up</SetupHeading>
      <p className="mt-4 text-ink-600">An admin account exists. Sign in with it, or ask an admin to give your account the admin role.</p>
      <p className="mt-8 flex flex-wrap gap-3">
        <a href="/" className="btn-secondary">
          Go to Home
        </a>
        <a href="/auth" className="btn-outline">
          Sign in
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
        This page needs the setup link: the address must end in <code>#token=…</code>.
      </p>
      <ul className="mt-4 list-disc space-y-2 pl-6 text-ink-600">
        <li>
          Started with <code>npm start</code> (Node): while no admin exists, the server prints the link at start, e.g.{' '}
          <code>http://localhost:4321/create-main-admin#token=…</code>. Open that link.
        </li>
        <li>
          With <code>ADMIN_SETUP_TOKEN</code> set (Cloudflare or Node), open <code>/create-main-admin#token=</code> followed by its value.
        </li>
        <li>
          From a shell: <code>npm run admin:create -- --email you@example.com</code>.
        </li>
      </ul>
      <p className="mt-8">
        <a href="/" className="btn-secondary">
          Go to Home
        </a>
      </p>
    </div>
  );
}

export function StatusUnknown() {
  return (
    <div>
      <SetupHeading>Error</SetupHeading>
      <p role="alert" className="mt-4 text-clay-700">
        The setup status could not be read. Please check that the server is running and reload the page.
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
    <div lang="en">
      {body}
      <Toaster />
    </div>
  );
}
