/**
 * What a page learns about the session without asking the API, named once for the server and for the content
 * pages' markup (components/Nav.astro, components/AfterPaint.astro).
 *
 * The signed-in hint is a cookie that is not a credential: "1" while this browser holds a session. The server sets
 * and clears it with the session's HttpOnly cookies (worker/http/auth.ts). A visitor who never signed in sees
 * "Logi sisse" at once, and their browser loads no account script and makes no session call. GitHub's `logged_in`
 * cookie works the same way. A stale hint costs only that call, and the answer clears it.
 *
 * Tabs talk over BroadcastChannel('auth'): "signed-out" (every tab drops its user), "signed-in" (every tab re-reads
 * the session; a content page that skipped the account script starts it).
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';
export const SIGNED_IN_HINT_VALUE = '1';

export const AUTH_CHANNEL = 'auth';

export type AuthMessage = { type: 'signed-out' } | { type: 'signed-in' };
