/** The guest portal's resolvers (loaded on first focus, like the other forms' chunks: ./lazy-validation). */
// First: configures zod before the shared schemas below are constructed.
import './zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { cancellationRequestSchema, deleteAccountSchema } from '../../lib/portal-schemas';
import { travelDetailsSchema } from '../../lib/travel-details-schema';

/** Today's day decides "not in the future" and "not expired", as on the server. */
export const travelDetailsResolver = (today: string) => zodResolver(travelDetailsSchema(today));
export const cancellationRequestResolver = zodResolver(cancellationRequestSchema);
export const deleteAccountResolver = zodResolver(deleteAccountSchema);
