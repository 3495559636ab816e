/**
 * The admin-made booking's accommodation types, payment statuses and nightly rates (admin spec section 9), apart from
 * the price rules in pricing.ts: the new-booking screen draws its fields from these and loads the price rules (the
 * payment plans and the site's settings) only when the admin has chosen what to price.
 */
export const ADMIN_ROOM_TYPES = ['single', 'shared', 'double'] as const;
export type AdminRoomType = (typeof ADMIN_ROOM_TYPES)[number];

/** Payment statuses offered when an admin creates a booking: pending (default), partial, paid. */
export const ADMIN_PAYMENT_STATUSES = ['pending', 'partial', 'paid'] as const;
export type AdminPaymentStatus = (typeof ADMIN_PAYMENT_STATUSES)[number];

export const NIGHTLY_RATE_CENTS: Record<AdminRoomType, number> = { single: 15_000, shared: 10_000, double: 20_000 };
