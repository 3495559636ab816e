/**
 * Small pieces the portal's views share: a "label: value" line of a definition list, a form's send/cancel row, the
 * way back to the list and a booking's page while it loads.
 */
import { PORTAL_PATH } from '../../lib/portal';

export function Pair({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <dt className="text-ink-600">{label}:</dt>
      <dd className="font-medium break-all text-ink-900">{value}</dd>
    </div>
  );
}

interface FormActionsProps {
  submit: string;
  /** What the send button says while the request is on its way. */
  pending: string;
  isPending: boolean;
  onCancel: () => void;
  submitClassName?: string;
}

export function FormActions({ submit, pending, isPending, onCancel, submitClassName = 'btn-primary' }: FormActionsProps) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="submit" className={submitClassName} disabled={isPending}>
        {isPending ? pending : submit}
      </button>
      <button type="button" className="btn-outline" onClick={onCancel}>
        Katkesta
      </button>
    </div>
  );
}

/** "← Kõik broneeringud": back to the list, without a page load. */
export function BackToList({ onBack }: { onBack: () => void }) {
  return (
    <a
      href={PORTAL_PATH}
      className="inline-block text-sm font-medium text-lagoon-700 underline underline-offset-4"
      onClick={(event) => {
        event.preventDefault();
        onBack();
      }}
    >
      ← Kõik broneeringud
    </a>
  );
}

/** A booking's page while it loads: its data (./booking-page), or its code before that (./portal-app). */
export function BookingPending({ onBack }: { onBack: () => void }) {
  return (
    <div className="space-y-4">
      <BackToList onBack={onBack} />
      <p role="status" className="text-ink-600">
        Laadin broneeringut...
      </p>
    </div>
  );
}
