/**
 * The feedback link's token (issue 24): a JWT (jose, HS256, the auth secret) with the audience "feedback" and the
 * booking's id, valid FEEDBACK_LINK_DAYS. The audience keeps it from passing for an access token and back.
 */
import { jwtVerify, SignJWT } from 'jose';
import { ApiError } from '../errors';

/** The link works this long after the request. */
export const FEEDBACK_LINK_DAYS = 60;

const AUDIENCE = 'feedback';
const encoder = new TextEncoder();

export async function signFeedbackToken(secret: string, bookingId: number, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ bid: bookingId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + FEEDBACK_LINK_DAYS * 24 * 60 * 60)
    .sign(encoder.encode(secret));
}

/** The booking a feedback token names; 400 `token_expired` past its time, `invalid_token` for anything else. */
export async function verifyFeedbackToken(secret: string, token: string, now: Date): Promise<number> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'], audience: AUDIENCE, currentDate: now });
    if (typeof payload.bid !== 'number' || !Number.isSafeInteger(payload.bid) || payload.bid < 1) throw new ApiError('invalid_token');
    return payload.bid;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if ((err as { code?: string }).code === 'ERR_JWT_EXPIRED') throw new ApiError('token_expired');
    throw new ApiError('invalid_token');
  }
}

