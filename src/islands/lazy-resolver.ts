import type { FieldValues, Resolver } from 'react-hook-form';

type Validation = typeof import('./validation');

let loading: Promise<Validation> | null = null;

/** Starts loading the validation chunk (idempotent); the forms call it on first focus so it is there by submit. */
export function preloadValidation(): Promise<Validation> {
  loading ??= import('./validation');
  return loading;
}

/** A resolver that loads the real one on first call and hands every call on to it. */
export function lazyResolver<Values extends FieldValues, Output>(pick: (v: Validation) => unknown): Resolver<Values, unknown, Output> {
  return async (values, context, options) => {
    const resolver = pick(await preloadValidation()) as Resolver<Values, unknown, Output>;
    return resolver(values, context, options);
  };
}
