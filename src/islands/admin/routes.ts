/**
 * The admin app's one route table: adding a screen is one entry here plus one folder under screens/. Each screen is
 * a separate chunk, loaded when its route is first opened.
 *
 * Titles are Estonian (admin spec section 1: the interface language is Estonian); `section` is the top-level
 * navigation entry that is marked current.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ADMIN_HOME, matchAdminPath, type AdminPath } from '../../lib/admin/route-paths';
import type { ScreenProps } from './screen-props';


export type NavSection = 'dashboard' | 'bookings' | 'invoices' | 'clients' | 'messages' | 'users' | 'retreats' | 'discount-codes' | 'gift-vouchers' | 'webhooks' | 'audit';

export interface AdminRouteDef {
  /** One of ADMIN_PATHS ("/admin/bookings/:id": a `:name` segment becomes `params.name`). */
  path: AdminPath;
  title: string;
  section?: NavSection;
  screen: LazyScreen;
}

type ScreenModule = { default: ComponentType<ScreenProps> };
export type LazyScreen = LazyExoticComponent<ComponentType<ScreenProps>> & { preload(): Promise<ScreenModule> };

/** A screen loaded on first render, or earlier through `preload` (the app starts it beside the session check). */
function lazyScreen(load: () => Promise<ScreenModule>): LazyScreen {
  let loading: Promise<ScreenModule> | null = null;
  const once = () => (loading ??= load());
  return Object.assign(lazy(once), { preload: once });
}

export const ADMIN_ROUTES: AdminRouteDef[] = [
  { path: '/dashboard', title: 'Töölaud', section: 'dashboard', screen: lazyScreen(() => import('./screens/dashboard')) },
  { path: '/admin/bookings', title: 'Broneeringud', section: 'bookings', screen: lazyScreen(() => import('./screens/bookings/list')) },
  { path: '/admin/bookings/new', title: 'Uus broneering', section: 'bookings', screen: lazyScreen(() => import('./screens/bookings/new')) },
  { path: '/admin/bookings/:id', title: 'Broneering', section: 'bookings', screen: lazyScreen(() => import('./screens/bookings/detail')) },
  { path: '/admin/bank-statements', title: 'Pangaväljavõte', section: 'bookings', screen: lazyScreen(() => import('./screens/bank-statements')) },
  { path: '/admin/bank-statements/:id', title: 'Väljavõtte import', section: 'bookings', screen: lazyScreen(() => import('./screens/bank-statements/detail')) },
  { path: '/admin/invoices', title: 'Arved', section: 'invoices', screen: lazyScreen(() => import('./screens/invoices/list')) },
  { path: '/admin/invoices/:id', title: 'Arve', section: 'invoices', screen: lazyScreen(() => import('./screens/invoices')) },
  { path: '/admin/clients', title: 'Kliendid', section: 'clients', screen: lazyScreen(() => import('./screens/clients')) },
  { path: '/admin/sonumid', title: 'Sõnumid', section: 'messages', screen: lazyScreen(() => import('./screens/messages')) },
  { path: '/admin/users', title: 'Kasutajad', section: 'users', screen: lazyScreen(() => import('./screens/users')) },
  { path: '/admin/retreats', title: 'Retriidid', section: 'retreats', screen: lazyScreen(() => import('./screens/retreats')) },
  { path: '/admin/retreats/:id', title: 'Retriit', section: 'retreats', screen: lazyScreen(() => import('./screens/retreats/detail')) },
  { path: '/admin/discount-codes', title: 'Soodustused', section: 'discount-codes', screen: lazyScreen(() => import('./screens/discount-codes')) },
  { path: '/admin/gift-vouchers', title: 'Kinkekaardid', section: 'gift-vouchers', screen: lazyScreen(() => import('./screens/gift-vouchers')) },
  { path: '/admin/gift-vouchers/:id', title: 'Kinkekaart', section: 'gift-vouchers', screen: lazyScreen(() => import('./screens/gift-vouchers/detail')) },
  { path: '/admin/liidesed', title: 'Liidesed', section: 'webhooks', screen: lazyScreen(() => import('./screens/webhooks')) },
  { path: '/admin/liidesed/:id', title: 'Liidese saatmised', section: 'webhooks', screen: lazyScreen(() => import('./screens/webhooks/deliveries')) },
  { path: '/admin/audit', title: 'Auditilogi', section: 'audit', screen: lazyScreen(() => import('./screens/audit')) },
  { path: '/email-test', title: 'E-posti test', screen: lazyScreen(() => import('./screens/email-test')) },
];

export const NAV_SECTIONS: { section: NavSection; href: string; label: string }[] = [
  { section: 'dashboard', href: '/dashboard', label: 'Töölaud' },
  { section: 'bookings', href: '/admin/bookings', label: 'Broneeringud' },
  { section: 'invoices', href: '/admin/invoices', label: 'Arved' },
  { section: 'clients', href: '/admin/clients', label: 'Kliendid' },
  { section: 'messages', href: '/admin/sonumid', label: 'Sõnumid' },
  { section: 'users', href: '/admin/users', label: 'Kasutajad' },
  { section: 'retreats', href: '/admin/retreats', label: 'Retriidid' },
  { section: 'discount-codes', href: '/admin/discount-codes', label: 'Soodustused' },
  { section: 'gift-vouchers', href: '/admin/gift-vouchers', label: 'Kinkekaardid' },
  { section: 'webhooks', href: '/admin/liidesed', label: 'Liidesed' },
  { section: 'audit', href: '/admin/audit', label: 'Auditilogi' },
];

export { ADMIN_HOME };

export type RouteMatch = { route: AdminRouteDef; params: Record<string, string> } | { route: null; params: Record<string, never> };

/** The route for a path; `route: null` is the 404. The first match wins, so "/admin/bookings/new" beats ":id". */
export function matchAdminRoute(pathname: string): RouteMatch {
  const match = matchAdminPath(pathname);
  const route = match && ADMIN_ROUTES.find((r) => r.path === match.path);
  return route ? { route, params: match.params } : { route: null, params: {} };
}
