/** The portal's request bodies besides travel details (./travel-details): one schema for the form and the API. */
import * as z from 'zod';
import { freeTextField } from './validation/fields';

export const cancellationRequestSchema = z.object({
  confirm: z.literal(true, { error: 'Kinnitage, et soovite broneeringu tühistada' }),
  reason: freeTextField,
});
export type CancellationRequestInput = z.input<typeof cancellationRequestSchema>;

export const deleteAccountSchema = z.object({
  password: z.string({ error: 'Sisestage oma salasõna' }).min(1, 'Sisestage oma salasõna').max(200, 'Salasõna on vale.'),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
