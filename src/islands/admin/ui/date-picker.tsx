/**
 * A date field with a calendar popover on React Aria: typed segments (dd.mm.yyyy under the app's et-EE locale) or
 * picked from the calendar, keyboard throughout. Values cross this boundary as ISO "YYYY-MM-DD" strings, the form
 * the API and the schemas use.
 *
 * The calendar popover (./date-picker-calendar: the month grid, its state and hooks) is a chunk of its own, loaded
 * when the pointer comes over the field or the focus comes into it, so a screen with date fields does not carry it
 * until someone reaches for one; the popover opens once it is there (docs/decisions/023-page-javascript.md;
 * scripts/vite/calendar-contexts.mjs lets the bundler split React Aria's DatePicker from its Calendar).
 */
import { parseDate, type CalendarDate } from '@internationalized/date';
import { useState } from 'react';
import { Button, DateInput, DatePicker, DateSegment, Group, Label } from 'react-aria-components';
import { FieldNotes } from './field-notes';
import { lazyComponent } from '../../lazy-component';

// Drawn (and so loaded) once the field is reached for; then at once for every field.
const CalendarPopover = lazyComponent(() => import('./date-picker-calendar').then((m) => m.CalendarPopover));

const toCalendarDate = (iso: string | null | undefined): CalendarDate | null => {
  if (!iso) return null;
  try {
    return parseDate(iso.slice(0, 10));
  } catch {
    return null;
  }
};

export interface DatePickerFieldProps {
  label: string;
  value: string | null;
  onChange: (iso: string | null) => void;
  /** ISO day: earlier days are disabled in the calendar and refused when typed. */
  minValue?: string;
  /** ISO day: later days are disabled in the calendar and refused when typed. */
  maxValue?: string;
  description?: string;
  errorMessage?: string;
  isRequired?: boolean;
  name?: string;
  onBlur?: () => void;
  /** Receives something focusable (the first date segment) for when the form points at this field. */
  inputRef?: (handle: { focus(): void } | null) => void;
}

export function DatePickerField({ label, value, onChange, minValue, maxValue, description, errorMessage, isRequired, name, onBlur, inputRef }: DatePickerFieldProps) {
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  return (
    <DatePicker
      className="flex flex-col gap-1.5"
      value={toCalendarDate(value)}
      onChange={(date) => onChange(date ? date.toString() : null)}
      minValue={toCalendarDate(minValue) ?? undefined}
      maxValue={toCalendarDate(maxValue) ?? undefined}
      isRequired={isRequired}
      isInvalid={!!errorMessage}
      name={name}
      onBlur={onBlur}
      onOpenChange={(open) => open && reach()}
      granularity="day"
      // dd.mm.yyyy, as every other date in the back office (et-EE alone would show 4.1.2027).
      shouldForceLeadingZeros
    >
      <Label className="text-sm font-semibold text-ink-900">{label}</Label>
      <Group
        onFocus={reach}
        onPointerEnter={reach}
        ref={(group) => inputRef?.(group && { focus: () => group.querySelector<HTMLElement>('[role="spinbutton"]')?.focus() })}
        className="flex min-h-11 items-center rounded-xl border border-sand-300 bg-white pl-3 data-[focus-within]:outline-2 data-[focus-within]:outline-offset-2 data-[focus-within]:outline-lagoon-600 data-[invalid]:border-rose-700">
        <DateInput className="flex flex-1 text-ink-900">
          {(segment) => (
            <DateSegment
              segment={segment}
              className="rounded px-0.5 tabular-nums outline-none data-[focused]:bg-lagoon-700 data-[focused]:text-white data-[placeholder]:text-ink-600"
            />
          )}
        </DateInput>
        <Button className="grid min-h-11 min-w-11 cursor-pointer place-items-center rounded-r-xl text-lagoon-700 hover:bg-lagoon-50" aria-label="Ava kalender">
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true" focusable="false">
            <path d="M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2" />
          </svg>
        </Button>
      </Group>
      <FieldNotes description={description} errorMessage={errorMessage} />
      {reached && <CalendarPopover label={label} />}
    </DatePicker>
  );
}
