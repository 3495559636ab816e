/**
 * The guest's cancellation request (issue "Guest portal"): the refund the terms give today (the same calculation as the
 * admin's "Tühista broneering"), an explicit confirmation, and a request the team then confirms. Nothing is refunded
 * or cancelled automatically.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDate, formatMoney } from '../../lib/format';
import type { MyBookingDetail } from '../../lib/portal';
import type { CancellationRequestInput } from '../../lib/portal-schemas';
import { ApiRequestError } from '../api/client';
import { Field, FieldError } from '../forms/field';
import { portalValidation } from '../forms/lazy-portal-validation';
import { useValidatedForm } from '../forms/use-validated-form';
import { toast, toastError } from '../toast';
import { FormActions } from './parts';
import { portalApi, portalKeys } from './portal-api';

type Values = { confirm: boolean; reason: string };

export function CancellationPanel({ booking }: { booking: MyBookingDetail }) {
  const { cancellation } = booking;
  const [asking, setAsking] = useState(false);
  if (booking.state === 'cancelled') return <p>Broneering on tühistatud.</p>;
  if (cancellation.requestedAt) {
    return (
      <p role="status">
        Tühistamise soov saadetud {formatDate(cancellation.requestedAt)}. Tingimuste järgi tagastame {formatMoney(cancellation.requestedRefundCents)}. Võtame Teiega
        peagi ühendust ja kinnitame tühistamise.
      </p>
    );
  }
  if (!cancellation.canRequest || !cancellation.quote) return <p className="text-ink-600">Seda broneeringut ei saa enam portaalis tühistada. Kirjutage meile.</p>;
  const { quote } = cancellation;
  return (
    <div className="space-y-3">
      <p>
        {quote.daysBefore === null
          ? 'Tagastatava summa lepime kokku, kui retriidi aeg on selge.'
          : `Kui tühistate täna (${quote.daysBefore} päeva enne retriidi algust), tagastame tingimuste järgi ${formatMoney(quote.refundCents)}.`}{' '}
        Seni makstud: {formatMoney(quote.paidCents)}
        {quote.feeCents > 0 && `, menetlustasu ${formatMoney(quote.feeCents)}`}.{' '}
        <a href="/tingimused" className="text-lagoon-700 underline underline-offset-4">
          Tühistamistingimused
        </a>
      </p>
      {asking ? (
        <RequestForm booking={booking} onCancel={() => setAsking(false)} />
      ) : (
        <button type="button" className="btn-outline" onClick={() => setAsking(true)}>
          Soovin broneeringu tühistada
        </button>
      )}
    </div>
  );
}

function RequestForm({ booking, onCancel }: { booking: MyBookingDetail; onCancel: () => void }) {
  const uid = useId();
  const queryClient = useQueryClient();
  const { register, formProps, formState } = useValidatedForm<Values, CancellationRequestInput>({
    defaultValues: { confirm: false, reason: '' },
    resolver: portalValidation.resolver<Values, CancellationRequestInput>((chunk) => chunk.cancellationRequestResolver),
    preload: portalValidation.preload,
  });
  const onValid = async (values: CancellationRequestInput) => {
    try {
      await portalApi.requestCancellation(booking.id, values);
      toast({ title: 'Tühistamise soov saadetud', description: 'Võtame Teiega peagi ühendust.' });
      await queryClient.invalidateQueries({ queryKey: portalKeys.booking(booking.id) });
      void queryClient.invalidateQueries({ queryKey: portalKeys.bookings });
    } catch (error) {
      toastError('Soovi saatmine ebaõnnestus', error instanceof ApiRequestError ? error.message : undefined);
    }
  };
  const confirmError = formState.errors.confirm?.message;
  return (
    <form {...formProps(onValid)} aria-label="Tühistamise soov" className="space-y-4 rounded-xl border border-sand-200 p-4">
      <div>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            {...register('confirm')}
            className="mt-1 size-5"
            aria-invalid={confirmError ? true : undefined}
            aria-describedby={confirmError ? `${uid}confirm-error` : undefined}
          />
          <span>Kinnitan, et soovin broneeringu nr {booking.id} tühistada.</span>
        </label>
        <FieldError id={`${uid}confirm-error`} message={confirmError} />
      </div>
      <Field id={`${uid}reason`} label="Põhjus (valikuline)">
        {(a11y) => <textarea {...a11y} {...register('reason')} rows={3} maxLength={1000} className="field-input" />}
      </Field>
      <FormActions submit="Saada tühistamise soov" pending="Saadan..." isPending={formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}
