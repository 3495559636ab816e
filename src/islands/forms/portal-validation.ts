/** The guest portal's resolvers (loaded on first focus, like the other forms' chunks: ./lazy-portal-validation.ts). */
// First: configures zod before the shared schemas below are constructed.
import './zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { giftVoucherRedeemSchema } from '../../lib/gift-vouchers';
import { cancellationRequestSchema, deleteAccountSchema } from '../../lib/portal-schemas';
import { travelDetailsSchema } from '../../lib/travel-details-schema';

/** Today's day decides "not in the future" and "not expired", as on the server. */
export const travelDetailsResolver = (today: string) => zodResolver(travelDetailsSchema(today));
export const cancellationRequestResolver = zodResolver(cancellationRequestSchema);
export const deleteAccountResolver = zodResolver(deleteAccountSchema);
/** "Kasuta kinkekaarti" (issue 38): the voucher's code and the amount, as the API checks them. */
export const giftVoucherRedeemResolver = zodResolver(giftVoucherRedeemSchema);
