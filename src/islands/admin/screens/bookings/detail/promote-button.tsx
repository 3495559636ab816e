/**
 * The waiting list's two buttons on the booking detail: "Anna vabanenud koht" (a waiting-list party gets its places
 * only if all of it fits: the API decides) and "Pane ootejärjekorda" (a request gives its places up, while nothing is
 * paid or invoiced on it). Each sends the version the screen shows, so a change made meanwhile is refused (409), and
 * the guest is told by e-mail.
 */
import { MOVE_MESSAGES } from '../../../../../lib/labels';
import { PLACE_OFFER_TEXTS } from '../../../../../lib/place-offers';
import type { BookingDetail } from '../../../../../lib/admin/booking-views';
import { refusalReason } from '../../../../api/client';
import { toast, toastError } from '../../../../toast';
import { usePromoteBooking, usePutOnWaitingList } from '../../../api/bookings';
import { Button } from '../../../ui/button';

function ListMoveButton({ label, pending, run, failed, done }: { label: string; pending: boolean; run: () => Promise<unknown>; failed: string; done: string }) {
  const press = async () => {
    try {
      await run();
    } catch (e) {
      toastError(failed, refusalReason(e));
      return;
    }
    toast({ title: done, description: 'Külalisele saadeti sellest e-kiri.' });
  };
  return (
    <Button variant="outline" onPress={() => void press()} isDisabled={pending}>
      {label}
    </Button>
  );
}

/** "Anna vabanenud koht": a waiting-list party gets its place only if all of it fits (the API decides). */
export function PromoteButton({ booking }: { booking: BookingDetail }) {
  const promote = usePromoteBooking(String(booking.id));
  return (
    <>
      <ListMoveButton label="Anna vabanenud koht" pending={promote.isPending} run={() => promote.mutateAsync({ version: booking.version })} failed="Kohta ei saanud anda" done={MOVE_MESSAGES.promoted} />
      {/* Issue 38: the waiting list's own offer, or why it makes none for this party. */}
      {booking.offer ? (
        <p className="text-sm text-ink-600" data-offer-deadline>
          {PLACE_OFFER_TEXTS.adminLine(booking.offer.expiresAt)}
        </p>
      ) : booking.offersStoppedAt ? (
        <p className="text-sm text-ink-600">{PLACE_OFFER_TEXTS.adminStopped}</p>
      ) : null}
    </>
  );
}

/** "Pane ootejärjekorda": a request without money on it gives up its places and waits. */
export function WaitingListButton({ booking }: { booking: BookingDetail }) {
  const put = usePutOnWaitingList(String(booking.id));
  return <ListMoveButton label="Pane ootejärjekorda" pending={put.isPending} run={() => put.mutateAsync({ version: booking.version })} failed="Ootejärjekorda ei saanud panna" done={MOVE_MESSAGES.waitingList} />;
}
