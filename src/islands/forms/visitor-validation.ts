/**
 * The booking and contact forms' zod schemas and resolvers: a chunk loaded on the form's first focus or submit
 * (./lazy-visitor-validation.ts), not with the page. They are a third of the islands' JavaScript and nothing needs
 * them before.
 */
// First: configures zod before the shared schemas below are constructed.
import './zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { bookingRequestSchemaFor } from '../../lib/booking/schema';
import { contactRequestSchema } from '../../lib/contact-schema';
import { feedbackSchema } from '../../lib/feedback-schema';

/**
 * The booking form's resolver: the shared schema with the age rule counted on the chosen edition's first day, from
 * the editions the form offers (its context: a ref to their first days by key).
 */
const bookingResolvers = new WeakMap<Map<string, string>, Resolver>();
const NO_EDITIONS = new Map<string, string>();
export const bookingResolver: Resolver = (values, context, options) => {
  const starts = (context as { current?: Map<string, string> } | undefined)?.current ?? NO_EDITIONS;
  let resolver = bookingResolvers.get(starts);
  if (!resolver) {
    resolver = zodResolver(bookingRequestSchemaFor((id) => starts.get(id))) as unknown as Resolver;
    bookingResolvers.set(starts, resolver);
  }
  return resolver(values, context, options);
};
export const contactResolver = zodResolver(contactRequestSchema);
export const feedbackResolver = zodResolver(feedbackSchema);
