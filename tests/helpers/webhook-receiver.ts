/**
 * A webhook receiver for the tests (issue 41): an HTTP server on this machine that records every delivery and answers
 * what the test asks for, and a Standard Webhooks verifier written here from the specification
 * (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md), with node:crypto,
 * not with the product's signer: "v1," and the base64 HMAC-SHA256, keyed with the base64-decoded secret after
 * "whsec_", of "{webhook-id}.{webhook-timestamp}.{body}"; the header may carry several space-separated signatures;
 * compared in constant time; a timestamp more than five minutes from now is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** The body read as JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  payload: any;
}

const TOLERANCE_SECONDS = 5 * 60;

/** Whether the delivery is signed with `secret` and fresh at `now`; the reason when it is not. */
export function verifyStandardWebhook(
  secret: string,
  d: Pick<ReceivedDelivery, 'id' | 'timestamp' | 'signature' | 'body'>,
  now: Date,
): true | string {
  if (!secret.startsWith('whsec_')) return 'secret without whsec_';
  if (!d.id || !d.timestamp || !d.signature) return 'missing header';
  if (!/^\d+$/.test(d.timestamp)) return 'timestamp not an integer';
  if (Math.abs(Math.floor(now.getTime() / 1000) - Number(d.timestamp)) > TOLERANCE_SECONDS) return 'timestamp outside the tolerance';
  const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${d.id}.${d.timestamp}.${d.body}`)
    .digest();
  for (const versioned of d.signature.split(' ')) {
    const [version, signature] = versioned.split(',');
    if (version !== 'v1' || !signature) continue;
    const given = Buffer.from(signature, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return 'no signature matches';
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Starts a receiver; `answer` gives each delivery's status (200 unless set), in the order they come. */
export async function startWebhookReceiver() {
  const received: ReceivedDelivery[] = [];
  let answer: (d: ReceivedDelivery, n: number) => number = () => 200;
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const header = (name: string) => String(req.headers[name] ?? '');
    const delivery = {
      id: header('webhook-id'),
      timestamp: header('webhook-timestamp'),
      signature: header('webhook-signature'),
      body,
      payload: JSON.parse(body),
    };
    received.push(delivery);
    res.writeHead(answer(delivery, received.length)).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerWith(fn: (d: ReceivedDelivery, n: number) => number) {
      answer = fn;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
