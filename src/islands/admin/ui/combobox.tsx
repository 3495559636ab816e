/**
 * A combobox that searches on the server: the parent owns the text and passes the items its query returned, so the
 * browser never loads a whole table (the guests list can be tens of thousands of rows).
 */
import type { Ref } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { FieldNotes } from './field-notes';

export interface ComboItem {
  id: string;
  label: string;
  description?: string;
}

export interface AsyncComboBoxProps {
  label: string;
  items: readonly ComboItem[];
  inputValue: string;
  onInputChange: (text: string) => void;
  selectedKey: string | null;
  onSelectionChange: (id: string | null) => void;
  isLoading?: boolean;
  emptyText: string;
  placeholder?: string;
  description?: string;
  errorMessage?: string;
  isRequired?: boolean;
  name?: string;
  onBlur?: () => void;
  /** The text input: where focus goes when the form points at this field. */
  inputRef?: Ref<HTMLInputElement>;
}

export function AsyncComboBox({ label, items, inputValue, onInputChange, selectedKey, onSelectionChange, isLoading, emptyText, placeholder, description, errorMessage, isRequired, name, onBlur, inputRef }: AsyncComboBoxProps) {
  return (
    <ComboBox
      className="flex flex-col gap-1.5"
      items={items}
      inputValue={inputValue}
      onInputChange={onInputChange}
      value={selectedKey}
      onChange={(key) => onSelectionChange(key === null ? null : String(key))}
      // The server already filtered: show its answer as it is.
      defaultFilter={() => true}
      menuTrigger="focus"
      allowsEmptyCollection
      isRequired={isRequired}
      isInvalid={!!errorMessage}
      name={name}
      onBlur={onBlur}
    >
      <Label className="text-sm font-semibold text-ink-900">{label}</Label>
      <div className="relative">
        <Input
          ref={inputRef}
          placeholder={placeholder}
          className="min-h-11 w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-ink-900 data-[invalid]:border-rose-700"
        />
        {isLoading && <span className="spinner absolute top-3 right-3 size-5" aria-hidden="true" />}
      </div>
      <FieldNotes description={description} errorMessage={errorMessage} />
      <Popover className="max-h-72 min-w-(--trigger-width) overflow-auto rounded-xl bg-white p-1 shadow-lg ring-1 ring-sand-200">
        <ListBox
          className="outline-none"
          renderEmptyState={() => <p className="px-3 py-2 text-sm text-ink-600">{isLoading ? 'Otsin…' : emptyText}</p>}
        >
          {(item: ComboItem) => (
            <ListBoxItem
              id={item.id}
              textValue={item.label}
              className="flex cursor-pointer flex-col rounded-lg px-3 py-2 text-ink-900 outline-none data-[focused]:bg-lagoon-50 data-[selected]:font-semibold"
            >
              <span>{item.label}</span>
              {item.description && <span className="text-xs text-ink-600">{item.description}</span>}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
