/**
 * The workerd side of `npm run bench:invoice`: renders the sample invoice with the worker's own PDF code, once per
 * request (workerd's clock stands still during CPU work, so the bench times each request from outside). `/empty`
 * answers at once, for the round trip to subtract.
 */
import { renderInvoicePdf } from '../../worker/domain/invoices/pdf';
import { SAMPLE_INVOICE } from './invoice-sample';

export default {
  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname === '/empty') return new Response('');
    return new Response(await renderInvoicePdf(SAMPLE_INVOICE), { headers: { 'Content-Type': 'application/pdf' } });
  },
};
