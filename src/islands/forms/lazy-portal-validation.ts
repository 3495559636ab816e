/** The guest portal's validation chunk (./portal-validation.ts), loaded on first use. */
import { lazyValidation } from './lazy-validation';

export const portalValidation = lazyValidation(() => import('./portal-validation'));
