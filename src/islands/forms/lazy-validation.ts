/**
 * Resolvers that load their validation chunk on first use. Zod and the shared schemas are a third of a form's
 * JavaScript and nothing needs them before the first focus or submit (docs/decisions/005-form-javascript.md).
 * Two chunks, so a page carries only its own forms' schemas: the visitor forms', and the account forms'.
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export interface LazyValidation<Chunk> {
  /** Starts loading the chunk (idempotent); forms call it on first focus so it is there by submit. */
  preload(): Promise<Chunk>;
  /** A resolver that waits for the chunk on first call and hands every call on to the one `pick` chooses. */
  resolver<Values extends FieldValues, Output = Values>(pick: (chunk: Chunk) => unknown): Resolver<Values, unknown, Output>;
}

export function lazyValidation<Chunk>(load: () => Promise<Chunk>): LazyValidation<Chunk> {
  let loading: Promise<Chunk> | null = null;
  const preload = () => (loading ??= load());
  return {
    preload,
    resolver<Values extends FieldValues, Output = Values>(pick: (chunk: Chunk) => unknown): Resolver<Values, unknown, Output> {
      return async (values, context, options) => {
        const resolver = pick(await preload()) as Resolver<Values, unknown, Output>;
        return resolver(values, context, options);
      };
    },
  };
}

export const visitorValidation = lazyValidation(() => import('./visitor-validation'));
export const accountValidation = lazyValidation(() => import('./account-validation'));
export const portalValidation = lazyValidation(() => import('./portal-validation'));
