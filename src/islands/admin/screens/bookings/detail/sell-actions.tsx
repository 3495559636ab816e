/**
 * The booking detail's selling actions (issue "Sell"): move the booking to another retreat (the API checks the
 * places and tells the guest), give a waiting-list party its place, and change the payment plan. Each sends the
 * version the screen shows, so a change made meanwhile is refused (409) rather than overwritten.
 */
import { useState } from 'react';
import { MOVE_MESSAGES } from '../../../../../lib/admin/bookings';
import type { BookingDetail } from '../../../../../lib/admin/booking-views';
import { formatDate } from '../../../../../lib/format';
import { PAYMENT_PLAN_LABELS, PAYMENT_PLANS, type PaymentPlan } from '../../../../../lib/payment-plans';
import { ApiRequestError } from '../../../../api/client';
import { toast } from '../../../../toast';
import { useChangePlan, useMoveBooking, usePromoteBooking } from '../../../api/bookings';
import { useRetreatOptions } from '../../../api/retreats';
import { Button } from '../../../ui/button';
import { AppDialog } from '../../../ui/dialog';
import { SelectField } from '../../../ui/select';

/** The API's field messages, else its message: what the toast says when a write is refused. */
const reason = (error: unknown) =>
  error instanceof ApiRequestError && error.details.length > 0 ? error.details.map((d) => d.message).join(' ') : (error as Error).message;

export function MoveBookingDialog({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const retreats = useRetreatOptions();
  const move = useMoveBooking(String(booking.id));
  const [retreatId, setRetreatId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const options = (retreats.data ?? []).filter((r) => r.id !== booking.retreat?.id).map((r) => ({ value: String(r.id), label: `${r.name} (${formatDate(r.startDate)})` }));

  const submit = async () => {
    if (!retreatId) {
      setError(MOVE_MESSAGES.retreatRequired);
      return;
    }
    try {
      await move.mutateAsync({ version: booking.version, retreatId: Number(retreatId) });
    } catch (e) {
      setError(reason(e));
      toast({ title: 'Broneeringu viimine ebaõnnestus', description: reason(e), variant: 'destructive' });
      return;
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
          Praegu: {booking.retreat ? `${booking.retreat.name} (${formatDate(booking.retreat.startDate)})` : 'retriidita'}. Kogu seltskond ({1 + booking.companions.length}{' '}
          {booking.companions.length === 0 ? 'inimene' : 'inimest'}) peab uuele retriidile mahtuma; hind jääb samaks, maksetähtajad järgivad uut algust.
        </p>
        <SelectField
          label="Uus retriit"
          value={retreatId}
          options={options}
          onChange={(value) => {
            setRetreatId(value);
            setError(undefined);
          }}
          errorMessage={error}
          isRequired
          name="retreatId"
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onPress={onClose} isDisabled={move.isPending}>
            Tühista
          </Button>
          <Button type="submit" isDisabled={move.isPending}>
            Vii üle
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}

export function PlanDialog({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const change = useChangePlan(String(booking.id));
  const [plan, setPlan] = useState<PaymentPlan>(booking.paymentPlan ?? 'advance');
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    try {
      await change.mutateAsync({ version: booking.version, paymentPlan: plan });
    } catch (e) {
      setError(reason(e));
      toast({ title: 'Maksmise viisi muutmine ebaõnnestus', description: reason(e), variant: 'destructive' });
      return;
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
        <SelectField
          label="Maksmise viis"
          value={plan}
          options={PAYMENT_PLANS.map((p) => ({ value: p, label: PAYMENT_PLAN_LABELS[p] }))}
          onChange={(value) => {
            setPlan(value);
            setError(undefined);
          }}
          errorMessage={error}
          name="paymentPlan"
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onPress={onClose} isDisabled={change.isPending}>
            Tühista
          </Button>
          <Button type="submit" isDisabled={change.isPending}>
            Salvesta
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}

/** "Anna vabanenud koht": a waiting-list party gets its place only if all of it fits (the API decides). */
export function PromoteButton({ booking }: { booking: BookingDetail }) {
  const promote = usePromoteBooking(String(booking.id));
  const run = async () => {
    try {
      await promote.mutateAsync({ version: booking.version });
    } catch (e) {
      toast({ title: 'Kohta ei saanud anda', description: reason(e), variant: 'destructive' });
      return;
    }
    toast({ title: MOVE_MESSAGES.promoted, description: 'Külalisele saadeti sellest e-kiri.' });
  };
  return (
    <Button variant="outline" onPress={() => void run()} isDisabled={promote.isPending}>
      Anna vabanenud koht
    </Button>
  );
}
