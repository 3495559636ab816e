/**
 * /api/agreements (issue 42): the page a companion's signing link leads to (/allkirjasta, the token in the fragment)
 * shows the texts and signs each. The token is the only key: a wrong one answers 404 `agreement_link_not_found`, one
 * past its time 409 `agreement_link_expired`; a text that changed since the page showed it 409
 * `agreement_text_changed`, nothing stored. Limited per address, like every public endpoint that looks up a secret.
 */
import { Hono } from 'hono';
import * as z from 'zod';
import { signByLinkSchema } from '../../src/lib/agreement-schemas';
import type { AppEnv } from '../app-env';
import { perIpLimit } from '../http/public-form-guard';
import { validJson } from '../http/validate';
import { signByLink, signingView } from '../domain/agreements/links';

const tokenBody = z.strictObject({ token: z.string().max(200) });

export const agreementRoutes = new Hono<AppEnv>()
  .use('*', perIpLimit('agreement_try', (limits) => limits.discountChecks))
  .post('/view', validJson(tokenBody), async (c) => c.json({ signing: await signingView(c.var.deps, c.req.valid('json').token) }))
  .post('/sign', validJson(signByLinkSchema), async (c) => {
    const { deps } = c.var;
    const signed = await signByLink(deps, c.req.valid('json'), { ip: deps.clientIp(c) ?? null, userAgent: c.req.header('User-Agent') ?? null });
    return c.json({ signed });
  });
