import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

export type MontonioStatus = 'PENDING' | 'PAID' | 'ABANDONED' | 'AUTHORIZED' | 'VOIDED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';

export interface StubOrder {
  uuid: string;
  merchantReference: string;
  grandTotal: number;
  currency: string;
  returnUrl: string;
  notificationUrl: string;
  method: string;
  paymentStatus: MontonioStatus;
  /** The whole payload the shop signed, as the stub verified it. */
  request: JWTPayload;
}

const encode = (secret: string) => new TextEncoder().encode(secret);

/**
 * A local stand-in for Montonio's Stargate API (docs.montonio.com/api/stargate), at the HTTP boundary like the
 * SendGrid one: `POST /orders` verifies the shop's JWT (HS256 with the secret key, the access key inside) and
 * answers the order's `uuid` and `paymentUrl`; `GET /orders/{uuid}` (Bearer JWT) answers the order's state. The
 * test drives the rest as Montonio would: `pay()` (or any status) posts a signed `{ orderToken }` to the order's
 * notificationUrl, `returnToken()` is what the guest's browser brings back, and `sign()` makes bad tokens
 * (another key, expired, tampered claims).
 */
export async function startMontonioStub({
  accessKey = 'test-access-key',
  secretKey = 'test-secret-key-0123456789abcdef',
  port: listenOn = 0,
  keepAlive = false,
}: { accessKey?: string; secretKey?: string; port?: number; keepAlive?: boolean } = {}) {
  const orders = new Map<string, StubOrder>();
  let failing = false;
  let n = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

  async function verify(token: string | undefined): Promise<JWTPayload | null> {
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, encode(secretKey), { algorithms: ['HS256'] });
      return payload.accessKey === accessKey ? payload : null;
    } catch {
      return null;
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', async () => {
      if (failing) return send(res, 503, { message: 'Service Unavailable' });
      const url = new URL(req.url ?? '/', 'http://stub');
      if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { ok: true });
      // The payment page the guest's browser is sent to (Playwright, tests/e2e/pay-online.spec.ts): "Maksa" or
      // "Katkesta" posts back here; the stand-in notifies the shop as Montonio would, then sends the browser to the
      // shop's returnUrl with the order token, as Montonio does.
      const page = /^\/pay\/([^/]+)$/.exec(url.pathname);
      if (page) {
        const o = orders.get(decodeURIComponent(page[1]!));
        if (!o) return send(res, 404, { message: 'Order not found' });
        if (req.method === 'GET') {
          return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(paymentPage(o));
        }
        if (req.method === 'POST') {
          const status: MontonioStatus = new URLSearchParams(raw).get('action') === 'pay' ? 'PAID' : 'ABANDONED';
          const notified = await stub.notify(o.uuid, status).catch((error: unknown) => error);
          if (!(notified instanceof Response) || !notified.ok) console.error('montonio stand-in: the notification failed', notified);
          const back = new URL(o.returnUrl);
          back.searchParams.set('order-token', await stub.returnToken(o.uuid));
          return res.writeHead(303, { Location: back.toString() }).end();
        }
      }
      if (req.method === 'POST' && url.pathname === '/orders') {
        let data: string | undefined;
        try {
          data = (JSON.parse(raw) as { data?: string }).data;
        } catch {
          return send(res, 400, { message: 'Invalid JSON' });
        }
        const payload = await verify(data);
        if (!payload) return send(res, 401, { message: 'Invalid token' });
        const payment = payload.payment as { method?: string; amount?: number; currency?: string } | undefined;
        if (typeof payload.grandTotal !== 'number' || payment?.amount !== payload.grandTotal || payment.currency !== payload.currency) {
          return send(res, 400, { message: 'grandTotal and payment.amount must match' });
        }
        const uuid = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
        const order: StubOrder = {
          uuid,
          merchantReference: String(payload.merchantReference),
          grandTotal: payload.grandTotal,
          currency: String(payload.currency),
          returnUrl: String(payload.returnUrl),
          notificationUrl: String(payload.notificationUrl),
          method: String(payment.method),
          paymentStatus: 'PENDING',
          request: payload,
        };
        orders.set(uuid, order);
        return send(res, 200, { uuid, paymentStatus: 'PENDING', merchantReference: order.merchantReference, paymentUrl: `${stub.url}/pay/${uuid}` });
      }
      const match = /^\/orders\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        if (!(await verify(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]))) return send(res, 401, { message: 'Invalid token' });
        const order = orders.get(decodeURIComponent(match[1]!));
        if (!order) return send(res, 404, { message: 'Order not found' });
        return send(res, 200, {
          uuid: order.uuid,
          merchantReference: order.merchantReference,
          paymentStatus: order.paymentStatus,
          grandTotal: order.grandTotal.toFixed(2),
          currency: order.currency,
          paymentMethodType: order.method,
        });
      }
      send(res, 404, { message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  // Never what keeps a test process alive (the workerd-e2e backend closes it only at exit), unless it is the process.
  if (!keepAlive) server.unref();
  const { port } = server.address() as AddressInfo;

  const order = (uuid?: string): StubOrder => {
    const found = uuid ? orders.get(uuid) : [...orders.values()].at(-1);
    if (!found) throw new Error(`the Montonio stand-in has no order ${uuid ?? ''}`);
    return found;
  };

  /** Signs claims as Montonio would (or with another key, or already expired, for the refusals). */
  async function sign(claims: Record<string, unknown>, { key = secretKey, expiresIn = '10m' }: { key?: string; expiresIn?: string | number } = {}) {
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime(expiresIn).sign(encode(key));
  }

  /** The order token's claims for an order, as Montonio's notification and return carry them. */
  const claimsOf = (o: StubOrder, status: MontonioStatus = o.paymentStatus): Record<string, unknown> => ({
    uuid: o.uuid,
    accessKey,
    merchantReference: o.merchantReference,
    merchantReferenceDisplay: o.merchantReference,
    paymentStatus: status,
    paymentMethod: o.method,
    grandTotal: o.grandTotal,
    currency: o.currency,
    senderIban: 'EE471000001020145685',
    senderName: 'Mari Tamm',
    paymentProviderName: o.method === 'cardPayments' ? 'Card' : 'Swedbank',
  });

  const stub = {
    url: `http://127.0.0.1:${port}`,
    accessKey,
    secretKey,
    orders,
    order,
    sign,
    claimsOf,
    /** Makes every call fail with 503 (or not). */
    setFailing(next: boolean) {
      failing = next;
    },
    /** Changes the order's state at Montonio without telling the shop (the notification is late). */
    setStatus(uuid: string, status: MontonioStatus) {
      order(uuid).paymentStatus = status;
    },
    /** The token the guest's browser brings back to the return URL. */
    async returnToken(uuid?: string) {
      return sign(claimsOf(order(uuid)));
    },
    /** Posts a token to the order's notification URL as Montonio's servers do (no Origin, no cookies). */
    async postNotification(uuid: string | undefined, orderToken: string) {
      return fetch(order(uuid).notificationUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ orderToken }) });
    },
    /** The order moves to `status` at Montonio, which notifies the shop. */
    async notify(uuid: string | undefined, status: MontonioStatus = 'PAID') {
      const o = order(uuid);
      o.paymentStatus = status;
      return stub.postNotification(o.uuid, await sign(claimsOf(o, status)));
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return stub;
}

export type MontonioStub = Awaited<ReturnType<typeof startMontonioStub>>;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The stand-in's payment page: the amount, and "Maksa" or "Katkesta". */
function paymentPage(o: StubOrder): string {
  const amount = `${o.grandTotal.toFixed(2).replace('.', ',')} ${o.currency}`;
  return `<!doctype html>
<html lang="et"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Montonio (test)</title></head>
<body style="font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem">
<main>
<h1>Montonio makseleht (test)</h1>
<p>Tellimus <span data-order>${escape(o.merchantReference)}</span>, summa <strong data-amount>${escape(amount)}</strong>, makseviis ${escape(o.method)}.</p>
<form method="post"><button name="action" value="pay">Maksa</button> <button name="action" value="cancel">Katkesta</button></form>
</main>
</body></html>`;
}
