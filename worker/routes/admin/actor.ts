import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { currentAuth, requestContext } from '../../http/auth';
import type { Actor } from '../../domain/actor';

/** The signed-in admin behind this request, for the audit trail (requireAdmin has already let them in). */
export async function adminActor(c: Context<AppEnv>): Promise<Actor> {
  const auth = await currentAuth(c);
  const { ip, userAgent } = requestContext(c);
  return { userId: auth!.user.id, ip, userAgent };
}
