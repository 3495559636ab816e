/**
 * "Anna vabanenud koht" on the booking detail (issue "Sell"): a waiting-list party gets its place only if all of it
 * fits (the API decides). It sends the version the screen shows, so a change made meanwhile is refused (409).
 */
import { MOVE_MESSAGES } from '../../../../../lib/admin/labels';
import type { BookingDetail } from '../../../../../lib/admin/booking-views';
import { ApiRequestError } from '../../../../api/client';
import { toast, toastError } from '../../../../toast';
import { usePromoteBooking } from '../../../api/bookings';
import { Button } from '../../../ui/button';

/** The API's field messages, else its message: what the toast says when a write is refused. */
export const refusalReason = (error: unknown) =>
  error instanceof ApiRequestError && error.details.length > 0 ? error.details.map((d) => d.message).join(' ') : (error as Error).message;

/** "Anna vabanenud koht": a waiting-list party gets its place only if all of it fits (the API decides). */
export function PromoteButton({ booking }: { booking: BookingDetail }) {
  const promote = usePromoteBooking(String(booking.id));
  const run = async () => {
    try {
      await promote.mutateAsync({ version: booking.version });
    } catch (e) {
      toastError('Kohta ei saanud anda', refusalReason(e));
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
