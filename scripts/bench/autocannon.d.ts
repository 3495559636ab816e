// The slice of autocannon's API the API benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Stats {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Stats & { total: number };
    latency: Stats;
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  }
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: { method?: string; path?: string; headers?: Record<string, string>; setupRequest?: (req: RawRequest) => RawRequest }[];
  }
  export default function autocannon(options: Options): Promise<Result>;
}
