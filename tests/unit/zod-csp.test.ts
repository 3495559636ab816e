import { afterEach, describe, expect, it, vi } from 'vitest';

// src/islands/forms/zod-csp.ts turns zod's JIT off without importing zod, through the global object zod keeps its
// configuration in. A zod upgrade that stops reading it would bring the CSP's refused `new Function` probe back to
// every page with a schema: this fails first.
describe('zod-csp', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the configuration zod reads', async () => {
    await import('../../src/islands/forms/zod-csp');
    const { z } = await import('zod');
    expect(z.config()).toBe((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig);
    expect(z.config().jitless).toBe(true);
  });

  it('leaves object schemas without new Function', async () => {
    await import('../../src/islands/forms/zod-csp');
    const { z } = await import('zod');
    const probe = vi.fn(() => {
      throw new EvalError('refused by the CSP');
    });
    vi.stubGlobal('Function', probe);
    const schema = z.strictObject({ name: z.string().trim().min(1), count: z.number().int() });
    expect(schema.parse({ name: ' Mari ', count: 2 })).toEqual({ name: 'Mari', count: 2 });
    expect(probe).not.toHaveBeenCalled();
  });
});
