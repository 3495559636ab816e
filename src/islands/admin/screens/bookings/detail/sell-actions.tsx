/**
 * The booking detail's selling dialogs (issue "Sell"): move the booking to another retreat (the API checks the
 * places and tells the guest) and change the payment plan; giving a waiting-list party its place is
 * ./promote-button. Each sends the version the screen shows, so a change made meanwhile is refused (409) rather than
 * overwritten.
 */
import { useState } from 'react';
import { MOVE_MESSAGES } from '../../../../../lib/admin/bookings';
import type { BookingDetail } from '../../../../../lib/admin/booking-views';
import { formatDate } from '../../../../../lib/format';
import { PAYMENT_PLAN_LABELS, PAYMENT_PLANS, type PaymentPlan } from '../../../../../lib/payment-plans';
import { toast, toastError } from '../../../../toast';
import { useChangePlan, useMoveBooking } from '../../../api/bookings';
import { useRetreatOptions } from '../../../api/retreats';
import { Button } from '../../../ui/button';
import { AppDialog, DialogActions } from '../../../ui/dialog';
import { SelectField } from '../../../ui/select';
import { refusalReason as reason } from './promote-button';


/**
 * A dialog that asks for one choice and sends it: the select, its error under it (the API's field message), and
 * Tühista / the action. Both the move and the plan change are this.
 */
function ChoiceDialog<V extends string>(props: {
  title: string;
  intro: string;
  label: string;
  name: string;
  options: { value: V; label: string }[];
  initial: V | null;
  action: string;
  onSubmit: (value: V) => Promise<void>;
  onClose: () => void;
}) {
  const [value, setValue] = useState<V | null>(props.initial);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const submit = async () => {
    if (value === null) {
      setError(MOVE_MESSAGES.retreatRequired);
      return;
    }
    setPending(true);
    try {
      await props.onSubmit(value);
    } catch (e) {
      setError(reason(e));
      return;
    } finally {
      setPending(false);
    }
    props.onClose();
  };
  return (
    <AppDialog title={props.title} isOpen onOpenChange={(open) => !open && props.onClose()} isDismissable={!pending}>
      <form
        className="grid gap-5"
        aria-label={props.title}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="text-sm text-ink-600">{props.intro}</p>
        <SelectField
          label={props.label}
          value={value}
          options={props.options}
          onChange={(next) => {
            setValue(next);
            setError(undefined);
          }}
          errorMessage={error}
          isRequired
          name={props.name}
        />
        <DialogActions onCancel={props.onClose} isPending={pending}>
          <Button type="submit" isDisabled={pending}>
            {props.action}
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}

/** Tells the admin the outcome: a toast either way, the refusal's reason as its text (and rethrown for the field). */
async function withToasts(run: () => Promise<unknown>, failed: string, done: { title: string; description?: string }) {
  try {
    await run();
  } catch (e) {
    toastError(failed, reason(e));
    throw e;
  }
  toast(done);
}

export function MoveBookingDialog({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const retreats = useRetreatOptions();
  const move = useMoveBooking(String(booking.id));
  const people = 1 + booking.companions.length;
  return (
    <ChoiceDialog
      title="Vii teisele retriidile"
      intro={`Praegu: ${booking.retreat ? `${booking.retreat.name} (${formatDate(booking.retreat.startDate)})` : 'retriidita'}. Kogu seltskond (${people} ${people === 1 ? 'inimene' : 'inimest'}) peab uuele retriidile mahtuma; hind jääb samaks, maksetähtajad järgivad uut algust.`}
      label="Uus retriit"
      name="retreatId"
      options={(retreats.data ?? []).filter((r) => r.id !== booking.retreat?.id).map((r) => ({ value: String(r.id), label: `${r.name} (${formatDate(r.startDate)})` }))}
      initial={null}
      action="Vii üle"
      onSubmit={(retreatId) =>
        withToasts(() => move.mutateAsync({ version: booking.version, retreatId: Number(retreatId) }), 'Broneeringu viimine ebaõnnestus', {
          title: MOVE_MESSAGES.moved,
          description: 'Külalisele saadeti sellest e-kiri.',
        })
      }
      onClose={onClose}
    />
  );
}

export function PlanDialog({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const change = useChangePlan(String(booking.id));
  return (
    <ChoiceDialog<PaymentPlan>
      title="Muuda maksmise viisi"
      intro="Summa jääb samaks; maksegraafik, meeldetuletused ja arved järgivad uut viisi."
      label="Maksmise viis"
      name="paymentPlan"
      options={PAYMENT_PLANS.map((p) => ({ value: p, label: PAYMENT_PLAN_LABELS[p] }))}
      initial={booking.paymentPlan ?? 'advance'}
      action="Salvesta"
      onSubmit={(paymentPlan) => withToasts(() => change.mutateAsync({ version: booking.version, paymentPlan }), 'Maksmise viisi muutmine ebaõnnestus', { title: MOVE_MESSAGES.planChanged })}
      onClose={onClose}
    />
  );
}
