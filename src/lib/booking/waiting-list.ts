/**
 * Whether a party's request goes onto an edition's waiting list: no place left, or fewer than the party (a party is
 * placed whole or not at all), as the server decides it when it books (worker/domain/bookings/submission.ts). The
 * booking form says so before the guest sends. Imports nothing: the form's first load carries it.
 */
export const goesOnWaitingList = (edition: { placesLeft: number | null }, people: number): boolean =>
  edition.placesLeft !== null && people > edition.placesLeft;

/** The booking form's sentence by its submit button when the party is larger than the places left. */
export const partyOnWaitingListText = (people: number, placesLeft: number): string =>
  `Teie seltskonnas on ${people} inimest, vabu kohti on ${placesLeft}: taotlus läheb ootejärjekorda.`;
