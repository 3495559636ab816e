// autocannon, honestly: a load figure counts only successful (2xx) answers, and any refused, failed or timed-out
// request fails the benchmark. A rate measured on 4xx answers measures the refusal, not the work (issue 20: a run
// on today's date once reported 9 162 "bookings/s" while every edition was closed and all 91 615 requests were 422s).
import autocannon, { type Options, type Result } from 'autocannon';
import { ms } from './server';

export interface Load {
  name: string;
  /** Successful answers per second over the run's real duration. */
  okPerSecond: number;
  ok: number;
  p50: number;
  p99: number;
  result: Result;
}

export class BenchmarkFailed extends Error {}

/**
 * One request as the load will send it, answered before the load starts: a refusal (a closed edition, a missing
 * cookie) then fails the benchmark with the server's own words instead of as a count of non-2xx answers.
 */
export async function probe(name: string, url: string, init: RequestInit = {}): Promise<void> {
  const res = await fetch(url, init);
  const body = await res.text();
  if (!res.ok) throw new BenchmarkFailed(`${name}: the first request was refused (${res.status}): ${body.slice(0, 300)}`);
}

export async function measureLoad(name: string, options: Options): Promise<Load> {
  const result = await autocannon(options);
  const ok = result['2xx'];
  const load = { name, ok, okPerSecond: ok / result.duration, p50: result.latency.p50, p99: result.latency.p99, result };
  console.log(
    `${name.padEnd(26)} ${load.okPerSecond.toFixed(0).padStart(6)} ok/s   p50 ${ms(load.p50)}   p99 ${ms(load.p99)}   ` +
      `${ok} ok of ${result.requests.total} answered`,
  );
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    const statuses = Object.entries(result.statusCodeStats)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, s]) => `${s.count}× ${code}`);
    throw new BenchmarkFailed(
      `${name}: ${failed} requests did not succeed (${[...statuses, `${result.errors} errors`, `${result.timeouts} timeouts`].join(', ')}): the figures above do not count`,
    );
  }
  return load;
}

/** Runs a benchmark's body; a failed run prints why and exits non-zero, after the body's own clean-up. */
export async function runBenchmark(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    console.error(`\nbenchmark FAILED: ${error instanceof BenchmarkFailed ? error.message : String((error as Error)?.stack ?? error)}`);
    process.exitCode = 1;
  }
}
