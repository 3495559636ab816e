/**
 * /admin/invoices/{id}: one issued invoice or credit note as an A4 page in Estonian, with "Prindi" (print CSS
 * prints the invoice alone), the PDF, the e-mail and how it stands, and the way back to its booking. An invoice whose booking is gone
 * still opens (the books keep it), and leads back to the invoices screen.
 */
import { INVOICE_TEXTS } from '../../../../lib/admin/invoice-documents';
import { formatMoney } from '../../../../lib/format';
import { invoicePdfUrl, useInvoice, useSendInvoice } from '../../api/invoices';
import { ApiRequestError } from '../../../api/client';
import type { ScreenProps } from '../../screen-props';
import { AppLink, ScreenHeading } from '../../shell';
import { Button } from '../../ui/button';
import { ErrorState, LoadingState } from '../../ui/states';
import { InvoiceDocumentView } from './invoice-document';
import { InvoiceEmails, SendInvoiceButton } from './invoice-email';
import { useErrorToast } from '../../use-error-toast';

export default function InvoiceScreen({ params }: ScreenProps) {
  const invoice = useInvoice(params.id!);
  const send = useSendInvoice();
  const notFound = invoice.error instanceof ApiRequestError && invoice.error.status === 404;

  useErrorToast(notFound ? 'Arvet ei leitud' : 'Arve laadimine ebaõnnestus', invoice.error);

  const data = invoice.data;
  const title = data ? `${INVOICE_TEXTS.title[data.kind]} ${data.number}` : 'Arve';
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <ScreenHeading title={title} intro={data ? `${data.buyerName} · ${formatMoney(data.totalCents)}` : undefined} />
        {data?.bookingId ? (
          <AppLink href={`/admin/bookings/${data.bookingId}`} className="btn-outline">
            ← Tagasi broneeringu juurde
          </AppLink>
        ) : (
          <AppLink href="/admin/invoices" className="btn-outline">
            ← Arvete juurde
          </AppLink>
        )}
      </div>
      {invoice.isPending ? (
        <LoadingState text="Arve laadimine..." />
      ) : invoice.isError ? (
        <ErrorState text={notFound ? 'Arvet ei leitud' : 'Arve laadimine ebaõnnestus'} detail={invoice.error.message} onRetry={notFound ? undefined : () => void invoice.refetch()} />
      ) : (
        <div className="mt-6 space-y-4">
          <div className="flex flex-wrap gap-3" role="group" aria-label="Arve tegevused">
            <Button onPress={() => window.print()}>Prindi</Button>
            <a className="btn-outline" href={invoicePdfUrl(invoice.data.id, true)} download>
              Laadi PDF alla
            </a>
            <SendInvoiceButton invoice={invoice.data} bookingId={invoice.data.bookingId} lastEmail={invoice.data.emails[0]} send={send} />
            {invoice.data.creditsInvoiceId !== null && (
              <AppLink href={`/admin/invoices/${invoice.data.creditsInvoiceId}`} className="btn-outline">
                Krediteeritud arve
              </AppLink>
            )}
          </div>
          {invoice.data.buyerEmail && <InvoiceEmails emails={invoice.data.emails} />}
          <div className="card mx-auto max-w-[210mm] p-[12mm]" data-print-area>
            <InvoiceDocumentView invoice={invoice.data.document} />
          </div>
        </div>
      )}
    </>
  );
}
