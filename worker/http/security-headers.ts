import type { MiddlewareHandler } from 'hono';

/**
 * Headers every response carries, whichever host serves it: the API middleware sets them on dynamic responses and
 * scripts/write-static-headers.ts writes them into dist/_headers for static files (Workers assets and the Node host
 * both read that file), so the two hosts cannot drift apart.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Legacy twin of frame-ancestors 'none' for pages whose CSP header could not be derived (e.g. the 404 fallback).
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** JSON answers never need to load anything. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export const securityHeaders = (): MiddlewareHandler => async (c, next) => {
  await next();
  const { headers } = c.res;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', API_CSP);
};
