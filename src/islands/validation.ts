/**
 * The zod schemas and their react-hook-form resolvers, loaded by the form islands on first use (focus or submit)
 * instead of with the page: they are a third of the islands' JavaScript and nothing needs them before then.
 */
// First: configures zod before the shared schemas below are constructed.
import './zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { bookingRequestSchema } from '../lib/booking/schema';
import { contactRequestSchema } from '../lib/contact-schema';

export const bookingResolver = zodResolver(bookingRequestSchema);
export const contactResolver = zodResolver(contactRequestSchema);
