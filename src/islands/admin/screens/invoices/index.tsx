/**
 * /admin/invoices/{id}: one issued invoice or credit note as an A4 page in Estonian, with "Prindi" (print CSS
 * prints the invoice alone), the PDF, the e-mail and how it stands, and the way back to its booking. An invoice whose booking is gone
 * still opens (the books keep it), and leads back to the invoices screen.
 */
import { INVOICE_TEXTS } from '../../../../lib/invoices/documents';
import { formatMoney } from '../../../../lib/format';
import { invoicePdfUrl, invoiceUblUrl, useInvoice, useSendInvoice } from '../../api/invoices';
import { isNotFound } from '../../../api/client';
import type { ScreenProps } from '../../screen-props';
import { AppLink, ScreenHeader } from '../../shell';
import { Button } from '../../ui/button';
import { ErrorState, QueryView } from '../../ui/states';
import { InvoiceDocumentView } from './invoice-document';
import { InvoiceEmails, SendInvoiceButton } from './invoice-email';
import { useErrorToast } from '../../use-error-toast';

export default function InvoiceScreen({ params }: ScreenProps) {
  const invoice = useInvoice(params.id!);
  const send = useSendInvoice();
  const notFound = isNotFound(invoice.error);

  useErrorToast(notFound ? 'Arvet ei leitud' : 'Arve laadimine ebaõnnestus', invoice.error);

  const data = invoice.data;
  const title = data ? `${INVOICE_TEXTS.title[data.kind]} ${data.number}` : 'Arve';
  return (
    <>
      <ScreenHeader
        title={title}
        intro={data ? `${data.buyerName} · ${formatMoney(data.totalCents)}` : undefined}
        back={
          data?.bookingId
            ? { href: `/admin/bookings/${data.bookingId}`, label: '← Tagasi broneeringu juurde' }
            : { href: '/admin/invoices', label: '← Arvete juurde' }
        }
      />
      <QueryView
        query={invoice}
        loading="Arve laadimine..."
        failed={notFound ? <ErrorState text="Arvet ei leitud" detail={invoice.error?.message} /> : 'Arve laadimine ebaõnnestus'}
      >
        {(detail) => (
          <div className="mt-6 space-y-4">
            <div className="flex flex-wrap gap-3" role="group" aria-label="Arve tegevused">
              <Button onPress={() => window.print()}>Prindi</Button>
              <a className="btn-outline" href={invoicePdfUrl(detail.id, true)} download>
                Laadi PDF alla
              </a>
              <a className="btn-outline" href={invoiceUblUrl(detail.id)} download data-e-invoice>
                Laadi alla e-arve (XML)
              </a>
              <SendInvoiceButton invoice={detail} bookingId={detail.bookingId} lastEmail={detail.emails[0]} send={send} />
              {detail.creditsInvoiceId !== null && (
                <AppLink href={`/admin/invoices/${detail.creditsInvoiceId}`} className="btn-outline">
                  Krediteeritud arve
                </AppLink>
              )}
            </div>
            {detail.buyerEmail && <InvoiceEmails emails={detail.emails} />}
            <div className="card mx-auto max-w-[210mm] p-[12mm]" data-print-area>
              <InvoiceDocumentView invoice={detail.document} />
            </div>
          </div>
        )}
      </QueryView>
    </>
  );
}
