/** What the account screens say in toasts, and the helpers that pick the words. */
import type { FieldErrors } from 'react-hook-form';
import { toastError } from '../toast';

/** Toast texts, word for word from the spec's error catalogue (section 8) where it has them. */
export const AUTH_TOASTS = {
  invalidInput: 'Sisestus ebakorrektne',
  accountExists: { title: 'Konto juba eksisteerib', description: 'Palun logige sisse.' },
  signUpFailed: 'Registreerimine ebaõnnestus',
  signedUp: { title: 'Konto edukalt loodud!', description: 'Kontrollige oma e-posti ja avage kinnituslink, et konto kinnitada.' },
  signInFailed: 'Sisselogimine ebaõnnestus',
  invalidCredentials: 'Vale e-posti aadress või salasõna',
  signedIn: { title: 'Tere tulemast tagasi!' },
  resetSent: { title: 'Salasõna lähtestamise link saadetud!', description: 'Kontrollige oma e-posti.' },
  resetFailed: 'Salasõna lähtestamine ebaõnnestus',
  passwordChanged: { title: 'Salasõna muudetud!', description: 'Olete sisse logitud.' },
  tooManyAttempts: { title: 'Liiga palju katseid', description: 'Palun oodake 15 minutit enne uut katset' },
  confirmationResent: { title: 'Kinnituslink saadetud!', description: 'Kontrollige oma e-posti.' },
  tryAgain: 'Palun proovige hiljem uuesti.',
} as const;

/** The toast after signing in stays up this long before the page changes. */
export const SIGNED_IN_REDIRECT_MS = 800;

/** The rate limit's toast: the API's description when it sent one, else the spec's. */
export function tooManyAttemptsToast(result: { details: { message: string }[] }) {
  toastError(AUTH_TOASTS.tooManyAttempts.title, result.details[0]?.message ?? AUTH_TOASTS.tooManyAttempts.description);
}

/** The first error in the form's field order (which is also document order). */
export function firstError(errors: FieldErrors, order: readonly string[]): string | undefined {
  for (const name of order) {
    const message = (errors[name] as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
}
