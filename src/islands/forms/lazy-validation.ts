/**
 * Resolvers that load their validation chunk on first use. Zod and the shared schemas are a third of a form's
 * JavaScript and nothing needs them before the first focus or submit (docs/decisions/005-form-javascript.md).
 * A chunk per audience, so a page carries only its own forms' schemas, each with its loader in a module of its own
 * (./lazy-visitor-validation.ts, ./lazy-account-validation.ts, ./lazy-portal-validation.ts): a page's first load
 * names only its own chunk's files, not the other audiences'.
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
