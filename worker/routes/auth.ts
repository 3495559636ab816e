import { Hono } from 'hono';
import { confirmSchema, emailOnlySchema, resetPasswordSchema, signInSchema, signOutSchema, signUpSchema } from '../../src/lib/auth-schemas';
import type { AppEnv } from '../app-env';
import {
  clearSessionCookies,
  clearSignedInHint,
  currentAuth,
  readAccessCookie,
  readRefreshCookie,
  readSignedInHint,
  requestContext,
  sessionBody,
  setSessionCookies,
  setSignedInHint,
} from '../http/auth';
import { ABSOLUTE_LIFETIME_MS } from '../domain/auth/sessions';
import { ApiError } from '../errors';
import { perIpLimit } from '../http/public-form-guard';
import { validJson } from '../http/validate';
import { recordAudit } from '../domain/audit';
import { confirmEmail, requestPasswordReset, resendConfirmation, resetPassword, signIn, signUp } from '../domain/auth/accounts';
import { profileOf, refreshSession, sessionOfRefreshToken, signOut, type IssuedSession } from '../domain/auth/sessions';
import type { Context } from 'hono';

const mailLimit = perIpLimit('email_send', (limits) => limits.emailSend);

/** Answers with a fresh session: cookies set, the body the islands read. */
async function signedIn(c: Context<AppEnv>, issued: IssuedSession) {
  const { deps } = c.var;
  setSessionCookies(c, issued, deps.now());
  const profile = await profileOf(deps, issued.userId);
  if (!profile) throw new Error('the user of a session just issued is gone');
  return c.json(sessionBody(profile, issued.accessExpiresAt));
}

/** /api/auth: our own replacement for the hosted auth service of the original (visitor spec sections 4-8). */
export const authRoutes = new Hono<AppEnv>()
  .post('/signup', mailLimit, validJson(signUpSchema), async (c) => {
    await signUp(c.var.deps, c.req.valid('json'), requestContext(c));
    return c.json({ status: 'confirmation_sent' }, 201);
  })
  .post('/confirm', validJson(confirmSchema), async (c) => signedIn(c, await confirmEmail(c.var.deps, c.req.valid('json').token, requestContext(c))))
  .post('/resend', mailLimit, validJson(emailOnlySchema), async (c) => {
    resendConfirmation(c.var.deps, c.req.valid('json').email, requestContext(c));
    return c.json({ status: 'sent' });
  })
  .post('/signin', validJson(signInSchema), async (c) => signedIn(c, await signIn(c.var.deps, c.req.valid('json'), requestContext(c))))
  .post('/recover', mailLimit, validJson(emailOnlySchema), async (c) => {
    requestPasswordReset(c.var.deps, c.req.valid('json').email, requestContext(c));
    return c.json({ status: 'sent' });
  })
  .post('/reset', validJson(resetPasswordSchema), async (c) => signedIn(c, await resetPassword(c.var.deps, c.req.valid('json'), requestContext(c))))
  .post('/refresh', async (c) => {
    const outcome = await refreshSession(c.var.deps, readRefreshCookie(c));
    if (!outcome.ok) {
      // A race leaves the other tab's fresh cookies in place; anything else ends this browser's session.
      if (outcome.reason !== 'race') clearSessionCookies(c);
      throw new ApiError('session_expired');
    }
    setSessionCookies(c, outcome.issued, c.var.deps.now());
    return c.json(sessionBody(outcome.profile, outcome.issued.accessExpiresAt));
  })
  .post('/signout', validJson(signOutSchema), async (c) => {
    const { deps } = c.var;
    const auth = await currentAuth(c);
    // With an expired access token the refresh cookie still names the session to end.
    const session = auth ? { sessionId: auth.sessionId, userId: auth.user.id } : await sessionOfRefreshToken(deps, readRefreshCookie(c)).then((s) => s && { sessionId: s.id, userId: s.userId });
    const { scope } = c.req.valid('json');
    if (session) {
      await signOut(deps, session, scope);
      await recordAudit(deps, { userId: session.userId, action: 'signout', severity: 'low', metadata: { scope }, ...requestContext(c) });
    }
    // "others" keeps this browser signed in.
    if (scope !== 'others') clearSessionCookies(c);
    return c.body(null, 204);
  })
  .get('/session', async (c) => {
    c.header('Cache-Control', 'no-store');
    const auth = await currentAuth(c);
    if (!auth) {
      const refreshable = readRefreshCookie(c) !== undefined || readAccessCookie(c) !== undefined;
      // A hint outliving its session would only make the pages ask again: the answer "nobody" clears it.
      if (!refreshable && readSignedInHint(c)) clearSignedInHint(c);
      return c.json({ user: null, refreshable });
    }
    // A session from before the hint existed gets one, so the content pages show it too.
    if (!readSignedInHint(c)) setSignedInHint(c, ABSOLUTE_LIFETIME_MS / 1000);
    return c.json(sessionBody(auth, auth.accessExpiresAt));
  });
