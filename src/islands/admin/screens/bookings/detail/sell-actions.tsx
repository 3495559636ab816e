/**
 * The booking detail's selling dialogs: move the booking to another edition (only those the API offers: the edition
 * rule of worker/domain/retreats/eligibility.ts; the places are checked again when it moves, and the guest is told)
 * and change the payment plan; giving a waiting-list party its place is
 * ./promote-button. Each sends the version the screen shows, so a change made meanwhile is refused (409) rather than
 * overwritten.
 */
import { useState } from 'react';
import { MOVE_MESSAGES } from '../../../../../lib/labels';
import type { BookingDetail } from '../../../../../lib/admin/booking-views';
import type { MoveTarget } from '../../../../../lib/booking-record';
import { formatDate } from '../../../../../lib/format';
import { PAYMENT_PLAN_LABELS, PAYMENT_PLANS, type PaymentPlan } from '../../../../../lib/payment-plans';
import { toast, toastError } from '../../../../toast';
import { useChangePlan, useMoveBooking, useMoveTargets } from '../../../api/bookings';
import { QueryView } from '../../../ui/states';
import { Button } from '../../../ui/button';
import { AppDialog, DialogActions } from '../../../ui/dialog';
import { optionsOf, SelectField } from '../../../ui/select';
import { ApiRequestError, refusalReason as reason } from '../../../../api/client';

const moveTargetLabel = (t: MoveTarget) =>
  [`${t.name} (${formatDate(t.startDate)})`, t.placesLeft !== null ? `vabu kohti ${t.placesLeft}` : null, t.registrationClosed ? 'registreerimine suletud' : null].filter(Boolean).join(' · ');

/**
 * "Vii teisele retriidile": only the editions the booking may go to (the API's edition rule: not started, not
 * cancelled, the whole party fits). One whose registration has closed is offered too, as the organiser's own choice
 * ("Vii siiski"); a plan the new days do not allow is asked again, among those they do.
 */
export function MoveBookingDialog({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const targets = useMoveTargets(String(booking.id));
  const move = useMoveBooking(String(booking.id));
  const [retreatId, setRetreatId] = useState<string | null>(null);
  const [plan, setPlan] = useState<PaymentPlan | null>(null);
  const [errors, setErrors] = useState<{ retreatId?: string; paymentPlan?: string }>({});
  const people = 1 + booking.companions.length;
  const target = targets.data?.find((t) => String(t.id) === retreatId) ?? null;
  const submit = async () => {
    if (!target) return setErrors({ retreatId: MOVE_MESSAGES.retreatRequired });
    if (!target.keepsPlan && plan === null) return setErrors({ paymentPlan: MOVE_MESSAGES.planRequired });
    try {
      await move.mutateAsync({ version: booking.version, retreatId: target.id, paymentPlan: target.keepsPlan ? undefined : plan, overrideRegistration: target.registrationClosed || undefined });
    } catch (e) {
      toastError('Broneeringu viimine ebaõnnestus', reason(e));
      const field = e instanceof ApiRequestError ? e.details[0]?.path : undefined;
      return setErrors(field === 'paymentPlan' ? { paymentPlan: reason(e) } : { retreatId: reason(e) });
    }
    toast({ title: MOVE_MESSAGES.moved, description: 'Külalisele saadeti sellest e-kiri.' });
    onClose();
  };
  return (
    <AppDialog title="Vii teisele retriidile" isOpen onOpenChange={(open) => !open && onClose()} isDismissable={!move.isPending}>
      <form
        className="grid gap-5"
        aria-label="Vii teisele retriidile"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="text-sm text-ink-600">
          {`Praegu: ${booking.retreat ? `${booking.retreat.name} (${formatDate(booking.retreat.startDate)})` : 'retriidita'}. Kogu seltskond (${people} ${people === 1 ? 'inimene' : 'inimest'}) peab uuele retriidile mahtuma; hind jääb samaks, maksetähtajad järgivad uut algust.`}
        </p>
        <QueryView query={targets} loading="Retriitide laadimine..." failed="Retriitide laadimine ebaõnnestus">
          {(items) =>
            items.length === 0 ? (
              <p className="rounded-2xl bg-sand-50 p-4 text-ink-700" data-no-targets>
                {MOVE_MESSAGES.noTargets}
              </p>
            ) : (
              <>
                <SelectField
                  label="Uus retriit"
                  name="retreatId"
                  value={retreatId}
                  options={items.map((t) => ({ value: String(t.id), label: moveTargetLabel(t) }))}
                  onChange={(next) => {
                    setRetreatId(next);
                    setPlan(null);
                    setErrors({});
                  }}
                  errorMessage={errors.retreatId}
                  isRequired
                />
                {target && !target.keepsPlan && (
                  <SelectField<PaymentPlan>
                    label="Maksmise viis uuel retriidil"
                    name="paymentPlan"
                    value={plan}
                    options={optionsOf(target.plans, (p) => PAYMENT_PLAN_LABELS[p])}
                    onChange={(next) => {
                      setPlan(next);
                      setErrors({});
                    }}
                    description={MOVE_MESSAGES.planNotOnNewDays(booking.planLabel)}
                    errorMessage={errors.paymentPlan}
                    isRequired
                  />
                )}
                {target?.registrationClosed && (
                  <p role="note" className="rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300" data-registration-closed>
                    {MOVE_MESSAGES.registrationClosed}
                  </p>
                )}
              </>
            )
          }
        </QueryView>
        <DialogActions onCancel={onClose} isPending={move.isPending}>
          <Button type="submit" isDisabled={move.isPending || !targets.data?.length}>
            {target?.registrationClosed ? 'Vii siiski' : 'Vii üle'}
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}

/** "Muuda maksmise viisi": the amount stays; the API refuses a plan the booking's days do not allow, under the field. */
export function PlanDialog({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const change = useChangePlan(String(booking.id));
  const [plan, setPlan] = useState<PaymentPlan>(booking.paymentPlan ?? 'advance');
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    try {
      await change.mutateAsync({ version: booking.version, paymentPlan: plan });
    } catch (e) {
      toastError('Maksmise viisi muutmine ebaõnnestus', reason(e));
      return setError(reason(e));
    }
    toast({ title: MOVE_MESSAGES.planChanged });
    onClose();
  };
  return (
    <AppDialog title="Muuda maksmise viisi" isOpen onOpenChange={(open) => !open && onClose()} isDismissable={!change.isPending}>
      <form
        className="grid gap-5"
        aria-label="Muuda maksmise viisi"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="text-sm text-ink-600">Summa jääb samaks; maksegraafik, meeldetuletused ja arved järgivad uut viisi.</p>
        <SelectField<PaymentPlan>
          label="Maksmise viis"
          name="paymentPlan"
          value={plan}
          options={optionsOf(PAYMENT_PLANS, (p) => PAYMENT_PLAN_LABELS[p])}
          onChange={(next) => {
            setPlan(next);
            setError(undefined);
          }}
          errorMessage={error}
          isRequired
        />
        <DialogActions onCancel={onClose} isPending={change.isPending}>
          <Button type="submit" isDisabled={change.isPending}>
            Salvesta
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}
