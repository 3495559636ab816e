// What /admin/bookings/new loads to price the booking (./new.tsx): the price rules, with the payment plans and the site's settings behind them.
export { adminBookingPrice } from '../../../../lib/admin/pricing';
export { PAYMENT_PLAN_LABELS } from '../../../../lib/payment-plans';
