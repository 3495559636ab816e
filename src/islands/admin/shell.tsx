/** Pieces every admin screen shares: in-app links, the screen's one h1 and its header, the loading spinner. */
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { navigate, takeHeadingFocusRequest } from './router';

export const SCREEN_HEADING_ID = 'admin-screen-title';

/** A link that changes the admin screen without loading a page (new tab, modifier keys: as usual). */
export function AppLink({ href, className, children, current }: { href: string; className?: string; children: ReactNode; current?: boolean }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} className={className} onClick={onClick} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}

/** The screen's h1; focused after an in-app navigation so screen readers announce the new screen. */
export function ScreenHeading({ title, intro }: { title: string; intro?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeHeadingFocusRequest()) heading.current?.focus();
  }, []);
  return (
    <div>
      <h1 ref={heading} id={SCREEN_HEADING_ID} tabIndex={-1} className="text-3xl text-lagoon-900 focus:outline-none sm:text-4xl">
        {title}
      </h1>
      {intro && <p className="mt-2 text-ink-600">{intro}</p>}
    </div>
  );
}

/** Where a screen's "back" link leads, and its words. */
export interface BackLink {
  href: string;
  label: string;
}

export const BACK_TO_DASHBOARD: BackLink = { href: '/dashboard', label: '← Tagasi töölauale' };
export const BACK_TO_BOOKINGS: BackLink = { href: '/admin/bookings', label: '← Tagasi broneeringute juurde' };

/** A screen's top: its h1 (and intro), then the way back, followed by the screen's own actions when it has any. */
export function ScreenHeader({ title, intro, back, children }: { title: string; intro?: string; back: BackLink; children?: ReactNode }) {
  const backLink = (
    <AppLink href={back.href} className="btn-outline">
      {back.label}
    </AppLink>
  );
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <ScreenHeading title={title} intro={intro} />
      {children ? (
        <div className="flex flex-wrap gap-3">
          {backLink}
          {children}
        </div>
      ) : (
        backLink
      )}
    </div>
  );
}

/**
 * The guard's waiting state: a spinner with the spec's waiting text in the interface's language (admin spec
 * section 1: Estonian), 'Laadimine...' as the spec words it on the clients screen, not the guard's English "Loading...".
 */
export function Spinner() {
  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-4 text-ink-600" data-loading>
      <span className="spinner size-10 border-4" aria-hidden="true" />
      <span>Laadimine...</span>
    </div>
  );
}
