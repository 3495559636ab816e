import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

/** Serves a fetch handler over real HTTP on a free loopback port, so tests go through a real socket. */
export async function serveOnLoopback(fetch: (request: Request) => Response | Promise<Response>) {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
