/**
 * The dialogs' choices on React Aria (arrow keys move within the radios, Space ticks a box, the group's label,
 * description and error are tied to it): one of a few (a discount's kind), or some of a list (a code's editions, a
 * webhook's events).
 */
import { Checkbox, CheckboxGroup, Label, Radio, RadioGroup } from 'react-aria-components';
import { FieldNotes } from './field-notes';

const MARK = 'grid size-5 shrink-0 place-items-center border-2 border-sand-300 bg-white text-white';
const FOCUS = 'group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-lagoon-600';

export interface RadioChoice<V extends string> {
  value: V;
  label: string;
}

export function RadioChoiceField<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly RadioChoice<V>[];
  onChange: (value: V) => void;
}) {
  return (
    <RadioGroup className="flex flex-col gap-1.5" value={value} onChange={(next) => onChange(next as V)} orientation="horizontal">
      <Label className="text-sm font-semibold text-ink-900">{label}</Label>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <Radio key={option.value} value={option.value} className="group flex min-h-11 cursor-pointer items-center gap-2 text-ink-900">
            <span aria-hidden="true" className={`${MARK} rounded-full group-data-[selected]:border-lagoon-700 ${FOCUS}`}>
              <span className="size-2.5 rounded-full bg-lagoon-700 opacity-0 group-data-[selected]:opacity-100" />
            </span>
            {option.label}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

export interface CheckboxChoice<V extends string | number = number> {
  id: V;
  label: string;
  detail?: string;
}

export interface CheckboxListFieldProps<V extends string | number> {
  label: string;
  options: readonly CheckboxChoice<V>[];
  value: readonly V[];
  onChange: (ids: V[]) => void;
  onBlur?: () => void;
  /** Each box's form name: where the form puts the focus when the field has an error. */
  name: string;
  description?: string;
  errorMessage?: string;
  /** Receives something focusable (the first box) for when the form points at this field. */
  inputRef?: (handle: { focus(): void } | null) => void;
}

/** A list of boxes to tick, scrolling inside its frame when it is long. */
export function CheckboxListField<V extends string | number>({ label, options, value, onChange, onBlur, name, description, errorMessage, inputRef }: CheckboxListFieldProps<V>) {
  return (
    <CheckboxGroup
      className="flex flex-col gap-1.5"
      value={value.map(String)}
      onChange={(ids) => onChange(options.filter((o) => ids.includes(String(o.id))).map((o) => o.id))}
      onBlur={onBlur}
      name={name}
      isInvalid={!!errorMessage}
      validationBehavior="aria"
    >
      <Label className="text-sm font-semibold text-ink-900">{label}</Label>
      <div
        ref={(frame) => inputRef?.(frame && { focus: () => frame.querySelector('input')?.focus() })}
        className="max-h-60 overflow-y-auto rounded-xl border border-sand-300 bg-white px-3 py-1"
      >
        {options.map((option) => (
          <Checkbox
            key={option.id}
            value={String(option.id)}
            className="group flex min-h-11 cursor-pointer items-center gap-3 border-b border-sand-100 py-1.5 text-ink-900 last:border-0"
          >
            <span
              aria-hidden="true"
              className={`${MARK} rounded-md group-data-[selected]:border-lagoon-700 group-data-[selected]:bg-lagoon-700 ${FOCUS}`}
            >
              <svg
                viewBox="0 0 16 16"
                className="size-3.5 opacity-0 group-data-[selected]:opacity-100"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                focusable="false"
              >
                <path d="M3 8.5 6.5 12 13 4.5" />
              </svg>
            </span>
            <span className="flex flex-col">
              <span>{option.label}</span>
              {option.detail && <span className="text-xs text-ink-600">{option.detail}</span>}
            </span>
          </Checkbox>
        ))}
      </div>
      <FieldNotes description={description} errorMessage={errorMessage} />
    </CheckboxGroup>
  );
}
