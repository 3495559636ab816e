// The slice of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  export interface Stats {
    average: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    /** total: answered requests (any status); sent: requests written, including any still open when the run ended. */
    requests: Stats & { total: number; sent: number };
    latency: Stats;
    /** Seconds the run really took. */
    duration: number;
    '2xx': number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    errors: number;
    timeouts: number;
  }
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: { method?: string; path?: string; headers?: Record<string, string>; setupRequest?: (req: RawRequest) => RawRequest }[];
  }
  export default function autocannon(options: Options): Promise<Result>;
}
