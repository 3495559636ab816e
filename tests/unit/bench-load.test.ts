// The benchmarks' load runner (scripts/bench/load.ts) counts only successful answers and fails on any other: a
// figure measured on refused requests is no figure (issue 20: "9 162 bookings/s" while every request was a 422).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BenchmarkFailed, measureLoad, probe } from '../../scripts/bench/load';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  vi.restoreAllMocks();
});

/** A server answering each request with the status `statusOf(n)` gives for the n-th. */
async function serve(statusOf: (n: number) => number): Promise<string> {
  let n = 0;
  server = createServer((_req, res) => {
    res.statusCode = statusOf(n++);
    res.end('{}');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('measureLoad', () => {
  it('reports successful answers per second when every answer succeeds', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const url = await serve(() => 200);
    const load = await measureLoad('ok', { url, connections: 2, duration: 1 });
    expect(load.ok).toBeGreaterThan(0);
    expect(load.ok).toBe(load.result.requests.total);
    expect(load.okPerSecond).toBeCloseTo(load.ok / load.result.duration);
  });

  it('fails when any answer is not a success, naming the statuses', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const url = await serve((n) => (n % 50 === 49 ? 422 : 200));
    await expect(measureLoad('mostly ok', { url, connections: 2, duration: 1 })).rejects.toThrow(BenchmarkFailed);
    await expect(measureLoad('mostly ok', { url, connections: 2, duration: 1 })).rejects.toThrow(/× 422/);
  });

  it('refuses to start when the first request is refused, with the server’s answer', async () => {
    const url = await serve(() => 422);
    await expect(probe('closed', url)).rejects.toThrow(/refused \(422\): \{\}/);
  });
});
