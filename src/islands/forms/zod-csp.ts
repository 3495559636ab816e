/**
 * Must be imported before any shared schema is built. Zod 4 compiles object parsers with `new Function` unless told
 * not to, and decides when each object schema is constructed by probing `new Function('')`. Our CSP has no
 * 'unsafe-eval', so that probe is refused and Chrome records a CSP issue (Lighthouse best practices
 * "inspector-issues"). Jitless parsing is plenty fast for one form.
 *
 * This is what `z.config({ jitless: true })` does, without loading zod: zod keeps its configuration in
 * `globalThis.__zod_globalConfig` and adopts an object already there (zod/v4/core/core.js), so an entry (the admin
 * shell) can set it up front and leave zod to the chunks whose schemas need it (docs/decisions/023-page-javascript.md).
 * tests/unit/zod-csp.test.ts checks that zod sees the setting.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export {};
