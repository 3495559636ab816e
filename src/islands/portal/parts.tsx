/** Small pieces the portal's views share: a "label: value" line of a definition list, a form's send/cancel row. */

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
