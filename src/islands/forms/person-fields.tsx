/**
 * The fields every form that names a person asks the same way (the booking and contact forms, sign-up, the setup
 * screens, a password reset): label, autocomplete token and the length limits the API checks, written once.
 * `field` is the form's register('name') for the field.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../../lib/validation/limits';
import { Field, PASSWORD_HINT } from './field';

export interface PersonFieldProps {
  id: string;
  field: UseFormRegisterReturn;
  error?: string;
}

export function EmailField({ id, field, error }: PersonFieldProps) {
  return (
    <Field id={id} label="E-post" required error={error}>
      {(a11y) => <input {...a11y} {...field} type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX} className="field-input" />}
    </Field>
  );
}

export function FirstNameField({ id, field, error }: PersonFieldProps) {
  return (
    <Field id={id} label="Eesnimi" required error={error}>
      {(a11y) => <input {...a11y} {...field} type="text" autoComplete="given-name" maxLength={NAME_MAX} className="field-input" />}
    </Field>
  );
}

export function LastNameField({ id, field, error }: PersonFieldProps) {
  return (
    <Field id={id} label="Perekonnanimi" required error={error}>
      {(a11y) => <input {...a11y} {...field} type="text" autoComplete="family-name" maxLength={NAME_MAX} className="field-input" />}
    </Field>
  );
}

/** A password being chosen, with the shared rule in words under its label. */
export function NewPasswordField({ id, field, error, label = 'Salasõna' }: PersonFieldProps & { label?: string }) {
  return (
    <Field id={id} label={label} required hint={PASSWORD_HINT} error={error}>
      {(a11y) => (
        <input {...a11y} {...field} type="password" autoComplete="new-password" minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} className="field-input" />
      )}
    </Field>
  );
}
