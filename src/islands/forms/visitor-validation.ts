/**
 * The booking and contact forms' zod schemas and resolvers: a chunk loaded on the form's first focus or submit
 * (./lazy-validation), not with the page. They are a third of the islands' JavaScript and nothing needs them before.
 */
// First: configures zod before the shared schemas below are constructed.
import './zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { bookingRequestSchema } from '../../lib/booking/schema';
import { contactRequestSchema } from '../../lib/contact-schema';

export const bookingResolver = zodResolver(bookingRequestSchema);
export const contactResolver = zodResolver(contactRequestSchema);
