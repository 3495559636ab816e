/**
 * Additional services (admin spec sections 2, 4, 5): a list, an add form and a remove action. Changes are held here
 * and flagged as unsaved until 'Salvesta' sends the whole list (PUT …/services, checked against the booking's
 * version so someone else's change is not overwritten).
 */
import { useEffect, useState } from 'react';
import { type BookingDetail, type ServiceItem } from '../../../../../lib/admin/booking-views';
import { centsToInput } from '../../../../../lib/money-text';
import { formatDate, formatMoney } from '../../../../../lib/format';
import { toast, toastError } from '../../../../toast';
import { useUpdateServices } from '../../../api/bookings';
import { Button } from '../../../ui/button';
import { DatePickerField } from '../../../ui/date-picker';
import { TextInputField } from '../../../ui/text-field';
import { SaveChanges, Section } from '../../../ui/detail-parts';

/**
 * The service's rule is the shared booking contract's (zod and its schemas): it loads on the form's first focus, not
 * with the screen, and is there by the time "Lisa teenus" is pressed.
 */
let serviceSchema: Promise<(typeof import('../../../../../lib/admin/bookings'))['serviceInputSchema']> | null = null;
const loadServiceSchema = () =>
  (serviceSchema ??= import('../../../../../lib/admin/bookings').then(
    (m) => m.serviceInputSchema,
    (error: unknown) => {
      serviceSchema = null; // the next press tries again
      throw error;
    },
  ));

const EMPTY_FORM = { name: '', price: '', date: null as string | null, startTime: '', endTime: '', address: '', serviceProvider: '' };

export function ServicesEditor({ booking }: { booking: BookingDetail }) {
  const [items, setItems] = useState<ServiceItem[]>(booking.additionalServices);
  const [dirty, setDirty] = useState(false);
  const [form, setForm] = useState(EMPTY_FORM);
  const [formError, setFormError] = useState<string>();
  const save = useUpdateServices(String(booking.id));

  // A reload or someone else's save shows the stored list, unless there are unsaved changes here.
  useEffect(() => {
    if (!dirty) setItems(booking.additionalServices);
  }, [booking.additionalServices, dirty]);

  const add = async () => {
    const parsed = (await loadServiceSchema()).safeParse(form);
    if (!parsed.success) {
      setFormError(parsed.error.issues[0]?.message);
      return;
    }
    setItems((current) => [...current, parsed.data]);
    setDirty(true);
    setForm(EMPTY_FORM);
    setFormError(undefined);
    toast({ title: 'Teenus lisatud' });
  };

  const removeAt = (index: number) => {
    setItems((current) => current.filter((_, i) => i !== index));
    setDirty(true);
    toast({ title: 'Teenus eemaldatud' });
  };

  const saveAll = () =>
    save.mutate(
      {
        version: booking.version,
        services: items.map(({ priceCents, ...rest }) => ({ ...rest, price: centsToInput(priceCents) })),
      },
      {
        onSuccess: () => {
          setDirty(false);
          toast({ title: 'Edukalt salvestatud' });
        },
        onError: (error) => toastError('Lisateenuste salvestamine ebaõnnestus', error),
      },
    );

  const set = (key: keyof typeof EMPTY_FORM) => (value: string | null) => setForm((current) => ({ ...current, [key]: value ?? '' }));

  return (
    <Section
      id="additional-services"
      title="Lisateenused"
      actions={
        <SaveChanges dirty={dirty} isPending={save.isPending} onSave={saveAll}>
          Salvesta
        </SaveChanges>
      }
    >
      {items.length === 0 ? (
        <p className="text-ink-600">Lisateenuseid ei ole.</p>
      ) : (
        <ul role="list" className="divide-y divide-sand-200" aria-label="Lisateenused">
          {items.map((item, index) => (
            <li key={`${index}-${item.name}`} className="flex flex-wrap items-start justify-between gap-3 py-3" data-service={item.name}>
              <div>
                <p className="font-semibold">
                  {item.name} · <span className="tabular-nums">{formatMoney(item.priceCents)}</span>
                </p>
                <p className="text-sm text-ink-600">
                  {[
                    item.date && formatDate(item.date),
                    item.startTime && item.endTime ? `${item.startTime}–${item.endTime}` : item.startTime || item.endTime,
                    item.address,
                    item.serviceProvider,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <Button variant="ghost" size="sm" className="text-rose-800 hover:bg-rose-50" onPress={() => removeAt(index)}>
                Eemalda<span className="sr-only"> teenus {item.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}

      <form
        className="mt-6 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200"
        aria-labelledby="add-service-title"
        noValidate
        onFocus={() => void loadServiceSchema()}
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <h3 id="add-service-title" className="text-lg text-lagoon-900">
          Lisa teenus
        </h3>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <TextInputField label="Nimi" value={form.name} onChange={set('name')} isRequired />
          <TextInputField label="Hind (€)" value={form.price} onChange={set('price')} inputMode="decimal" placeholder="0,00" isRequired />
          <DatePickerField label="Kuupäev" value={form.date} onChange={set('date')} />
          <div className="grid grid-cols-2 gap-3">
            <TextInputField label="Algus" value={form.startTime} onChange={set('startTime')} placeholder="10:00" />
            <TextInputField label="Lõpp" value={form.endTime} onChange={set('endTime')} placeholder="11:30" />
          </div>
          <TextInputField label="Aadress" value={form.address} onChange={set('address')} />
          <TextInputField label="Teenusepakkuja" value={form.serviceProvider} onChange={set('serviceProvider')} />
        </div>
        {formError && (
          <p role="alert" className="mt-3 text-sm font-semibold text-rose-800" data-service-error>
            {formError}
          </p>
        )}
        <Button type="submit" variant="outline" className="mt-4">
          Lisa teenus
        </Button>
      </form>
    </Section>
  );
}
