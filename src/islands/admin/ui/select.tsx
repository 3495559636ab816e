/** A labelled single-choice select on React Aria (listbox popover, type-ahead, keyboard, screen-reader labels). */
import type { Ref } from 'react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { FieldNotes } from './field-notes';

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

/** Options for a set of values, each labelled by `label` (the spec's Estonian names). */
export function optionsOf<V extends string>(values: readonly V[], label: (value: V) => string): Option<V>[] {
  return values.map((value) => ({ value, label: label(value) }));
}

export interface SelectFieldProps<V extends string> {
  label: string;
  options: readonly Option<V>[];
  value: V | null;
  onChange: (value: V) => void;
  placeholder?: string;
  description?: string;
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  name?: string;
  className?: string;
  onBlur?: () => void;
  /** The button that opens the list: where focus goes when the form points at this field. */
  inputRef?: Ref<HTMLButtonElement>;
}

export function SelectField<V extends string>({ label, options, value, onChange, placeholder = 'Vali…', description, errorMessage, isRequired, isDisabled, name, className = '', onBlur, inputRef }: SelectFieldProps<V>) {
  return (
    <Select
      className={`flex flex-col gap-1.5 ${className}`}
      value={value}
      onChange={(key) => key !== null && onChange(String(key) as V)}
      placeholder={placeholder}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={!!errorMessage}
      name={name}
      onBlur={onBlur}
    >
      <Label className="text-sm font-semibold text-ink-900">{label}</Label>
      <Button ref={inputRef} className="flex min-h-11 w-full cursor-pointer items-center justify-between gap-2 rounded-xl border border-sand-300 bg-white px-3 py-2 text-left text-ink-900 data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-lagoon-600 data-[invalid]:border-rose-700">
        <SelectValue className="truncate data-[placeholder]:text-ink-600" />
        <span aria-hidden="true" className="text-ink-600">
          ▾
        </span>
      </Button>
      <FieldNotes description={description} errorMessage={errorMessage} />
      <Popover className="min-w-(--trigger-width) overflow-auto rounded-xl bg-white p-1 shadow-lg ring-1 ring-sand-200">
        <ListBox className="outline-none" items={options.map((o) => ({ id: o.value, ...o }))}>
          {(option) => (
            <ListBoxItem
              id={option.value}
              textValue={option.label}
              className="flex min-h-10 cursor-pointer items-center rounded-lg px-3 text-ink-900 outline-none data-[focused]:bg-lagoon-50 data-[selected]:font-semibold data-[selected]:text-lagoon-800"
            >
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
