/**
 * The admin API's calls live one module per resource (./bookings, ./payments, ./invoices, ./clients, …); here are
 * their query keys. Screens use the hooks, never fetch, so the cache keys and what a change invalidates stay
 * consistent.
 *
 * Bodies are the forms' values as typed (the schemas' *input* types: amounts as decimal text), checked in the browser
 * with the shared schema and parsed again by the API with the same one; the parsed output (cents) never travels.
 */
import type { z } from 'zod';
import type { BookingListQuery } from '../../../lib/admin/bookings';
import type { AuditListQuery } from '../../../lib/admin/audit';
import type { InvoiceListQuery } from '../../../lib/admin/invoices';
import type { ClientListQuery } from '../../../lib/admin/clients';
import type { discountCodeListQuerySchema } from '../../../lib/discount-codes';
import type { giftVoucherListQuerySchema } from '../../../lib/gift-vouchers';
import type { webhookDeliveryListQuerySchema } from '../../../lib/webhooks';
import type { RetreatListQuery } from '../../../lib/admin/retreats';
import type { UserListQuery } from '../../../lib/admin/users';

/** The discount codes' list query (the contract names no type for it). */
export type DiscountCodeListQuery = z.output<typeof discountCodeListQuerySchema>;
/** The gift vouchers' list query (likewise). */
export type GiftVoucherListQuery = z.output<typeof giftVoucherListQuerySchema>;
/** A webhook's delivery log query (likewise). */
export type WebhookDeliveryListQuery = z.output<typeof webhookDeliveryListQuerySchema>;

export const adminKeys = {
  dashboard: ['dashboard'] as const,
  health: ['health'] as const,
  bookings: ['bookings'] as const,
  bookingList: (query: BookingListQuery) => ['bookings', 'list', query] as const,
  booking: (id: string) => ['bookings', 'detail', id] as const,
  bookingEmails: (id: string) => ['bookings', 'detail', id, 'emails'] as const,
  bookingAgreements: (id: string) => ['bookings', 'detail', id, 'agreements'] as const,
  bookingPayments: (id: string) => ['bookings', 'detail', id, 'payments'] as const,
  bookingInvoices: (id: string) => ['bookings', 'detail', id, 'invoices'] as const,
  bookingTravellers: (id: string) => ['bookings', 'detail', id, 'travellers'] as const,
  moveTargets: (id: string) => ['bookings', 'detail', id, 'move-targets'] as const,
  // Outside 'bookings' on purpose: invalidating every booking query must not read (and audit) health data again.
  travellerHealth: (id: string) => ['traveller-health', id] as const,
  guestHealth: (id: string) => ['guest-health', id] as const,
  invoice: (id: string) => ['invoices', id] as const,
  // ['invoices', 'list']: what issuing a document, a payment or a booking's change invalidates (ids are numbers).
  invoiceList: (query: InvoiceListQuery) => ['invoices', 'list', query] as const,
  guests: (q: string) => ['guests', q] as const,
  retreatOptions: ['retreats', 'options'] as const,
  users: ['users'] as const,
  retreats: ['retreats'] as const,
  retreatList: (query: RetreatListQuery) => ['retreats', 'list', query] as const,
  retreat: (id: string) => ['retreats', 'detail', id] as const,
  auditList: (query: AuditListQuery) => ['audit', 'list', query] as const,
  userList: (query: UserListQuery) => ['users', 'list', query] as const,
  clients: ['clients'] as const,
  clientList: (query: ClientListQuery) => ['clients', 'list', query] as const,
  client: (id: string) => ['clients', 'detail', id] as const,
  discountCodes: ['discount-codes'] as const,
  discountCodeList: (query: DiscountCodeListQuery) => ['discount-codes', 'list', query] as const,
  // Every voucher query: a redemption on a booking changes a voucher's balance and uses.
  giftVouchers: ['gift-vouchers'] as const,
  giftVoucherList: (query: GiftVoucherListQuery) => ['gift-vouchers', 'list', query] as const,
  giftVoucher: (id: string) => ['gift-vouchers', 'detail', id] as const,
  // Every webhook query: a delivery sent again changes the endpoint's counts too.
  webhooks: ['webhooks'] as const,
  webhook: (id: string) => ['webhooks', 'detail', id] as const,
  webhookDeliveries: (id: string, query: WebhookDeliveryListQuery) => ['webhooks', 'detail', id, 'deliveries', query] as const,
};

/** Every page of the invoices screen ("Arved"), whatever its filters. */
export const INVOICE_LISTS = ['invoices', 'list'] as const;

export const BASE = '/api/admin';
