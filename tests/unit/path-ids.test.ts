import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES } from '../../src/lib/not-found';
import type { AppEnv } from '../../worker/app-env';
import { bookingNotFound, userNotFound } from '../../worker/domain/not-found';
import { onError } from '../../worker/http/error-handler';
import { parsePathId, parsePathPosition, parsePathUuid, pathIds, positiveId, uuidId } from '../../worker/http/ids';

/** The one parser of path ids (worker/http/ids.ts) and its validator: a value that cannot be the id is the noun's 404. */

const BAD_IDS = ['0', '-1', '1.5', '01e3', '1e3', '99999999999', '2147483648', 'abc', '', ' 1', '1 ', '+1', '0x1', '１'];

describe('parsePathId', () => {
  it('reads a positive 32-bit integer written in digits', () => {
    expect(parsePathId('1')).toBe(1);
    expect(parsePathId('42')).toBe(42);
    expect(parsePathId('2147483647')).toBe(2_147_483_647);
    expect(parsePathId('007')).toBe(7);
  });

  it.each(BAD_IDS)('refuses %j', (raw) => {
    expect(parsePathId(raw)).toBeNull();
  });

  it('refuses a missing value', () => {
    expect(parsePathId(undefined)).toBeNull();
  });
});

describe('parsePathUuid and parsePathPosition', () => {
  it('reads a UUID lowercased, and nothing else', () => {
    expect(parsePathUuid('5F0C7A52-3C4E-4D7B-9A57-0A7C2F1E9B11')).toBe('5f0c7a52-3c4e-4d7b-9a57-0a7c2f1e9b11');
    for (const raw of ['1', 'abc', '5f0c7a523c4e4d7b9a570a7c2f1e9b11', '5f0c7a52-3c4e-4d7b-9a57-0a7c2f1e9b11x', '', undefined]) expect(parsePathUuid(raw)).toBeNull();
  });

  it('reads a position from 0, up to three digits', () => {
    expect(parsePathPosition('0')).toBe(0);
    expect(parsePathPosition('12')).toBe(12);
    for (const raw of ['-1', '1.5', '1000', 'abc', '', undefined]) expect(parsePathPosition(raw)).toBeNull();
  });
});

describe('pathIds', () => {
  const app = new Hono<AppEnv>()
    .get('/bookings/:id', pathIds({ id: positiveId(bookingNotFound) }), (c) => c.json({ id: c.req.valid('param').id }))
    .get('/users/:id', pathIds({ id: uuidId(userNotFound) }), (c) => c.json({ id: c.req.valid('param').id }))
    // A rule for a parameter the path does not have: never read, so the noun's 404 (as an empty id would be).
    .get('/bookings', pathIds({ id: positiveId(bookingNotFound) }), (c) => c.json({ id: c.req.valid('param').id }));
  app.onError(onError);

  it('hands the handler the id as a number', async () => {
    const res = await app.request('/bookings/42');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 42 });
  });

  it.each(BAD_IDS.filter((raw) => raw !== ''))('answers %j with the noun\'s 404, never a 500', async (raw) => {
    const res = await app.request(`/bookings/${encodeURIComponent(raw)}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: NOT_FOUND_MESSAGES.booking } });
  });

  it('answers a missing id with the noun\'s 404', async () => {
    const res = await app.request('/bookings');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: NOT_FOUND_MESSAGES.booking } });
  });

  it('answers a user id that is not a UUID with the account\'s own code', async () => {
    const res = await app.request('/users/12');
    expect(res.status).toBe(404);
    expect((await res.json()).error).toEqual({ code: 'account_not_found', message: 'Kasutajat ei leitud.' });
  });
});
