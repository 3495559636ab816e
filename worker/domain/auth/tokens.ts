import { jwtVerify, SignJWT } from 'jose';

/** Access tokens live this long; the session row behind them is checked on every sensitive request anyway. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;

const encoder = new TextEncoder();

/** 256 random bits, base64url (43 characters): refresh tokens and e-mailed link tokens. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** What the database keeps of a token: its SHA-256, so a leaked table cannot be replayed. */
export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export async function signAccessToken(secret: string, claims: AccessClaims, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + ACCESS_TOKEN_TTL_S) * 1000);
  const token = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_S)
    .sign(encoder.encode(secret));
  return { token, expiresAt };
}

/** The claims of a valid token, or null: wrong key, expired, malformed, any algorithm but HS256 (alg none included). */
export async function verifyAccessToken(secret: string, token: string, now: Date): Promise<(AccessClaims & { expiresAt: Date }) | null> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'], currentDate: now });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    return { userId: payload.sub, sessionId: payload.sid, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
}
