/**
 * Issue 41, one contract for the public forms too: each path they POST to, with its route's body and answer, typed
 * from the route modules themselves. Types only: no code reaches the page (hc itself would cost about 2.3 KB gz on
 * pages whose budgets are tight, issue 40), so a changed path, body or answer is still a type error in the form.
 */
import type { Hono } from 'hono';
import type { hc, InferRequestType, InferResponseType } from 'hono/client';
import type { authRoutes } from '../../../worker/routes/auth';
import type { bookingRoutes } from '../../../worker/routes/bookings';
import type { contactRoutes } from '../../../worker/routes/contact';
import type { discountCodeRoutes } from '../../../worker/routes/discount-codes';
import type { feedbackRoutes } from '../../../worker/routes/feedback';
import type { setupRoutes } from '../../../worker/routes/setup';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Client<R extends Hono<any, any, any>> = ReturnType<typeof hc<R>>;
type Auth = Client<typeof authRoutes>;
type Feedback = Client<typeof feedbackRoutes>;
type Setup = Client<typeof setupRoutes>;

/** The public forms' POST paths (as app.ts mounts the route modules) and their endpoints. */
export interface PublicPosts {
  '/api/bookings': Client<typeof bookingRoutes>['index']['$post'];
  '/api/contact': Client<typeof contactRoutes>['index']['$post'];
  '/api/discount-codes/check': Client<typeof discountCodeRoutes>['check']['$post'];
  '/api/feedback': Feedback['index']['$post'];
  '/api/feedback/open': Feedback['open']['$post'];
  '/api/auth/signup': Auth['signup']['$post'];
  '/api/auth/confirm': Auth['confirm']['$post'];
  '/api/auth/resend': Auth['resend']['$post'];
  '/api/auth/signin': Auth['signin']['$post'];
  '/api/auth/recover': Auth['recover']['$post'];
  '/api/auth/reset': Auth['reset']['$post'];
  '/api/setup/create-main-admin': Setup['create-main-admin']['$post'];
  '/api/setup/promote': Setup['promote']['$post'];
}

export type PublicPath = keyof PublicPosts;
/** What the route's validator takes (its schema's input). */
export type PublicBody<P extends PublicPath> = InferRequestType<PublicPosts[P]> extends { json: infer J } ? J : never;
/** What the route answers when it succeeds. */
export type PublicAnswer<P extends PublicPath> = InferResponseType<PublicPosts[P], 200 | 201>;
