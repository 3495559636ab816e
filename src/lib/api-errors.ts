/**
 * The API's error vocabulary: one stable `code` per failure, with its HTTP status and the Estonian message a screen
 * may show as it is. Islands branch on `code`, never on `message`.
 */
export const API_ERRORS = {
  invalid_token: { status: 400, message: 'Link on vigane või juba kasutatud.' },
  token_expired: { status: 400, message: 'Link on aegunud. Palun küsige uus link.' },
  invalid_credentials: { status: 401, message: 'Sisselogimine ebaõnnestus: Vale e-posti aadress või salasõna' },
  unauthenticated: { status: 401, message: 'Palun logige sisse.' },
  session_expired: { status: 401, message: 'Sessioon on aegunud. Palun logige uuesti sisse.' },
  email_not_confirmed: { status: 403, message: 'E-posti aadress on kinnitamata. Palun avage meilis saadetud kinnituslink.' },
  forbidden: { status: 403, message: 'You need admin privileges to access this page' },
  invalid_setup_token: { status: 403, message: 'Seadistuslink on vigane. Kasutage serveri käivitamisel näidatud linki.' },
  user_not_found: { status: 404, message: 'User not found' },
  account_not_found: { status: 404, message: 'Kasutajat ei leitud.' },
  account_exists: { status: 409, message: 'Konto juba eksisteerib' },
  admin_exists: { status: 409, message: 'Admin Already Set Up' },
  last_admin: { status: 409, message: 'Viimast administraatorit ei saa tavakasutajaks muuta. Määrake enne teine administraator.' },
  retreat_full: { status: 409, message: 'Retriidil ei ole selle broneeringu kinnitamiseks piisavalt vabu kohti.' },
  booking_changed: { status: 409, message: 'Keegi muutis seda broneeringut vahepeal. Laadige uusimad andmed ja tehke muudatus uuesti.' },
  payment_already_reversed: { status: 409, message: 'See kanne on juba tühistatud vastukandega.' },
  already_cancelled: { status: 409, message: 'Broneering on juba tühistatud.' },
  /** A transition the booking's state does not allow (src/lib/booking-lifecycle.ts says which and why). */
  transition_refused: { status: 409, message: 'Seda ei saa selle broneeringuga teha.' },
  booking_cancelled_pay: { status: 409, message: 'Broneering on tühistatud: selle eest ei saa maksta.' },
  booking_cancelled: { status: 409, message: 'Broneering on tühistatud: sellele saab kanda ainult tagastusi.' },
  overpayment_unconfirmed: { status: 409, message: 'Makse on suurem kui broneeringu tasumata summa. Kinnitage ülemakse või muutke summat.' },
  booking_has_money: {
    status: 409,
    message: 'Broneeringul on arveid või makseid, mida raamatupidamine peab säilitama: seda ei saa kustutada. Tühistage broneering („Tühista broneering“).',
  },
  client_has_money: {
    status: 409,
    message: 'Kliendi broneeringutel on arveid või makseid, mida raamatupidamine peab säilitama: klienti ei saa kustutada. Tühistage tema broneeringud.',
  },
  retreat_already_confirmed: { status: 409, message: 'Retriidi toimumine on juba kinnitatud: külalistele uusi kirju ei saadetud.' },
  retreat_already_cancelled: { status: 409, message: 'Retriit on juba tühistatud.' },
  retreat_changed: { status: 409, message: 'Retriidi broneeringud muutusid vahepeal. Vaadake numbrid uuesti üle; midagi ei muudetud.' },
  retreat_has_bookings: { status: 409, message: 'Retriidil on broneeringuid: seda ei saa kustutada. Tõstke broneeringud teisele retriidile või tühistage need.' },
  discount_code_taken: { status: 409, message: 'Selline sooduskood on juba olemas.' },
  discount_code_changed: { status: 409, message: 'Keegi muutis seda sooduskoodi vahepeal. Laadige uusimad andmed ja tehke muudatus uuesti.' },
  discount_code_ended: { status: 409, message: 'Sooduskood on juba lõpetatud.' },
  webhook_changed: { status: 409, message: 'Keegi muutis seda liidest vahepeal. Laadige uusimad andmed ja tehke muudatus uuesti.' },
  webhook_disabled: { status: 409, message: 'Liides on välja lülitatud. Lülitage see enne uuesti saatmist sisse.' },
  /** A gift voucher asked for more than it holds (issue 38): the message names what is left. */
  gift_voucher_balance: { status: 409, message: 'Kinkekaardil ei ole nii palju raha alles.' },
  /** Issue 38: a waiting-list offer's link that is wrong, spent, or past its time. */
  offer_not_found: { status: 404, message: 'Seda pakkumist ei leitud: link on vigane või juba kasutatud.' },
  offer_expired: { status: 409, message: 'Pakkumine on aegunud: koht anti järjekorras järgmisele. Kui soovite, kirjutage meile.' },
  invoice_already_credited: { status: 409, message: 'See arve on juba täielikult krediteeritud.' },
  client_email_taken: { status: 409, message: 'Selle e-posti aadressiga klient on juba olemas.' },
  client_bookings_changed: { status: 409, message: 'Kliendi broneeringud muutusid vahepeal. Vaadake kinnitus uuesti üle; midagi ei kustutatud.' },
  booking_closed: { status: 409, message: 'Selle broneeringu andmeid ei saa enam muuta: broneering on tühistatud või retriit on läbi.' },
  feedback_already_given: { status: 409, message: 'Olete selle retriidi kohta juba tagasisidet andnud. Aitäh!' },
  cancellation_already_requested: { status: 409, message: 'Tühistamise soov on juba saadetud. Võtame Teiega peagi ühendust.' },
  upcoming_booking: { status: 409, message: 'Teil on eelseisev broneering. Konto kustutamiseks tühistage see enne või kirjutage meile.' },
  admin_account: { status: 409, message: 'Administraatori kontot ei saa siit kustutada. Paluge teisel administraatoril see kasutajate lehel kustutada.' },
  wrong_password: { status: 403, message: 'Salasõna on vale.' },
  too_many_attempts: { status: 429, message: 'Liiga palju katseid' },
  malformed_json: { status: 400, message: 'Päringu sisu ei ole korrektne JSON.' },
  invalid_idempotency_key: { status: 400, message: 'Idempotency-Key peab olema 8–200 märki (tähed, numbrid, - ja _).' },
  forbidden_origin: { status: 403, message: 'Päring tuli teiselt saidilt ja lükati tagasi.' },
  not_found: { status: 404, message: 'Sellist aadressi ei ole.' },
  online_payment_off: { status: 404, message: 'Internetis maksmine ei ole praegu võimalik. Palun tasuge pangaülekandega.' },
  nothing_due: { status: 422, message: 'Broneeringul ei ole praegu midagi tasuda.' },
  payment_token_invalid: { status: 400, message: 'Makseteenuse teade ei ole kehtiv.' },
  payment_order_unknown: { status: 404, message: 'Makset ei leitud.' },
  payment_amount_mismatch: { status: 422, message: 'Makseteenuse teate summa ei vasta tellitud maksele.' },
  payment_provider_failed: { status: 502, message: 'Makseteenus ei vastanud. Palun proovige mõne minuti pärast uuesti või tasuge pangaülekandega.' },
  method_not_allowed: { status: 405, message: 'See meetod ei ole sellel aadressil lubatud.' },
  /** Issue 42: the text a signer was shown is no longer the one in force (its hash differs); nothing was stored. */
  agreement_text_changed: { status: 409, message: 'Tingimuste tekst on vahepeal muutunud. Laadige leht uuesti, lugege uus versioon läbi ja kinnitage see.' },
  agreement_link_not_found: { status: 404, message: 'Seda allkirjastamise linki ei leitud: link on vigane. Avage link e-kirjast uuesti.' },
  agreement_link_expired: { status: 409, message: 'Allkirjastamise link on aegunud. Palun küsige broneerijalt või meilt uus link.' },
  agreement_already_signed: { status: 409, message: 'See reisija on kehtivad tingimused ja osaleja deklaratsiooni juba allkirjastanud.' },
  idempotency_key_reused: { status: 409, message: 'Seda päringuvõtit on juba kasutatud teistsuguse sisuga päringu jaoks.' },
  payload_too_large: { status: 413, message: 'Päringu sisu on liiga suur.' },
  statement_too_large: { status: 413, message: 'Fail on liiga suur: väljavõte võib olla kuni 5 MB.' },
  unsupported_media_type: { status: 415, message: 'Päringu sisu peab olema JSON (Content-Type: application/json).' },
  validation_failed: { status: 422, message: 'Sisestus ebakorrektne.' },
  payment_not_reversible: { status: 422, message: 'Vastukannet ei saa tühistada; kandke vajadusel uus makse.' },
  nothing_to_invoice: { status: 422, message: 'Broneeringul pole midagi arvele panna: summa on 0 €.' },
  invoice_not_creditable: { status: 422, message: 'Kreeditarvet ei saa krediteerida.' },
  invoice_no_email: { status: 422, message: 'Arve saajal pole e-posti aadressi. Väljastage arve e-posti aadressiga või printige see.' },
  edition_closed: { status: 422, message: 'Registreerimine sellele retriidile on suletud. Valige mõni teine aeg või kirjutage meile.' },
  statement_unknown_format: { status: 422, message: 'Faili ei õnnestunud lugeda: oodati ISO 20022 camt.053 või camt.054 XML-faili või Swedbanki, SEB või LHV CSV-väljavõtet.' },
  statement_malformed: { status: 422, message: 'Väljavõttes on vigane rida: midagi ei imporditud.' },
  statement_empty: { status: 422, message: 'Fail on tühi.' },
  statement_unsafe_xml: { status: 422, message: 'XML-failis on osi, mida pangaväljavõttes ei ole: faili ei loetud.' },
  statement_busy: { status: 409, message: 'Samal ajal imporditi teisi väljavõtteid, mis maksavad samu broneeringuid. Midagi ei imporditud: laadige fail uuesti üles.' },
  bank_transaction_resolved: { status: 409, message: 'See makse on juba lahendatud: laadige nimekiri uuesti.' },
  bank_transaction_not_euro: { status: 422, message: 'Broneeringule saab määrata ainult eurodes laekunud makse: jätke see kõrvale ja kandke makse broneeringule käsitsi eurodes.' },
  no_recipients: { status: 422, message: 'Valitud sihtrühmas ei ole kedagi, kellele kirjutada.' },
  spam_rejected: { status: 422, message: 'Päring tundus automaatne ja lükati tagasi.' },
  rate_limited: { status: 429, message: 'Liiga palju päringuid. Palun proovige mõne minuti pärast uuesti.' },
  db_unavailable: { status: 503, message: 'Andmebaas ei ole praegu kättesaadav. Palun proovige mõne minuti pärast uuesti.' },
  internal_error: { status: 500, message: 'Serveris tekkis viga. Palun proovige hiljem uuesti.' },
} as const;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** One invalid field: `path` joins nested keys with dots (`companions.0.firstName`). */
export interface FieldIssue {
  path: string;
  message: string;
}

export interface ApiErrorBody {
  error: { code: string; message: string; details?: FieldIssue[] };
}
