/**
 * Montonio's Stargate API behind the port (docs.montonio.com/api/stargate): an order is created by POSTing
 * `{ data: <JWT> }` to `/orders`, the JWT signed HS256 with the store's secret key and carrying its access key; the
 * answer names the order (`uuid`) and the page to send the guest to (`paymentUrl`). The notification
 * (`{ orderToken }`) and the return (`?order-token=`) carry a JWT signed the same way; `GET /orders/{uuid}` with a
 * Bearer JWT re-reads an order. Verification uses jose's HS256 (WebCrypto), which both hosts have.
 */
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { OnlineOrderStatus } from '../../../../src/lib/enums';
import type { MontonioSettings } from '../../../config';
import { PaymentProviderError, PaymentTokenError, type CreateOrderInput, type OnlinePaymentProvider, type ProviderOrder } from './port';

/** Montonio's payment statuses, in ours. */
const STATUSES: Record<string, OnlineOrderStatus> = {
  PENDING: 'pending',
  AUTHORIZED: 'authorized',
  PAID: 'paid',
  ABANDONED: 'abandoned',
  VOIDED: 'voided',
  PARTIALLY_REFUNDED: 'partially_refunded',
  REFUNDED: 'refunded',
};

/** Montonio's method names ("system names" in its overview) for the two the product offers. */
export const MONTONIO_METHODS = { bank_link: 'paymentInitiation', card: 'cardPayments' } as const;

/** A token to create an order lives this long (minutes). */
const CREATE_TOKEN_MINUTES = 10;

/**
 * The window an order token's `iat` must fall in (seconds), besides its `exp` (required: a token without one would
 * be good forever on its signature alone). Montonio signs the notification and the return token moments before it
 * reaches us, so a day is far more than its retries or a slow guest need, and still bounds a token that leaks (the
 * return URL lands in browser history and logs) whatever `exp` it carries. A few minutes ahead allow for the two
 * clocks disagreeing; a token issued further in the future is not one Montonio signed now.
 */
const TOKEN_MAX_AGE_SECONDS = 24 * 60 * 60;
const TOKEN_CLOCK_SKEW_SECONDS = 5 * 60;

/** Euros as Montonio writes them (a number with two decimals) to cents, refusing anything else. */
export function toCents(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return null;
  const cents = Math.round(n * 100);
  return Math.abs(cents - n * 100) < 1e-6 ? cents : null;
}

const euros = (cents: number) => Number((cents / 100).toFixed(2));

/** Montonio's method in the ledger's words (migration 0024 added bank_link). */
const ledgerMethodOf = (providerMethod: string | null): ProviderOrder['ledgerMethod'] =>
  providerMethod === MONTONIO_METHODS.card ? 'card' : providerMethod === MONTONIO_METHODS.bank_link ? 'bank_link' : 'other';

function orderFrom(claims: Record<string, unknown>): ProviderOrder | null {
  const status = STATUSES[String(claims.paymentStatus)];
  const amountCents = toCents(claims.grandTotal);
  const uuid = claims.uuid;
  const merchantReference = claims.merchantReference;
  const currency = claims.currency;
  if (!status || amountCents === null || typeof uuid !== 'string' || !uuid || typeof merchantReference !== 'string' || typeof currency !== 'string') return null;
  const providerMethod = typeof claims.paymentMethod === 'string' ? claims.paymentMethod : typeof claims.paymentMethodType === 'string' ? claims.paymentMethodType : null;
  return { providerOrderId: uuid, merchantReference, status, amountCents, currency, providerMethod, ledgerMethod: ledgerMethodOf(providerMethod) };
}

export function montonioProvider(settings: MontonioSettings, fetcher: typeof fetch = (...args) => fetch(...args)): OnlinePaymentProvider {
  const key = new TextEncoder().encode(settings.secretKey);
  const sign = (payload: JWTPayload, minutes: number) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime(`${minutes}m`).sign(key);

  async function call(path: string, init: RequestInit): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetcher(`${settings.apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new PaymentProviderError(`Montonio did not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await res.text();
    if (!res.ok) throw new PaymentProviderError(`Montonio answered ${res.status}: ${text.slice(0, 300)}`);
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new PaymentProviderError('Montonio answered something that is not JSON');
    }
  }

  return {
    name: 'montonio',

    async createOrder(input: CreateOrderInput) {
      const amount = euros(input.amountCents);
      const data = await sign(
        {
          accessKey: settings.accessKey,
          merchantReference: input.merchantReference,
          returnUrl: input.returnUrl,
          notificationUrl: input.notificationUrl,
          grandTotal: amount,
          currency: input.currency,
          locale: input.locale,
          payment: {
            method: MONTONIO_METHODS[input.method],
            methodDisplay: input.description,
            amount,
            currency: input.currency,
            ...(input.method === 'bank_link' ? { methodOptions: { preferredCountry: 'EE', paymentDescription: input.description } } : {}),
          },
        },
        CREATE_TOKEN_MINUTES,
      );
      const body = await call('/orders', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ data }) });
      if (typeof body.uuid !== 'string' || typeof body.paymentUrl !== 'string') throw new PaymentProviderError('Montonio created no order (no uuid or paymentUrl)');
      return { providerOrderId: body.uuid, paymentUrl: body.paymentUrl };
    },

    async verifyOrderToken(token: string) {
      if (typeof token !== 'string' || token.split('.').length !== 3) throw new PaymentTokenError('malformed');
      let claims: JWTPayload;
      try {
        ({ payload: claims } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat'] }));
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new PaymentTokenError('expired');
        if (error instanceof errors.JWSSignatureVerificationFailed) throw new PaymentTokenError('signature');
        if (error instanceof errors.JWTClaimValidationFailed) throw new PaymentTokenError('claims');
        throw new PaymentTokenError('malformed');
      }
      // jose has checked that `iat` is a number; its own window (maxTokenAge with clockTolerance) would stretch
      // `exp` by the same tolerance, so the window is checked here.
      const age = Math.floor(Date.now() / 1000) - (claims.iat as number);
      if (age > TOKEN_MAX_AGE_SECONDS || age < -TOKEN_CLOCK_SKEW_SECONDS) throw new PaymentTokenError('issued_at');
      // A token for another store of ours (another access key) is not this store's. Montonio's own WooCommerce
      // plugin checks only the signature, so a token without the claim is taken on its signature alone.
      if (claims.accessKey !== undefined && claims.accessKey !== settings.accessKey) throw new PaymentTokenError('access_key');
      const order = orderFrom(claims);
      if (!order) throw new PaymentTokenError('claims');
      return order;
    },

    async fetchOrder(providerOrderId: string) {
      const bearer = await sign({ accessKey: settings.accessKey }, 1);
      const body = await call(`/orders/${encodeURIComponent(providerOrderId)}`, { method: 'GET', headers: { Authorization: `Bearer ${bearer}` } });
      const order = orderFrom(body);
      if (!order || order.providerOrderId !== providerOrderId) throw new PaymentProviderError('Montonio answered an order that is not the one asked for');
      return order;
    },
  };
}
