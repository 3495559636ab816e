import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../../worker/domain/invoices/pdf';
import { SAMPLE_INVOICE } from '../../scripts/bench/invoice-sample';

// The invoice PDF made inside workerd, by the same code and fonts as on Node (no file system, no Buffer): poppler's
// pdftotext reads it back in Node through PDF_TEXT (vitest.config.ts).
const pdfText = (env as unknown as { PDF_TEXT: Fetcher }).PDF_TEXT;

describe('invoice PDF in workerd', () => {
  it('is a PDF whose text has the number, the buyer with Estonian letters, the lines and the totals', async () => {
    const bytes = await renderInvoicePdf(SAMPLE_INVOICE);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const res = await pdfText.fetch('http://pdf/', { method: 'POST', body: bytes });
    const text = (await res.text()).replace(/\u00a0/g, ' ');
    for (const expected of ['ARVE', 'Nr 2026-0042', 'Õnne Šmidt-Žukova', 'Kaasreisija: Šarlota Ärm', 'Jõe tänav 5, 80010 Pärnu', '3 154,50 €', '2 554,50 €', 'Jääk pärast ettemaksu', '110422']) {
      expect(text, expected).toContain(expected);
    }
  });

  it('renders the same invoice to the same bytes each time (a fixed creation date, no random id)', async () => {
    const [a, b] = [await renderInvoicePdf(SAMPLE_INVOICE), await renderInvoicePdf(SAMPLE_INVOICE)];
    expect(a).toEqual(b);
  });
});
