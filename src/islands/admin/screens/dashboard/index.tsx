/**
 * /dashboard (admin spec section 2; DESIGN section 8): quick-action cards with the real counts from
 * GET /api/admin/dashboard, and a system status row from the real GET /api/health.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { AppLink, ScreenHeading } from './shell';

interface Counts {
  users: number;
  clients: number;
  bookings: number;
  retreats: number;
}

type Load<T> = { state: 'loading' } | { state: 'ok'; data: T } | { state: 'error' };

interface Health {
  api: boolean;
  database: boolean;
}

async function fetchJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' });
  return { status: response.status, body: await response.json().catch(() => null) };
}

function useDashboardData() {
  const [counts, setCounts] = useState<Load<Counts>>({ state: 'loading' });
  const [health, setHealth] = useState<Load<Health>>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    fetchJson('/api/admin/dashboard').then(
      ({ status, body }) => {
        const data = (body as { counts?: Counts } | null)?.counts;
        if (live) setCounts(status === 200 && data ? { state: 'ok', data } : { state: 'error' });
      },
      () => live && setCounts({ state: 'error' }),
    );
    fetchJson('/api/health').then(
      ({ body }) => {
        // Any JSON answer means the API is up; the database is up when the probe said so.
        const db = (body as { db?: string } | null)?.db;
        if (live) setHealth({ state: 'ok', data: { api: body !== null, database: db === 'ok' } });
      },
      () => live && setHealth({ state: 'ok', data: { api: false, database: false } }),
    );
    return () => {
      live = false;
    };
  }, []);

  return { counts, health };
}

const numberFormat = new Intl.NumberFormat('en');

interface CardProps {
  href: string;
  title: string;
  description: string;
  count?: ReactNode;
  countLabel?: string;
  icon: ReactNode;
}

function ActionCard({ href, title, description, count, countLabel, icon }: CardProps) {
  return (
    <li>
      <AppLink href={href} className="admin-card group">
        <span className="flex items-start justify-between gap-4">
          <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-lagoon-50 text-lagoon-700" aria-hidden="true">
            {icon}
          </span>
          {count !== undefined && (
            <span className="text-right">
              <span className="block font-display text-3xl text-lagoon-900" data-count={countLabel}>
                {count}
              </span>
              <span className="text-xs text-ink-600">{countLabel}</span>
            </span>
          )}
        </span>
        <span className="mt-4 block font-semibold text-ink-900 group-hover:text-lagoon-700">{title}</span>
        <span className="mt-1 block text-sm text-ink-600">{description}</span>
      </AppLink>
    </li>
  );
}

const svg = (d: string) => (
  <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" focusable="false">
    <path d={d} />
  </svg>
);
const ICONS = {
  users: svg('M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7M21 19v-1a4 4 0 0 0-3-3.87M16 3.13a3.5 3.5 0 0 1 0 6.74'),
  clients: svg('M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8'),
  bookings: svg('M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2'),
  add: svg('M12 5v14M5 12h14'),
  retreats: svg('M3 20h18M5 20l7-14 7 14M9.5 13h5'),
};

function StatusItem({ label, ok }: { label: string; ok: boolean | null }) {
  const text = ok === null ? 'Checking...' : ok ? 'Working' : 'Not working';
  return (
    <li className="flex items-center justify-between gap-3 rounded-2xl bg-sand-50 px-4 py-3 ring-1 ring-sand-200" data-status={label} data-ok={ok === null ? undefined : String(ok)}>
      <span className="font-medium">{label}</span>
      <span className="inline-flex items-center gap-2 text-sm">
        <span className={`size-2.5 rounded-full ${ok === null ? 'bg-sand-300' : ok ? 'bg-lagoon-600' : 'bg-clay-600'}`} aria-hidden="true" />
        {text}
      </span>
    </li>
  );
}

export default function Dashboard() {
  const { counts, health } = useDashboardData();
  const count = (key: keyof Counts) =>
    counts.state === 'ok' ? numberFormat.format(counts.data[key]) : counts.state === 'loading' ? '…' : '–';

  return (
    <>
      <ScreenHeading title="Admin Dashboard" intro="Manage bookings, clients, users and retreats." />
      {counts.state === 'error' && (
        <p role="alert" className="mt-4 rounded-2xl bg-clay-600/10 p-4 text-sm text-clay-700">
          The counts could not be loaded. Please reload the page.
        </p>
      )}
      <section aria-labelledby="quick-actions" className="mt-8">
        <h2 id="quick-actions" className="text-2xl text-lagoon-900">
          Quick actions
        </h2>
        <ul role="list" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={counts.state === 'loading'}>
          <ActionCard href="/admin/users" title="Manage users" description="Roles and password resets" count={count('users')} countLabel="users" icon={ICONS.users} />
          <ActionCard href="/admin/clients" title="Manage clients" description="Client records and contact details" count={count('clients')} countLabel="clients" icon={ICONS.clients} />
          <ActionCard href="/admin/bookings" title="View bookings" description="Statuses, payments and invoices" count={count('bookings')} countLabel="bookings" icon={ICONS.bookings} />
          <ActionCard href="/admin/bookings/new" title="New booking" description="Create a booking for an existing client" icon={ICONS.add} />
          <ActionCard href="/admin/retreats" title="Manage retreats" description="Dates, prices and capacity" count={count('retreats')} countLabel="retreats" icon={ICONS.retreats} />
        </ul>
      </section>
      <section aria-labelledby="system-status" className="mt-10">
        <h2 id="system-status" className="text-2xl text-lagoon-900">
          System status
        </h2>
        <ul role="list" className="mt-4 grid gap-3 sm:grid-cols-3">
          <StatusItem label="Database" ok={health.state === 'ok' ? health.data.database : null} />
          <StatusItem label="API" ok={health.state === 'ok' ? health.data.api : null} />
          {/* This screen is the web app: it is running if you can read this. */}
          <StatusItem label="Web app" ok={true} />
        </ul>
      </section>
    </>
  );
}
