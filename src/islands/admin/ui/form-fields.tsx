/**
 * A form's text and select fields bound by name to their react-hook-form field: the value, its changes, blur, the ref
 * (where the form puts the focus on its first error) and the error message, so each field of a form is written once.
 * Apart from TextInputField and SelectField so a screen without a form does not load react-hook-form.
 */
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { SelectField, type SelectFieldProps } from './select';
import { TextInputField, type TextInputFieldProps } from './text-field';

type Bound = 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'name' | 'errorMessage';

export type FormTextFieldProps<V extends FieldValues, T> = Omit<TextInputFieldProps, Bound> & {
  control: Control<V, unknown, T>;
  name: FieldPath<V>;
};

export function FormTextField<V extends FieldValues, T>({ control, name, ...field }: FormTextFieldProps<V, T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: bound, fieldState }) => (
        <TextInputField
          {...field}
          value={(bound.value as string | null | undefined) ?? ''}
          onChange={bound.onChange}
          onBlur={bound.onBlur}
          inputRef={bound.ref}
          name={bound.name}
          errorMessage={fieldState.error?.message}
        />
      )}
    />
  );
}

export type FormSelectFieldProps<V extends FieldValues, T, O extends string> = Omit<SelectFieldProps<O>, Bound> & {
  control: Control<V, unknown, T>;
  name: FieldPath<V>;
};

export function FormSelectField<V extends FieldValues, T, O extends string>({ control, name, ...field }: FormSelectFieldProps<V, T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: bound, fieldState }) => (
        <SelectField
          {...field}
          value={(bound.value as O | null | undefined) ?? null}
          onChange={bound.onChange}
          onBlur={bound.onBlur}
          inputRef={bound.ref}
          name={bound.name}
          errorMessage={fieldState.error?.message}
        />
      )}
    />
  );
}
