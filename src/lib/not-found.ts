/**
 * What a 404 (code `not_found`) says for each thing the API looks up by id: one text per noun, for the API
 * (worker/domain/not-found.ts) and for the screens that show it. A malformed id is simply not that thing, so it
 * answers the same text as an id nobody has.
 */
export const NOT_FOUND_MESSAGES = {
  booking: 'Broneeringut ei leitud',
  /** A booking's e-mail in the outbox. */
  bookingEmail: 'Sellist e-kirja selle broneeringu juures ei ole.',
  /** A traveller of a booking, by their position (0 is the booker). */
  traveller: 'Inimest ei leitud',
  /** A ledger entry of a booking. */
  payment: 'Makset ei leitud',
  invoice: 'Arvet ei leitud',
  retreat: 'Retriiti ei leitud',
  /** One of a retreat's run sheets. */
  retreatSheet: 'Sellist nimekirja ei ole.',
  client: 'Klienti ei leitud',
  contactMessage: 'Sõnumit ei leitud',
  bankStatement: 'Väljavõtet ei leitud.',
  /** A line of an imported bank statement. */
  bankTransaction: 'Makset ei leitud.',
  discountCode: 'Sooduskoodi ei leitud.',
  giftVoucher: 'Kinkekaarti ei leitud.',
  webhook: 'Liidest ei leitud.',
  webhookDelivery: 'Saatmist ei leitud.',
} as const;

export type NotFoundNoun = keyof typeof NOT_FOUND_MESSAGES;
