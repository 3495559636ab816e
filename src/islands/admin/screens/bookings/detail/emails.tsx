/** The booking's e-mails: every outbox message for it, its delivery state, attempts, last error, and "send again". */
import { formatDateTime } from '../../../../../lib/format';
import { toast, toastError } from '../../../../toast';
import { useBookingEmails, useRetryEmail } from '../../../api/bookings';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Section } from '../../../ui/detail-parts';
import { QueryView } from '../../../ui/states';

const STATES: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Järjekorras', tone: 'yellow' },
  sending: { label: 'Saatmisel', tone: 'blue' },
  sent: { label: 'Saadetud', tone: 'green' },
  logged: { label: 'Meililogis', tone: 'grey' },
  failed: { label: 'Ebaõnnestus', tone: 'red' },
};

export function BookingEmails({ bookingId }: { bookingId: string }) {
  const emails = useBookingEmails(bookingId);
  const retry = useRetryEmail(bookingId);

  const sendAgain = (id: number) =>
    retry.mutate(id, {
      onSuccess: (email) =>
        toast(email.status === 'failed' ? { title: 'E-kirja saatmine ebaõnnestus', description: email.lastError ?? undefined, variant: 'destructive' } : { title: 'E-kiri saadeti uuesti' }),
      onError: (error) => toastError('E-kirja saatmine ebaõnnestus', error),
    });

  return (
    <Section id="booking-emails" title="E-kirjad">
      <QueryView query={emails} loading="E-kirjade laadimine..." failed="E-kirjade laadimine ebaõnnestus">
        {(items) =>
          items.length === 0 ? (
            <p className="text-ink-600">Selle broneeringuga ei ole e-kirju seotud.</p>
          ) : (
            <ul role="list" className="divide-y divide-sand-200">
              {items.map((email) => {
                const state = STATES[email.status] ?? { label: email.status, tone: 'grey' as const };
                return (
                  <li key={email.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-email={email.id}>
                    <div className="min-w-0">
                      <p className="font-semibold">{email.subject}</p>
                      <p className="text-sm text-ink-600">
                        {email.toAddress} · loodud {formatDateTime(email.createdAt)}
                        {email.sentAt && <> · saadetud {formatDateTime(email.sentAt)}</>}
                      </p>
                      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                        <Badge tone={state.tone}>{state.label}</Badge>
                        <span>katseid: {email.attempts}</span>
                      </p>
                      {email.lastError && <p className="mt-1 text-sm break-words text-rose-800">Viimane viga: {email.lastError}</p>}
                    </div>
                    <Button variant="outline" size="sm" onPress={() => sendAgain(email.id)} isPending={retry.isPending && retry.variables === email.id} isDisabled={retry.isPending}>
                      Saada uuesti<span className="sr-only">: {email.subject}</span>
                    </Button>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryView>
    </Section>
  );
}
