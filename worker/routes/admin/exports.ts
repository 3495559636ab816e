/** /api/admin/exports: CSV downloads of the lists, with the list's own query (filters, search, sort). */
import { Hono } from 'hono';
import { bookingListQuerySchema } from '../../../src/lib/admin/bookings';
import { clientListQuerySchema } from '../../../src/lib/admin/clients';
import { tallinnDay } from '../../../src/lib/format';
import type { SignedInEnv } from '../../app-env';
import { validQuery } from '../../http/validate';
import { bookingsCsv, clientsCsv, invoicesCsv, paymentsCsv } from '../../admin/exports';
import { invoiceListQuerySchema } from '../../../src/lib/admin/invoices';
import { paymentsExportQuerySchema } from '../../../src/lib/payments';
import { giftVouchersCsv } from '../../admin/gift-vouchers';
import { documentsIssued } from '../../domain/invoices/issue';

const csvHeaders = (name: string, day: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${name}-${day}.csv"`,
});

export const adminExportRoutes = new Hono<SignedInEnv>()
  .get('/bookings.csv', validQuery(bookingListQuerySchema), (c) => {
    const { deps } = c.var;
    return c.body(bookingsCsv(deps, c.req.valid('query')), 200, csvHeaders('broneeringud', tallinnDay(deps.now())));
  })
  .get('/clients.csv', validQuery(clientListQuerySchema), (c) => {
    const { deps } = c.var;
    return c.body(clientsCsv(deps, c.req.valid('query')), 200, csvHeaders('kliendid', tallinnDay(deps.now())));
  })
  // The accountant's export: the documents and the ledger of a period.
  .get('/invoices.csv', validQuery(invoiceListQuerySchema), (c) => {
    const { deps } = c.var;
    return c.body(invoicesCsv(deps, c.req.valid('query')), 200, csvHeaders('arved', tallinnDay(deps.now())));
  })
  // Issue 38: the vouchers sold, used and open in a period.
  .get('/gift-vouchers.csv', validQuery(paymentsExportQuerySchema), (c) => {
    const { deps } = c.var;
    return c.body(giftVouchersCsv(deps, c.req.valid('query')), 200, csvHeaders('kinkekaardid', tallinnDay(deps.now())));
  })
  // Issue 39: the period's e-invoices (every invoice and credit note issued in it) as one ZIP of UBL files.
  .get('/e-invoices.zip', validQuery(paymentsExportQuerySchema), async (c) => {
    const { deps } = c.var;
    const documents = await documentsIssued(deps, c.req.valid('query'));
    const zip = (await deps.invoiceUbl()).ublArchive(documents);
    return c.body(zip as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="e-arved-${tallinnDay(deps.now())}.zip"` });
  })
  .get('/payments.csv', validQuery(paymentsExportQuerySchema), (c) => {
    const { deps } = c.var;
    return c.body(paymentsCsv(deps, c.req.valid('query')), 200, csvHeaders('maksed', tallinnDay(deps.now())));
  });
