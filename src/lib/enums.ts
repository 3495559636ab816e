/**
 * The closed value sets the database stores (worker/db/schema.ts turns most into CHECK constraints), shared by the
 * zod schemas, the screens and the API. Free of imports, so any bundle can take them without pulling drizzle in.
 */

/** Booking status (admin spec section 4). */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Payment status: the four an admin picks, plus 'failed', which the retreat booking list also shows. */
export const PAYMENT_STATUSES = ['pending', 'partial', 'paid', 'overdue', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How a payment or refund moved (issue "Back office II": the payments ledger). */
/** `bank_link`: paid online through an Estonian bank link (issue "Pay online", migration 0024). */
export const PAYMENT_METHODS = ['bank_transfer', 'bank_link', 'card', 'cash', 'other', 'gift_voucher'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * The methods an admin types a payment or a refund with. A gift voucher (issue 38) pays only through the voucher's
 * own door (the ledger's `voucherRedemption`), which checks its balance: never typed.
 */
export const TYPED_PAYMENT_METHODS = ['bank_transfer', 'bank_link', 'card', 'cash', 'other'] as const satisfies readonly PaymentMethod[];

/** Online payment (issue "Pay online"): the providers, what a guest pays online, and an order's last known status. */
export const ONLINE_PAYMENT_PROVIDERS = ['montonio'] as const;
export type OnlinePaymentProviderName = (typeof ONLINE_PAYMENT_PROVIDERS)[number];
export const ONLINE_PAYMENT_PARTS = ['next', 'rest'] as const;
export type OnlinePaymentPart = (typeof ONLINE_PAYMENT_PARTS)[number];
export const ONLINE_ORDER_STATUSES = ['created', 'pending', 'authorized', 'paid', 'abandoned', 'voided', 'partially_refunded', 'refunded'] as const;
export type OnlineOrderStatus = (typeof ONLINE_ORDER_STATUSES)[number];

/** An invoice, or a credit note that takes (part of) one back (issue "Back office II"). */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Room type: single/shared/double in the admin screens, 'private' seen in the booking form schema. */
export const ROOM_TYPES = ['single', 'shared', 'double', 'private'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

export const ROOM_SHARING_PREFERENCES = ['shared', 'private'] as const;
export type RoomSharingPreference = (typeof ROOM_SHARING_PREFERENCES)[number];

export const BED_TYPE_PREFERENCES = ['single_bed', 'double_bed'] as const;
export type BedTypePreference = (typeof BED_TYPE_PREFERENCES)[number];

/** Public booking form: experience level and travel mode. */
export const EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

export const TRAVEL_MODES = ['alone', 'with-companions'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];

/** Who created a booking. */
export const BOOKING_SOURCES = ['public_form', 'admin'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Audit severities (admin spec section 9). */
export const AUDIT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];

/**
 * Every action the server writes to the audit trail (issue 21): the column is typed with it, so a new action does not
 * compile without its place here, and the screen's labels and filter (src/lib/labels.ts) must name each one.
 */
export const AUDIT_ACTIONS = [
  'login',
  'signout',
  'session_timeout',
  'password_reset',
  'role_change',
  'excessive_login_attempts',
  'account.export',
  'account.delete',
  'booking.view',
  'booking.create',
  'booking.update',
  'booking.services',
  'booking.companions',
  'booking.delete',
  'booking.email_resend',
  'booking.reminders',
  'booking.move',
  'booking.promote',
  'booking.offer',
  'booking.offer_lapsed',
  'booking.offer_accepted',
  'booking.waiting_list',
  'booking.plan',
  'booking.cancel',
  'booking.cancellation_requested',
  'guest.update',
  'guest.health_read',
  'travellers.update',
  'travellers.health_read',
  'health_data.erased',
  'payment.record',
  'payment.refund',
  'payment.reverse',
  'payment.overdue',
  'payment.import',
  'payment.online',
  'payment.gift_voucher',
  'gift_voucher.create',
  'bank_statement.import',
  'bank_transaction.assign',
  'bank_transaction.dismiss',
  'invoice.issue',
  'invoice.credit_note',
  'invoice.send',
  'contact_message.reply',
  'group_message.send',
  'feedback.export',
  'customer.view',
  'customer.create',
  'customer.update',
  'customer.delete',
  'customer.sync',
  'retreat.create',
  'retreat.update',
  'retreat.delete',
  'retreat.publish',
  'retreat.unpublish',
  'retreat.health_sheet_read',
  'retreat.sheet_read',
  'retreat.rooms',
  'retreat.confirm',
  'retreat.cancel',
  'discount_code.create',
  'discount_code.update',
  'discount_code.end',
  'email.test',
  'agreement.link_sent',
  'agreement.sign',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.disable',
  'webhook.resend',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** 'logged' = no mail provider configured; the message was printed to the console instead (DESIGN section 6). */
export const OUTBOX_STATUSES = ['pending', 'sent', 'logged', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const AUTH_TOKEN_PURPOSES = ['email_confirmation', 'password_reset'] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/**
 * Rate-limit buckets. Deliberately NOT a CHECK constraint: adding a bucket must not need a table rebuild.
 * 'signin' and 'signup' share the per-e-mail limit; 'signin_ip' is the per-IP limit on sign-in (password spraying);
 * 'email_send' is the per-IP limit on mail-sending endpoints; 'booking_submit' and 'contact_submit' are the per-IP
 * limits of the public forms; 'setup_token' counts wrong first-admin setup tokens per IP; 'account_delete' counts
 * password tries on the portal's "delete my account" per account.
 */
export const AUTH_ATTEMPT_KINDS = ['signin', 'signup', 'signin_ip', 'email_send', 'booking_submit', 'contact_submit', 'setup_token', 'account_delete', 'discount_check', 'gift_voucher_try', 'offer_try', 'agreement_try'] as const;
export type AuthAttemptKind = (typeof AUTH_ATTEMPT_KINDS)[number];
