/** The booking, contact and feedback forms' validation chunk (./visitor-validation.ts), loaded on first use. */
import { lazyValidation } from './lazy-validation';

export const visitorValidation = lazyValidation(() => import('./visitor-validation'));
