/**
 * The Standard Webhooks signature (https://www.standardwebhooks.com, issue 41): HMAC-SHA256 of
 * "{webhook-id}.{webhook-timestamp}.{body}" keyed with the bytes of the secret after "whsec_", base64, as
 * "v1,<signature>". Web Crypto, so it runs on both hosts.
 */
const PREFIX = 'whsec_';
const encoder = new TextEncoder();

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A new endpoint's secret: 24 random bytes (Standard Webhooks asks for 24 to 64). */
export function newWebhookSecret(): string {
  return PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(24)));
}

/** The `webhook-signature` header's value for one delivery. */
export async function webhookSignature(secret: string, messageId: string, timestampSeconds: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', fromBase64(secret.slice(PREFIX.length)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(`${messageId}.${timestampSeconds}.${body}`));
  return `v1,${toBase64(new Uint8Array(signature))}`;
}
