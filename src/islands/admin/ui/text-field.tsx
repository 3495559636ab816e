/** A labelled text input or textarea on React Aria's TextField, with its error and description tied to it. */
import type { Ref } from 'react';
import { Input, Label, TextArea, TextField } from 'react-aria-components';
import { FieldNotes } from './field-notes';

export interface TextInputFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
  type?: 'text' | 'email' | 'tel' | 'password' | 'search';
  /** Amounts: "decimal" brings up a keypad with a separator on phones; the value stays text, parsed to cents. */
  inputMode?: 'text' | 'decimal' | 'numeric' | 'email' | 'tel';
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  description?: string;
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Shown and focusable, not editable: a value that comes from elsewhere (the ledger's amount paid). */
  isReadOnly?: boolean;
  autoComplete?: string;
  maxLength?: number;
  /** The first field of a dialog's form takes the focus when the dialog opens. */
  autoFocus?: boolean;
  className?: string;
}

const CONTROL = 'w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-ink-900 read-only:bg-sand-50 data-[invalid]:border-rose-700';

export function TextInputField({ label, value, onChange, onBlur, name, inputRef, type = 'text', inputMode, multiline, rows = 3, placeholder, description, errorMessage, isRequired, isDisabled, isReadOnly, autoComplete, maxLength, autoFocus, className = '' }: TextInputFieldProps) {
  return (
    <TextField
      className={`flex flex-col gap-1.5 ${className}`}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      name={name}
      type={type}
      inputMode={inputMode}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isReadOnly={isReadOnly}
      isInvalid={!!errorMessage}
      autoComplete={autoComplete}
      maxLength={maxLength}
      autoFocus={autoFocus}
      // The schemas validate (with the spec's messages), not the browser's built-in bubbles.
      validationBehavior="aria"
    >
      <Label className="text-sm font-semibold text-ink-900">
        {label}
        {isRequired && <span aria-hidden="true"> *</span>}
      </Label>
      {multiline ? (
        <TextArea ref={inputRef} rows={rows} placeholder={placeholder} className={CONTROL} />
      ) : (
        <Input ref={inputRef} placeholder={placeholder} className={`min-h-11 ${CONTROL}`} />
      )}
      <FieldNotes description={description} errorMessage={errorMessage} />
    </TextField>
  );
}
