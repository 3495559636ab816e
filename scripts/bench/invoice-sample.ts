/** A typical invoice for the benchmark and the workerd test: the retreat, three services, two companions. */
import settings from '../../content/settings/site.json';
import type { InvoiceDocument } from '../../src/lib/admin/invoices';

export const SAMPLE_INVOICE: InvoiceDocument = {
  kind: 'invoice',
  number: '2026-0042',
  issuedOn: '2026-11-25',
  dueOn: '2026-12-09',
  paymentTermDays: 14,
  seller: settings.invoicing.seller,
  buyer: { name: 'Õnne Šmidt-Žukova', email: 'onne@example.com', phone: '+372 5555 1234', registryCode: null, vatNumber: null, address: 'Jõe tänav 5, 80010 Pärnu' },
  booking: { id: 1042, referenceNumber: '110422', retreatName: 'Uus algus retriit Balis', startDate: '2027-01-14', endDate: '2027-01-24' },
  lines: [
    { description: 'Uus algus retriit Balis', quantity: 1, unitCents: 129900, totalCents: 129900 },
    { description: 'Balinese massaaž, 90 minutit, Uluwatu spaas', quantity: 1, unitCents: 4550, totalCents: 4550 },
    { description: 'Päikesetõusu matk Batur vulkaanile koos hommikusöögiga', quantity: 1, unitCents: 8500, totalCents: 8500 },
    { description: 'Lennujaama transfeer', quantity: 1, unitCents: 2500, totalCents: 2500 },
    { description: 'Kaaslane: Jüri Põder', quantity: 1, unitCents: 85000, totalCents: 85000 },
    { description: 'Kaasreisija: Šarlota Ärm', quantity: 1, unitCents: 85000, totalCents: 85000 },
  ],
  totalCents: 315450,
  currency: 'EUR',
  paidCents: 30000,
  outstandingCents: 285450,
  advanceCents: 30000,
  remainingAfterAdvanceCents: 255450,
  credits: null,
  reason: null,
};
