/**
 * A document's e-mail: the send button (the booking's invoices and the invoice screen) and how its latest e-mails
 * stand. Sending answers within a few seconds whatever the provider does; a message still on its way shows
 * 'Saatmisel…' and the screen asks again until it settles (../../api/invoices).
 */
import type { InvoiceSummary } from '../../../../lib/invoices/documents';
import {
  INVOICE_EMAIL_STATE_LABELS,
  INVOICE_MESSAGES,
  INVOICE_TEXTS,
  invoiceEmailSentence,
  type InvoiceEmail,
  type InvoiceEmailState,
} from '../../../../lib/invoices/documents';
import { formatDateTime } from '../../../../lib/format';
import { toast, toastError } from '../../../toast';
import type { useSendInvoice } from '../../api/invoices';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';

const TONES: Record<InvoiceEmailState, { badge: BadgeTone; text: string }> = {
  pending: { badge: 'yellow', text: 'text-ink-900' },
  sent: { badge: 'green', text: 'text-emerald-900' },
  failed: { badge: 'red', text: 'text-rose-800' },
};

/**
 * The spec's e-mail texts: 'Saadan arvet meilile...' while the request runs, then the answer at once: 'Arve
 * saadetud!', queued (the outbox keeps trying), or the failure. Off while the latest e-mail is still on its way (a
 * second one would reach the buyer twice); 'Saada uuesti' once one has been sent or has failed.
 */
export function SendInvoiceButton({
  invoice,
  bookingId,
  lastEmail,
  send,
}: {
  invoice: Pick<InvoiceSummary, 'id' | 'number' | 'kind' | 'buyerEmail'>;
  bookingId: number | null;
  lastEmail: InvoiceEmail | null | undefined;
  send: ReturnType<typeof useSendInvoice>;
}) {
  const sending = send.isPending && send.variables?.invoiceId === invoice.id;
  if (!invoice.buyerEmail) return null;
  const onPress = () =>
    send.mutate(
      { invoiceId: invoice.id, bookingId },
      {
        onSuccess: ({ state, to }) =>
          toast(
            state === 'failed'
              ? { title: INVOICE_MESSAGES.sendFailed, variant: 'destructive' }
              : state === 'pending'
                ? { title: INVOICE_MESSAGES.queued }
                : { title: INVOICE_MESSAGES.sent, description: INVOICE_MESSAGES.sentTo(to) },
          ),
        onError: (error) => toastError(INVOICE_MESSAGES.sendFailed, error),
      },
    );
  return (
    <Button variant="outline" size="sm" onPress={onPress} isPending={sending} isDisabled={(send.isPending && !sending) || lastEmail?.state === 'pending'}>
      {sending ? INVOICE_MESSAGES.sending : lastEmail ? INVOICE_MESSAGES.sendAgain : INVOICE_MESSAGES.send}
      <span className="sr-only">
        : {INVOICE_TEXTS.title[invoice.kind]} {invoice.number}
      </span>
    </Button>
  );
}

function EmailSentence({ email }: { email: InvoiceEmail }) {
  return (
    <span className={`inline-flex items-center gap-2 break-words ${TONES[email.state].text}`} data-invoice-email={email.state}>
      {email.state === 'pending' && <span className="spinner size-4 shrink-0 border-2" aria-hidden="true" />}
      {invoiceEmailSentence(email, formatDateTime)}
    </span>
  );
}

/**
 * The invoice screen's e-mails: the latest one's state in a live region (a screen reader hears 'Saatmisel…' turn
 * into 'Saadetud …'), the earlier ones under it.
 */
export function InvoiceEmails({ emails }: { emails: InvoiceEmail[] }) {
  const [latest, ...earlier] = emails;
  return (
    <div className="space-y-2 text-sm" data-invoice-emails>
      <p role="status">{latest ? <EmailSentence email={latest} /> : <span className="text-ink-600">Arvet ei ole veel e-postiga saadetud.</span>}</p>
      {earlier.length > 0 && (
        <details>
          <summary className="cursor-pointer text-ink-600">Varasemad saatmised ({earlier.length})</summary>
          <ul role="list" className="mt-2 space-y-1">
            {earlier.map((email) => (
              <li key={email.id}>
                <EmailSentence email={email} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** The booking's invoices table: the latest e-mail's state, and when it went or why it did not. */
export function InvoiceEmailCell({ email }: { email: InvoiceEmail | null }) {
  if (!email) return <span className="text-ink-600">–</span>;
  const detail = email.state === 'sent' ? formatDateTime(email.sentAt) : email.state === 'failed' ? email.lastError : null;
  return (
    <span className="flex flex-col items-start gap-1" data-invoice-email={email.state}>
      <Badge tone={TONES[email.state].badge}>{INVOICE_EMAIL_STATE_LABELS[email.state]}</Badge>
      {detail && <span className="line-clamp-2 text-xs break-words text-ink-600">{detail}</span>}
    </span>
  );
}
