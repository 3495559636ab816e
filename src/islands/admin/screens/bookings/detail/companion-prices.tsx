/**
 * Companion prices (admin spec sections 2 and 4): a custom price per companion (decimal, step 0.01, stored as
 * cents), held here and flagged until 'Salvesta kaasreisijate andmed'.
 */
import { useEffect, useState } from 'react';
import type { BookingDetail } from '../../../../../lib/admin/booking-views';
import { centsToInput } from '../../../../../lib/money-text';
import { toast, toastError } from '../../../../toast';
import { useUpdateCompanions } from '../../../api/bookings';
import { ApiRequestError } from '../../../../api/client';
import { TextInputField } from '../../../ui/text-field';
import { SaveChanges, Section } from '../../../ui/detail-parts';

const pricesOf = (booking: BookingDetail) => booking.companions.map((c) => centsToInput(c.customPriceCents));

export function CompanionPrices({ booking }: { booking: BookingDetail }) {
  const [prices, setPrices] = useState<string[]>(() => pricesOf(booking));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const save = useUpdateCompanions(String(booking.id));

  useEffect(() => {
    if (!dirty) setPrices(pricesOf(booking));
  }, [booking, dirty]);

  const submit = () =>
    save.mutate(
      { version: booking.version, companions: booking.companions.map((c, i) => ({ index: c.index, customPrice: prices[i]?.trim() ? prices[i]!.trim() : null })) },
      {
        onSuccess: () => {
          setDirty(false);
          setErrors({});
          toast({ title: 'Edukalt salvestatud' });
        },
        onError: (error) => {
          // 422: the message goes under the price it is about ("companions.1.customPrice").
          if (error instanceof ApiRequestError) {
            const next: Record<number, string> = {};
            for (const detail of error.details) {
              const match = /^companions\.(\d+)\./.exec(detail.path);
              if (match) next[Number(match[1])] = detail.message;
            }
            setErrors(next);
          }
          toastError('Kaasreisijate andmete salvestamine ebaõnnestus', error);
        },
      },
    );

  return (
    <Section
      id="companion-prices"
      title="Kaasreisijate hinnad"
      actions={
        <SaveChanges dirty={dirty} isPending={save.isPending} onSave={submit}>
          Salvesta kaasreisijate andmed
        </SaveChanges>
      }
    >
      <ul role="list" className="grid gap-4 sm:grid-cols-2">
        {booking.companions.map((companion, i) => (
          <li key={companion.index}>
            <TextInputField
              label={`${companion.firstName} ${companion.lastName}${companion.age !== null ? ` (${companion.age} a)` : ''}: hind (€)`}
              value={prices[i] ?? ''}
              inputMode="decimal"
              placeholder="0,00"
              onChange={(value) => {
                setPrices((current) => current.map((p, j) => (j === i ? value : p)));
                setDirty(true);
              }}
              errorMessage={errors[i]}
            />
          </li>
        ))}
      </ul>
    </Section>
  );
}
