/**
 * Where to go after signing in: `next` when it is a path on this site, else the landing page. Its own module: the
 * account menu on every content page shares session-client.ts with the sign-in form, and would otherwise carry this.
 */
export function safeNext(search: string, fallback = '/'): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  try {
    const url = new URL(next, location.origin);
    return url.origin === location.origin ? url.pathname + url.search + url.hash : fallback;
  } catch {
    return fallback;
  }
}
