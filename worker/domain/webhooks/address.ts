/**
 * Where webhook deliveries may go (issue 41): only https in production, and never to this machine or a private
 * network. The host is judged as the URL writes it: an address literal by its range (ipaddr.js; the URL parser has
 * already made "2130706433" or "0x7f.1" the 127.0.0.1 they are), a name by the suffixes that only mean a local
 * network. Nothing is resolved here: the worker resolves nothing itself (Cloudflare's fetch refuses private
 * addresses on the edge). `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE=1, never in production) is for a local receiver.
 */
import ipaddr from 'ipaddr.js';
import { parseWebhookUrl, WEBHOOK_MESSAGES } from '../../../src/lib/webhooks';

export interface WebhookAddressRules {
  /** Deliveries only to https URLs (production). */
  requireHttps: boolean;
  /** Deliveries also to loopback and private addresses (local testing). */
  allowPrivate: boolean;
}

/** Names that only mean this machine or a local network (RFC 6761, 6762, 8375 and the usual private suffixes). */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/;

/** Why deliveries may not go to `raw` (an Estonian sentence for the form), or null when they may. */
export function refusedWebhookUrl(raw: string, rules: WebhookAddressRules): string | null {
  const parsed = parseWebhookUrl(raw);
  if ('problem' in parsed) return parsed.problem;
  const { url } = parsed;
  if (rules.requireHttps && url.protocol !== 'https:') return WEBHOOK_MESSAGES.httpsOnly;
  if (rules.allowPrivate) return null;
  return isPublicHost(url.hostname) ? null : WEBHOOK_MESSAGES.privateAddress;
}

function isPublicHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (ipaddr.isValid(host)) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
    return ipaddr.process(host).range() === 'unicast';
  }
  // A single label ("intranet") is a name only a local resolver answers.
  return host.includes('.') && !LOCAL_NAMES.test(host);
}
