/** A person's travel details with every field the "complete" rule needs (src/lib/travel-details.ts), as stored. */
export const COMPLETE_TRAVEL_DETAILS = {
  dateOfBirth: '1990-05-01',
  nationality: 'Eesti',
  passportNumber: 'K1234567',
  passportExpiry: '2030-01-01',
  emergencyName: 'Õie Tamm',
  emergencyPhone: '+37255551234',
  emergencyRelationship: 'ema',
};
