import { formatCount } from '../../../lib/format';

/** One of a list screen's counters (inside a <dl>); "…" until the number has loaded. */
export function Counter({ label, value, name }: { label: string; value: number | undefined; name: string }) {
  return (
    <div className="rounded-2xl bg-white p-4 ring-1 ring-sand-200">
      <dt className="text-sm text-ink-600">{label}</dt>
      <dd className="mt-1 font-display text-3xl text-lagoon-900" data-counter={name}>
        {value === undefined ? '…' : formatCount(value)}
      </dd>
    </div>
  );
}
