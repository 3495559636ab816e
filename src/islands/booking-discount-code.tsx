/**
 * The booking form's discount code (issue 38): "Sooduskood" and "Kasuta". The server says what a code gives on the
 * chosen edition (POST /api/discount-codes/check) or why it does not hold, under the field; once it holds, the plans
 * are priced with it and its line shows ("Soodustus KEVAD10 −10 %"). The booking sends the field as typed: the server
 * checks the code again when it books (it may end or be used up meanwhile) and refuses under the same field. Part of
 * the plans' chunk: the form's first load carries none of it. The line's words come with the codes' texts, which
 * carry the shared schemas' zod: they load with the first check, by when the form's focus has loaded zod anyway.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { CodeDiscountTerms } from '../lib/payment-plans';
import { Field } from './forms/field';
import { postJson } from './forms/post-json';

export const DISCOUNT_CODE_TEXTS = {
  label: 'Sooduskood',
  apply: 'Kasuta',
  checking: 'Kontrollin...',
  failed: 'Sooduskoodi kontrollimine ebaõnnestus. Palun proovige uuesti.',
} as const;

interface Props {
  id: string;
  field: UseFormRegisterReturn<'discountCode'>;
  /** The chosen edition's key: a code may hold for some editions only. */
  retreatMonth: string;
  /** The form's message for the field: the code's spelling, or the booking's refusal (422 on `discountCode`). */
  error: string | undefined;
  applied: CodeDiscountTerms | null;
  onApplied: (terms: CodeDiscountTerms | null) => void;
}

export function DiscountCodeField({ id, field, retreatMonth, error, applied, onApplied }: Props) {
  const input = useRef<HTMLInputElement | null>(null);
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** "Soodustus KEVAD10 −10 %": the accepted code's line. */
  const [line, setLine] = useState('');
  const checkedFor = useRef(retreatMonth);

  const check = async (code: string) => {
    setChecking(true);
    const [result, texts] = await Promise.all([
      postJson('/api/discount-codes/check', { code, retreatMonth }),
      import('../lib/discount-code-text').catch(() => null),
    ]);
    setChecking(false);
    checkedFor.current = retreatMonth;
    if (result.ok && result.data?.discountCode && texts) {
      setRefusal(null);
      setLine(texts.discountLineText(result.data.discountCode));
      onApplied(result.data.discountCode);
      return;
    }
    onApplied(null);
    setRefusal((!result.ok && (result.details.find((d) => d.path === 'code')?.message ?? result.message)) || DISCOUNT_CODE_TEXTS.failed);
  };
  const apply = () => {
    if (!checking) void check(input.current?.value ?? '');
  };

  // Another edition: the code is asked about again (it may not hold there). Only when the edition changes.
  useEffect(() => {
    if (applied && checkedFor.current !== retreatMonth) void check(applied.code);
  }, [retreatMonth]);

  // The booking refused the code (or its spelling): it no longer prices the plans.
  useEffect(() => {
    if (error) onApplied(null);
  }, [error, onApplied]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter in this field asks about the code; it does not send the booking.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };

  return (
    <div className="space-y-2" data-discount-code>
      <Field id={id} label={DISCOUNT_CODE_TEXTS.label} error={refusal ?? error}>
        {(a11y) => (
          <div className="flex gap-2">
            <input
              {...a11y}
              {...field}
              ref={(element) => {
                field.ref(element);
                input.current = element;
              }}
              onChange={(event) => {
                setRefusal(null);
                if (applied) onApplied(null);
                return field.onChange(event);
              }}
              onKeyDown={onKeyDown}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={100}
              className="field-input min-w-0 flex-1"
            />
            <button type="button" className="btn-outline shrink-0" onClick={apply} aria-disabled={checking}>
              {checking ? DISCOUNT_CODE_TEXTS.checking : DISCOUNT_CODE_TEXTS.apply}
            </button>
          </div>
        )}
      </Field>
      <p aria-live="polite" className="text-sm font-semibold text-lagoon-800" data-discount-line>
        {applied ? line : null}
      </p>
    </div>
  );
}
