/**
 * The booking rules' refusals in words, and the youngest age one of them names: what the schema (./schema.ts) and the
 * API say, apart from the form's options (./form-options.ts) so the form island loads them with the schema, on first
 * focus, not with the form.
 */

/** Youngest age admitted, counted on the retreat's first day (visitor spec sections 1 and 9). */
export const MIN_PARTICIPANT_AGE = 14;

export const BOOKING_MESSAGES = {
  birthdayRequired: 'Sünnikuupäev on kohustuslik',
  birthdayInvalid: 'Sisestage kehtiv sünnikuupäev',
  tooYoung: `Osaleja peab retriidi alguseks olema vähemalt ${MIN_PARTICIPANT_AGE}-aastane`,
  retreatMonthRequired: 'Valige retriidi toimumisaeg',
  roomTypeRequired: 'Valige toa tüüp',
  travelWithRequired: 'Valige, kas reisite üksi või koos kaaslastega',
  companionsRequired: 'Lisage vähemalt üks kaasreisija',
  ageInvalid: 'Vanus peab olema täisarv vahemikus 0–120',
  termsRequired: 'Broneerimiseks nõustuge palun tingimustega',
  paymentPlanRequired: 'Valige, kuidas soovite maksta',
  paymentPlanNotOffered: 'Seda maksmise viisi sellele retriidile enam valida ei saa. Valige mõni teine.',
} as const;
