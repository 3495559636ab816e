/**
 * An invoice or credit note as the print view shows it (A4, Estonian): the same facts, in the same order, as the
 * server's PDF (worker/domain/invoices/pdf.ts). Also the create dialog's preview, before it has a number.
 */
import type { InvoiceDocument } from '../../../../lib/invoices/documents';
import { buyerAddressLine, INVOICE_TEXTS, invoiceNotes, invoiceTotals, linesAsShown, supplyPeriodLine } from '../../../../lib/invoices/documents';
import { formatDateEt, formatMoney } from '../../../../lib/format';
import { ColumnHeads } from '../../../column-heads';

type Printable = Omit<InvoiceDocument, 'number'> & { number?: string };

export function InvoiceDocumentView({ invoice }: { invoice: Printable }) {
  const { seller, buyer } = invoice;
  const title = INVOICE_TEXTS.title[invoice.kind];
  const totals = invoiceTotals(invoice);
  const supply = supplyPeriodLine(invoice, formatDateEt);
  return (
    <article className="invoice-sheet text-sm text-ink-900" aria-label={invoice.number ? `${title} ${invoice.number}` : `${title} (eelvaade)`}>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <p className="text-xl font-bold">{seller.name}</p>
        <div className="text-right">
          <h2 className="text-2xl font-bold tracking-wide uppercase">{title}</h2>
          <p className="font-semibold" data-invoice-number>
            {invoice.number ? `Nr ${invoice.number}` : 'Number antakse väljastamisel'}
          </p>
          <dl className="mt-1 text-ink-600">
            <div>
              <dt className="inline">Kuupäev: </dt>
              <dd className="inline">{formatDateEt(invoice.issuedOn)}</dd>
            </div>
            {invoice.dueOn && (
              <div>
                <dt className="inline">Maksetähtaeg: </dt>
                <dd className="inline">{formatDateEt(invoice.dueOn)}</dd>
              </div>
            )}
            {invoice.booking && (
              <div>
                <dt className="inline">Viitenumber: </dt>
                <dd className="inline tabular-nums">{invoice.booking.referenceNumber}</dd>
              </div>
            )}
          </dl>
        </div>
      </header>

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <section aria-label="Müüja">
          <h3 className="font-semibold text-ink-600">Müüja</h3>
          <p>{seller.name}</p>
          <p>Registrikood {seller.registryCode}</p>
          {seller.vatNumber && <p>KMKR nr {seller.vatNumber}</p>}
          <p>{seller.address}</p>
          <p>{seller.email}</p>
        </section>
        <section aria-label="Ostja">
          <h3 className="font-semibold text-ink-600">Ostja</h3>
          <p>{buyer.name}</p>
          {buyer.registryCode && <p>Registrikood {buyer.registryCode}</p>}
          {buyer.vatNumber && <p>KMKR nr {buyer.vatNumber}</p>}
          {buyerAddressLine(buyer) && <p>{buyerAddressLine(buyer)}</p>}
          {buyer.email && <p>{buyer.email}</p>}
          {buyer.phone && <p>{buyer.phone}</p>}
        </section>
      </div>

      {invoice.booking && (
        <p className="mt-6">
          Broneering nr {invoice.booking.id}: {invoice.booking.retreatName}
          {invoice.booking.startDate && invoice.booking.endDate && `, ${formatDateEt(invoice.booking.startDate)}–${formatDateEt(invoice.booking.endDate)}`}
        </p>
      )}
      {supply && <p className="mt-1 text-ink-600">{supply}</p>}
      {invoice.credits && <p className="mt-2 font-semibold">{INVOICE_TEXTS.creditsInvoice(invoice.credits.number, formatDateEt(invoice.credits.issuedOn))}</p>}
      {invoice.reason && <p className="mt-1">Põhjus: {invoice.reason}</p>}

      <div className="mt-4 overflow-x-auto" role="region" aria-label="Arve read" tabIndex={0}>
        <table className="w-full border-collapse">
          <caption className="sr-only">Arve read</caption>
          <thead>
            <ColumnHeads
              className="border-b border-sand-300 text-left"
              cell="py-2 pr-3 last:pr-0"
              columns={[
                'Kirjeldus',
                { figure: 'Kogus' },
                { figure: invoice.vat ? INVOICE_TEXTS.netColumn.price : 'Hind' },
                { figure: invoice.vat ? INVOICE_TEXTS.netColumn.sum : 'Summa' },
              ]}
            />
          </thead>
          <tbody>
            {linesAsShown(invoice).map((line, index) => (
              <tr key={index} className="border-b border-sand-100 align-top">
                <td className="py-1.5 pr-3">{line.description}</td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{line.quantity}</td>
                <td className="py-1.5 pr-3 text-right whitespace-nowrap tabular-nums">{formatMoney(line.unitCents)}</td>
                <td className="py-1.5 text-right whitespace-nowrap tabular-nums">{formatMoney(line.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1" data-invoice-totals>
        {totals.map(([label, cents, strong]) => (
          <div key={label} className="contents">
            <dt className={`text-right ${strong ? 'font-semibold' : ''}`}>{label}</dt>
            <dd className={`text-right whitespace-nowrap tabular-nums ${strong ? 'font-semibold' : ''}`} data-total={label}>
              {formatMoney(cents)}
            </dd>
          </div>
        ))}
      </dl>

      <div className="mt-6 space-y-1 text-ink-600">
        {invoiceNotes(invoice, formatDateEt, formatMoney).map((note) => (
          <p key={note}>{note}</p>
        ))}
      </div>
    </article>
  );
}
