/** The account forms' validation chunk (./account-validation.ts: /auth and the first-admin screens), loaded on first use. */
import { lazyValidation } from './lazy-validation';

export const accountValidation = lazyValidation(() => import('./account-validation'));
