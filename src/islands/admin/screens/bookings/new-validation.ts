/**
 * The new-booking form's resolver (./new): the shared schema for the day, with zod. A chunk of its own, loaded on the
 * form's first focus or submit, as the public forms' (../../../forms/lazy-validation): the screen draws without it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { adminBookingCreateSchema, type AdminBookingCreate, type AdminBookingCreateInput } from '../../../../lib/admin/bookings';

const resolvers = new Map<string, Resolver<AdminBookingCreateInput, unknown, AdminBookingCreate>>();

/** The resolver for `today` (the schema refuses earlier days), built once per day. */
export function newBookingResolver(today: string): Resolver<AdminBookingCreateInput, unknown, AdminBookingCreate> {
  let resolver = resolvers.get(today);
  if (!resolver) {
    resolver = zodResolver(adminBookingCreateSchema(today));
    resolvers.set(today, resolver);
  }
  return resolver;
}
