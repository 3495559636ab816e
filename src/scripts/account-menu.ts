/**
 * The top bar's account corner on every page, without React (budget ≤ 3 KB gz): reads the session (rotating the
 * refresh token once when only that is left), reveals the markup Nav.astro rendered hidden — `data-auth-show="out"`
 * ("Logi sisse"), `"in"` (account menu, mobile mirror), `"admin"` (Admin button) — and runs the menu button:
 * Enter, Space or ArrowDown open it with focus on the first item, arrows move, Escape closes it and returns focus,
 * Tab or a click elsewhere close it. "Logi välja" signs out with global scope, tells the other tabs, goes to /auth.
 * A sign-out or sign-in in another tab (BroadcastChannel 'auth') updates this one.
 */
import { displayName, loadSession, onAuthMessage, signOut, type Session } from '../lib/auth/session-client';

const root = document.documentElement;

function render(session: Session | null): void {
  root.dataset.auth = session ? (session.isAdmin ? 'admin' : 'user') : 'anonymous';
  for (const el of document.querySelectorAll<HTMLElement>('[data-auth-show]')) {
    const when = el.dataset.authShow;
    el.hidden = when === 'out' ? !!session : when === 'in' ? !session : !session?.isAdmin;
  }
  for (const el of document.querySelectorAll('[data-auth-name]')) el.textContent = session ? displayName(session.user) : '';
  if (!session) closeMenu(false);
}

const update = () => loadSession().then(render, () => render(null));

const button = document.querySelector<HTMLButtonElement>('[data-account-button]');
const menu = document.getElementById(button?.getAttribute('aria-controls') ?? '');
const items = () => Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

function openMenu(focusIndex = 0): void {
  if (!button || !menu) return;
  menu.hidden = false;
  button.setAttribute('aria-expanded', 'true');
  const list = items();
  list[(focusIndex + list.length) % list.length]?.focus();
}

function closeMenu(returnFocus: boolean): void {
  if (!button || !menu || menu.hidden) return;
  menu.hidden = true;
  button.setAttribute('aria-expanded', 'false');
  if (returnFocus) button.focus();
}

if (button && menu) {
  button.addEventListener('click', () => (menu.hidden ? openMenu() : closeMenu(false)));
  button.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowUp' ? -1 : 0);
    }
  });
  menu.addEventListener('keydown', (event) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      closeMenu(true);
    } else if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(-1);
    else if (event.key === 'Tab') closeMenu(false);
  });
  document.addEventListener('click', (event) => {
    if (!button.parentElement?.contains(event.target as Node)) closeMenu(false);
  });
}

for (const el of document.querySelectorAll<HTMLButtonElement>('[data-signout]')) {
  el.addEventListener('click', async () => {
    el.disabled = true;
    await signOut('global');
    location.assign('/auth');
  });
}

onAuthMessage((message) => (message.type === 'signed-out' ? render(null) : void update()));
// A page restored from the back/forward cache may show a session that ended meanwhile.
window.addEventListener('pageshow', (event) => event.persisted && void update());
void update();
