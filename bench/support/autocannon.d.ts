// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Client {
      setHeaders(headers: Record<string, string>): void;
      setBody(body: string | Buffer): void;
    }
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Changes the request before it is sent; answers it (or false to end the connection). */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      pipelining?: number;
      /** Requests a second from all connections together (a fixed rate instead of as fast as answered). */
      overallRate?: number;
      timeout?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
    }
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }
    interface Result {
      duration: number;
      requests: Histogram;
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      '1xx': number;
      '2xx': number;
      '3xx': number;
      '4xx': number;
      '5xx': number;
      statusCodeStats: Record<string, { count: number }>;
    }
    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
    }
  }

  function autocannon(opts: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
