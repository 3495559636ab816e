import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AuthTokenPurpose } from '../../../src/lib/enums';
import { authTokens, sessions, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { flagExcessiveLogins, loginRecord, recordAudit, recordLogin } from '../audit';
import { deliverMessage, enqueueMail } from '../mail/outbox';
import { UNKNOWN_ACCOUNT_HASH } from './passwords';
import { clearAuthAttempts, spendAuthAttempt, spendSignInFromIp } from './rate-limit';
import { confirmationMail, passwordResetMail } from './mails';
import { createSession, prepareSession, revokeSessions } from './sessions';
import { randomToken, sha256Hex } from './tokens';

import { CONFIRMATION_TTL_MS, RESET_TTL_MS } from './link-lifetimes';

export { CONFIRMATION_TTL_MS, RESET_TTL_MS };

interface RequestContext {
  ip?: string;
  userAgent?: string;
  /** The site's origin, for links in e-mails. */
  origin: string;
}

type Mailer = (to: string, origin: string, token: string) => ReturnType<typeof confirmationMail>;

/**
 * A new single-use token for `purpose`, replacing any earlier unused one, and its e-mail in the outbox, in one
 * transaction. Returns the outbox row for the caller to send: in the background after a sign-up's answer, or at
 * once from work that is itself already in the background.
 */
async function storeLinkMail(deps: AppDeps, userId: string, email: string, purpose: AuthTokenPurpose, ttlMs: number, mailer: Mailer, origin: string) {
  const now = deps.now();
  const token = randomToken();
  const mail = mailer(email, origin, token);
  const tokenHash = await sha256Hex(token);
  return deps.db.transaction(async (tx) => {
    await tx.delete(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
    await tx.insert(authTokens).values({
      userId,
      purpose,
      tokenHash,
      expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
      createdAt: now.toISOString(),
    });
    return enqueueMail(tx, { kind: purpose, userId, ...mail }, now);
  });
}

/**
 * Work whose duration would tell what the answer must not (whether an address has an account) runs after the
 * answer: it starts on the next macrotask, once the response has been handed to the socket, and waitUntil keeps
 * it alive. Its failure is logged; the answer is already given and the same for everyone.
 */
function afterAnswering(deps: Pick<AppDeps, 'waitUntil' | 'log'>, what: string, job: () => Promise<unknown>) {
  deps.waitUntil(
    new Promise((resolve) => setTimeout(resolve, 0))
      .then(job)
      .catch((err: unknown) => deps.log({ level: 'error', msg: `${what} failed`, error: String(err) })),
  );
}

export async function userByEmail(deps: Pick<AppDeps, 'db'>, email: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  return user;
}

/** What creating an account needs: no mail, no config, so the `admin:create` command can run it from a shell. */
export type AccountDeps = Pick<AppDeps, 'db' | 'passwords' | 'now' | 'log'>;

export type NewAccount = { email: string; password: string; firstName: string; lastName: string };

/** The row of a new account, its password hashed; "Konto juba eksisteerib" when the e-mail is taken. */
export async function newAccountRow(deps: AccountDeps, input: NewAccount, options: { confirmed: boolean }) {
  if (await userByEmail(deps, input.email)) throw new ApiError('account_exists');
  const stamp = deps.now().toISOString();
  return {
    id: crypto.randomUUID(),
    email: input.email,
    passwordHash: await deps.passwords.hash(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    emailConfirmedAt: options.confirmed ? stamp : null,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/** Runs the insert of an account for `email`: losing the race to the unique index to a concurrent sign-up reads as "Konto juba eksisteerib". */
export async function insertingAccount<T>(deps: Pick<AppDeps, 'db'>, email: string, insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (err) {
    if (await userByEmail(deps, email)) throw new ApiError('account_exists');
    throw err;
  }
}

export async function signUp(deps: AppDeps, input: NewAccount, context: RequestContext) {
  await spendAuthAttempt(deps, 'signup', input.email, context.ip);
  const account = await newAccountRow(deps, input, { confirmed: false });
  await insertingAccount(deps, input.email, () => deps.db.insert(users).values(account));
  const outboxId = await storeLinkMail(deps, account.id, input.email, 'email_confirmation', CONFIRMATION_TTL_MS, confirmationMail, context.origin);
  deps.waitUntil(deliverMessage(deps, outboxId));
}

/** Uses a link token: valid, unused and unexpired, or an error saying which. Marks it used in the same step. */
async function spendLinkToken(deps: AppDeps, token: string, purpose: AuthTokenPurpose) {
  const now = deps.now().toISOString();
  const hash = await sha256Hex(token);
  const [used] = await deps.db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.tokenHash, hash), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning({ userId: authTokens.userId });
  if (used) return used.userId;
  const [known] = await deps.db.select().from(authTokens).where(and(eq(authTokens.tokenHash, hash), eq(authTokens.purpose, purpose)));
  throw new ApiError(known && !known.usedAt ? 'token_expired' : 'invalid_token');
}

export async function confirmEmail(deps: AppDeps, token: string, context: RequestContext) {
  const userId = await spendLinkToken(deps, token, 'email_confirmation');
  const stamp = deps.now().toISOString();
  await deps.db.update(users).set({ emailConfirmedAt: stamp, updatedAt: stamp }).where(eq(users.id, userId));
  return createSession(deps, userId, context);
}

/**
 * Always the same answer, in the same time: whether an address has an account, confirmed or not, is nobody's
 * business, so the look-up and the mail happen after the answer.
 */
export function resendConfirmation(deps: AppDeps, email: string, context: RequestContext): void {
  afterAnswering(deps, 'confirmation resend', async () => {
    const user = await userByEmail(deps, email);
    if (!user || user.emailConfirmedAt) return;
    await deliverMessage(deps, await storeLinkMail(deps, user.id, email, 'email_confirmation', CONFIRMATION_TTL_MS, confirmationMail, context.origin));
  });
}

export async function signIn(deps: AppDeps, input: { email: string; password: string }, context: RequestContext) {
  await spendSignInFromIp(deps, context.ip);
  await spendAuthAttempt(deps, 'signin', input.email, context.ip);
  const user = await userByEmail(deps, input.email);
  // An unknown address costs the same verify, against a hash whose password nobody has, and every failure makes the
  // same write after the answer: the time of a refusal does not tell which addresses have accounts.
  const passwordOk = (await deps.passwords.verify(user?.passwordHash ?? UNKNOWN_ACCOUNT_HASH, input.password)) && user !== undefined;
  if (!user || !passwordOk || !user.emailConfirmedAt) {
    afterAnswering(deps, 'login record', () => recordLogin(deps, user?.id ?? null, false, context));
    throw new ApiError(passwordOk ? 'email_not_confirmed' : 'invalid_credentials');
  }
  // The successful sign-in in one commit: the e-mail's slate wiped, the login recorded, the session created.
  const { insert, issued } = await prepareSession(deps, user.id, context);
  await deps.db.batch([clearAuthAttempts(deps, input.email), loginRecord(deps, user.id, true, context), insert]);
  await flagExcessiveLogins(deps, user.id, context);
  return issued;
}

/** Like the resend: the same answer at once for every address; the look-up and the mail come after it. */
export function requestPasswordReset(deps: AppDeps, email: string, context: RequestContext): void {
  afterAnswering(deps, 'password reset request', async () => {
    const user = await userByEmail(deps, email);
    if (!user) return;
    await deliverMessage(deps, await storeLinkMail(deps, user.id, email, 'password_reset', RESET_TTL_MS, passwordResetMail, context.origin));
  });
}

/** Sets the new password, confirms the e-mail (the link proved it), ends every other session, signs in. */
export async function resetPassword(deps: AppDeps, input: { token: string; password: string }, context: RequestContext) {
  const userId = await spendLinkToken(deps, input.token, 'password_reset');
  const stamp = deps.now().toISOString();
  const [user] = await deps.db
    .update(users)
    .set({ passwordHash: await deps.passwords.hash(input.password), updatedAt: stamp })
    .where(eq(users.id, userId))
    .returning({ emailConfirmedAt: users.emailConfirmedAt });
  if (!user?.emailConfirmedAt) await deps.db.update(users).set({ emailConfirmedAt: stamp }).where(eq(users.id, userId));
  await revokeSessions(deps, eq(sessions.userId, userId), 'password_reset');
  await recordAudit(deps, { userId, action: 'password_reset', severity: 'high', resourceType: 'user', resourceId: userId, ip: context.ip, userAgent: context.userAgent });
  return createSession(deps, userId, context);
}
