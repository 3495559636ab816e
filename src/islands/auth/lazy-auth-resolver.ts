import type { FieldValues, Resolver } from 'react-hook-form';

type AuthValidation = typeof import('./auth-validation');

let loading: Promise<AuthValidation> | null = null;

/** Starts loading the account forms' validation chunk (idempotent); forms call it on first focus. */
export function preloadAuthValidation(): Promise<AuthValidation> {
  loading ??= import('./auth-validation');
  return loading;
}

/** A resolver that loads the real one on first call and hands every call on to it. */
export function lazyAuthResolver<Values extends FieldValues, Output = Values>(
  pick: (v: AuthValidation) => unknown,
): Resolver<Values, unknown, Output> {
  return async (values, context, options) => {
    const resolver = pick(await preloadAuthValidation()) as Resolver<Values, unknown, Output>;
    return resolver(values, context, options);
  };
}
