/** Links built from the site settings (tel:, WhatsApp, mailto:) and the navigation's path rules. */

/** `tel:` link from a display number such as "+372 5123 4567". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** WhatsApp send address with an optional prefilled greeting. */
export function whatsAppHref(phone: string, greeting?: string): string {
  const digits = phone.replace(/\D/g, '');
  return greeting ? `https://wa.me/${digits}?text=${encodeURIComponent(greeting)}` : `https://wa.me/${digits}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}

/** True for the landing page's path ("/", and "/index.html" as some hosts serve it). */
export function isLandingPath(pathname: string): boolean {
  return pathname === '/' || pathname === '' || pathname === '/index' || pathname === '/index.html';
}

/**
 * An in-page anchor of the landing page ("#programm"): kept as is on the landing page, and rewritten to
 * "/#programm" everywhere else so the link leads back to the landing page's section.
 */
export function landingAnchorHref(anchor: `#${string}`, pathname: string): string {
  return isLandingPath(pathname) ? anchor : `/${anchor}`;
}

/** Pages where the top bar is always solid (spec: /admin* and /dashboard). */
export function isAlwaysSolidNavPath(pathname: string): boolean {
  return pathname.startsWith('/admin') || pathname === '/dashboard' || pathname.startsWith('/dashboard/');
}

/** Normalises a built page's path for comparison: no trailing slash, no ".html". */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\.html$/, '').replace(/\/+$/, '');
  return trimmed === '' || trimmed === '/index' ? '/' : trimmed;
}
