/**
 * The booking form's price and payment plans (issue "Sell"): as the visitor fills the form, the price for the whole
 * party (per-person price × people, with the room type's supplement on top) and each plan the edition offers today,
 * with its amounts and due days; the early-bird price with the regular one struck and its last day (issue 38). The
 * same rules price the request again on the server (src/lib/payment-plans); this only shows them. Deferred payment
 * is information, not a plan: no credit partner is connected. Loaded with its rules once the form knows the editions
 * (the booking form's first load carries neither). Every amount reads as the back office and the e-mails write it
 * ("1 299,00 €").
 */
import { useEffect, useMemo, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { EditionAvailability } from '../lib/booking/availability';
import type { RoomTypeOption } from '../lib/booking/room-types';
import { goesOnWaitingList, partyOnWaitingListText } from '../lib/booking/waiting-list';
import { formatDateEt, formatMoney } from '../lib/format';
import { DEFERRED_PAYMENT, PAYMENT_PLAN_LABELS, quotes as planQuotes, type CodeDiscountTerms, type PaymentPlan, type Quote } from '../lib/payment-plans';
import { SCHEDULE_PART_LABELS } from '../lib/payment-schedule';
import { DiscountCodeField } from './booking-discount-code';
import { ChooseEditionFirst, PLAN_LEGEND } from './booking-plans-placeholder';
import { FieldError } from './forms/field';

export const PLAN_TEXTS = {
  legend: PLAN_LEGEND,
  perPerson: (quote: Quote) => `${quote.people} × ${formatMoney(quote.unitAfterDiscountCents)}`,
  saving: (cents: number) => `säästate ${formatMoney(cents)}`,
  compareAt: 'tavahind',
  /** The room type's supplement comes on top of the price per person. */
  supplement: (cents: number, room: string) => `millele lisandub toa lisatasu ${formatMoney(cents)} inimese kohta (${room.toLocaleLowerCase('et')})`,
  earlyBird: (until: string) => `Varajase broneerija hind kuni ${formatDateEt(until)}`,
  deferred: `Soovi korral saab tasuda ka järelmaksuga alates ${formatMoney(DEFERRED_PAYMENT.fromEur * 100)} kuus kuni ${DEFERRED_PAYMENT.maxMonths} kuu jooksul: kirjutage sõnumisse ja leiame lahenduse.`,
  waitingList: 'Ootejärjekorras olles ei pea veel maksma: maksegraafik hakkab kehtima, kui koht vabaneb.',
} as const;

/**
 * The price struck beside the one that applies: the regular price while the early-bird one runs, else the compare-at
 * when above it. The pages' price block says the same (src/lib/booking/price-block's struckCents), kept apart so that
 * the pages' script stays one small chunk of its own.
 */
const struckCents = ({ priceCents, compareAtCents, earlyBird }: EditionAvailability['price']): number | null =>
  earlyBird ? earlyBird.regularCents : compareAtCents !== null && compareAtCents > priceCents ? compareAtCents : null;

interface Props {
  edition: EditionAvailability | undefined;
  /** The server's day: the plans' days count from it. */
  today: string | null;
  roomType: RoomTypeOption;
  people: number;
  roomLabel: string;
  plan: PaymentPlan;
  /** A plan the chosen edition does not offer today gives way to the first one it does. */
  onPlan: (plan: PaymentPlan) => void;
  field: UseFormRegisterReturn<'paymentPlan'>;
  error: string | undefined;
  errorId: string;
  /** The discount code's field (issue 38): its id, register() and the form's message for it. */
  code: { id: string; field: UseFormRegisterReturn<'discountCode'>; error: string | undefined };
}

export default function BookingPlans({ edition, today, roomType, people, roomLabel, plan, onPlan, field, error, errorId, code }: Props) {
  /** The code the server accepted for the chosen edition: the plans are priced with it. */
  const [discount, setDiscount] = useState<CodeDiscountTerms | null>(null);
  const quotes: Quote[] = useMemo(
    () => (edition && today ? planQuotes(edition.price, roomType, people, { bookedOn: today, startDate: edition.startDate }, discount) : []),
    [edition, today, roomType, people, discount],
  );
  useEffect(() => {
    if (quotes.length > 0 && !quotes.some((q) => q.plan === plan)) onPlan(quotes[0]!.plan);
  }, [quotes, plan, onPlan]);

  if (!edition || quotes.length === 0) return <ChooseEditionFirst />;
  const supplement = quotes[0]!.unitCents - edition.price.priceCents;
  const struck = struckCents(edition.price);
  const earlyBird = edition.price.earlyBird;
  const waiting = goesOnWaitingList(edition, people);
  // A full edition says so by the edition's choice already.
  const partyWaits = waiting && !edition.full;
  return (
    <fieldset className="space-y-3" aria-describedby={error ? errorId : undefined} data-booking-plans>
      <legend className="form-section-title">
        {PLAN_TEXTS.legend}
        <span aria-hidden="true" className="field-required"> *</span>
      </legend>
      <p className="text-sm text-ink-600" data-edition-unit-price>
        {formatMoney(edition.price.priceCents)} inimese kohta
        {struck !== null && (
          <>
            {' '}
            ({PLAN_TEXTS.compareAt} <s>{formatMoney(struck)}</s>)
          </>
        )}
        {supplement > 0 && <>, {PLAN_TEXTS.supplement(supplement, roomLabel)}</>}.
      </p>
      {earlyBird && (
        <p className="text-sm font-semibold text-clay-700" data-early-bird>
          {PLAN_TEXTS.earlyBird(earlyBird.until)}
        </p>
      )}
      <DiscountCodeField {...code} retreatMonth={edition.id} applied={discount} onApplied={setDiscount} />
      <div className="grid gap-3">
        {quotes.map((quote) => (
          <label key={quote.plan} className="plan-choice flex gap-3 rounded-2xl border border-sand-200 p-4 has-[:checked]:border-lagoon-600 has-[:checked]:bg-lagoon-50" data-plan={quote.plan}>
            <input {...field} type="radio" value={quote.plan} aria-invalid={error ? true : undefined} className="choice-input mt-1" />
            <span className="grid gap-1">
              <span className="font-semibold text-ink-900">{PAYMENT_PLAN_LABELS[quote.plan]}</span>
              <span className="text-lagoon-900">
                <strong className="text-lg" data-plan-total>
                  {formatMoney(quote.totalCents)}
                </strong>{' '}
                <span className="text-sm text-ink-600">
                  ({PLAN_TEXTS.perPerson(quote)}
                  {quote.discountCents > 0 && `, ${PLAN_TEXTS.saving(quote.discountCents)}`})
                </span>
              </span>
              <span className="text-sm text-ink-600" data-plan-parts>
                {quote.parts.map((part, index) => (
                  <span key={part.part} className="block">
                    {quote.parts.length > 1 ? `${SCHEDULE_PART_LABELS[part.part]}: ` : index === 0 ? 'Tasumine: ' : ''}
                    {formatMoney(part.amountCents)} hiljemalt {formatDateEt(part.dueOn)}
                  </span>
                ))}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
      {/* A party larger than the places left is placed whole or not at all: told here, before it sends. */}
      <p aria-live="polite" className="text-sm font-semibold text-clay-700" data-party-waiting-note>
        {partyWaits ? partyOnWaitingListText(people, edition.placesLeft!) : null}
      </p>
      <p className="text-sm text-ink-600">{waiting ? PLAN_TEXTS.waitingList : PLAN_TEXTS.deferred}</p>
    </fieldset>
  );
}
