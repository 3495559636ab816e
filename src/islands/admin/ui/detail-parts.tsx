/**
 * Small display pieces of the detail screens and dialogs (a booking, a retreat, a client, a message): a titled card, a
 * definition list that shows "–" for empty, a yes/no, and a section editor's save.
 */
import type { ReactNode } from 'react';
import { Button } from './button';

export function Section({ id, title, children, actions, className = '' }: { id: string; title: string; children: ReactNode; actions?: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`card ${className}`} data-section={id}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl text-lagoon-900">
          {title}
        </h2>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export type Fact = [label: string, value: ReactNode];

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

export function Facts({ items }: { items: Fact[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{label}</dt>
          <dd className="mt-0.5 break-words text-ink-900" data-fact={label}>
            {isEmpty(value) ? '–' : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** "Jah"/"Ei" with a mark that does not rely on colour alone. */
export function YesNo({ value }: { value: boolean }) {
  return <span className={value ? 'text-emerald-800' : 'text-rose-800'}>{value ? '✓ Jah' : '✗ Ei'}</span>;
}

/** The "not saved yet" flag next to a section's save button. */
function UnsavedFlag({ show }: { show: boolean }) {
  return show ? (
    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300" data-unsaved>
      Salvestamata muudatused
    </span>
  ) : null;
}

/** A section editor's save: the unsaved-changes flag while there are changes, and the button that saves them. */
export function SaveChanges({ dirty, isPending, onSave, children }: { dirty: boolean; isPending: boolean; onSave: () => void; children: ReactNode }) {
  return (
    <span className="flex items-center gap-3">
      <UnsavedFlag show={dirty} />
      <Button onPress={onSave} isPending={isPending} isDisabled={!dirty}>
        {children}
      </Button>
    </span>
  );
}
