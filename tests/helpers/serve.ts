import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

type Handler = (request: Request) => Response | Promise<Response>;

/**
 * Serves a fetch handler over real HTTP on a free loopback port, so tests go through a real socket. The handler
 * can also be given later (`handle`), once the app has been configured with the origin this server got.
 */
export async function serveOnLoopback(fetch?: Handler) {
  let handler: Handler = fetch ?? (() => new Response(null, { status: 503 }));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: (request: Request) => handler(request), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    handle(next: Handler) {
      handler = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
