/** An edition's words, for its back-office screens and for the core's refusals (a full edition, a cancelled one). */
export const RETREAT_MESSAGES = {
  nameRequired: 'Sisestage retriidi nimi',
  endBeforeStart: 'Lõppkuupäev ei saa olla enne alguskuupäeva',
  departureBeforeArrival: 'Lahkumise kuupäev ei saa olla enne saabumist',
  capacity: 'Kohtade arv peab olema täisarv 0–1000',
  notFound: 'Retriiti ei leitud',
  minParticipants: 'Osalejate miinimum peab olema täisarv 0–1000',
  closesDaysBefore: 'Registreerimise sulgemine peab olema täisarv 0–365 päeva enne algust',
  /** Publishing needs what a visitor sees and pays: each missing piece under its field. */
  publishNeeds: {
    startDate: 'Avaldamiseks sisestage alguskuupäev',
    endDate: 'Avaldamiseks sisestage lõppkuupäev',
    price: 'Avaldamiseks sisestage hind inimese kohta',
    started: 'Alanud või möödunud retriiti ei saa müüki avaldada',
    cancelled: 'Tühistatud retriiti ei saa müüki avaldada',
  },
  published: 'Retriit on müügil: see on broneerimisvormis ja avalehel',
  unpublished: 'Retriit ei ole müügil: külastajad seda ei näe',
  saleOver: 'Retriit on alanud või läbi: seda enam ei müüda',
  cancelledSale: 'Retriit on tühistatud: seda ei müüda',
  deleteConfirm: (name: string) => `Kas oled kindel, et soovid kustutada retriidi "${name}"?`,
  /** A retreat with bookings is not deleted: the confirmation says how many and what to do instead. */
  deleteBlocked: (name: string, bookings: number) =>
    `Retriidil "${name}" on ${bookings} ${bookings === 1 ? 'broneering' : 'broneeringut'}: seda ei saa kustutada. Tõstke broneeringud teisele retriidile või tühistage need.`,
  /** The refusal of a confirmation that does not fit: the places left and the places the booking needs. */
  placesLeft: (left: number, needed: number) => `Retriidil on vabu kohti ${left}, selle broneeringu kinnitamiseks on vaja ${needed}.`,
  /** Issue 24: an edition the organiser cancelled takes no bookings. */
  cancelledEdition: 'See retriit on tühistatud: sellele ei saa broneeringuid lisada ega tõsta.',
  earlyBirdUntilRequired: 'Sisestage varajase broneerija hinna viimane päev',
  earlyBirdPriceRequired: 'Sisestage varajase broneerija hind inimese kohta',
  earlyBirdBelowPrice: 'Varajase broneerija hind peab olema väiksem kui hind inimese kohta',
  earlyBirdBeforeStart: 'Varajase broneerija hind peab lõppema enne retriidi algust',
  capacityBelowTaken: (taken: number) => `Kohtade arv ei saa olla väiksem kui juba võetud kohtade arv (${taken}).`,
} as const;
