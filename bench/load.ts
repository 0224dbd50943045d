/**
 * Load on loopback, bounded in time: autocannon for throughput, and a keep-alive loop of sequential requests for
 * the latency of one request at a time.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { median } from './statistics.js';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
}

/** Requests per second; throws when any request failed or answered other than 2xx, which would void the figure. */
export async function requestsPerSecond({ url, headers = {}, connections = 10, durationSeconds = 2 }: LoadOptions): Promise<number> {
  const result = await autocannon({ url, headers, connections, duration: durationSeconds });
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers under load`);
  }
  return result.requests.average;
}

/** Median milliseconds of `count` requests sent one after another on one kept-alive connection. */
export async function sequentialLatency(url: string, headers: Record<string, string> = {}, count = 300): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const start = performance.now();
      const req = request(url, { agent, headers }, (res) => {
        res.resume();
        res.once('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
          else resolve(performance.now() - start);
        });
      });
      req.once('error', reject);
      req.end();
    });
  try {
    const samples: number[] = [];
    for (let i = 0; i < count; i++) samples.push(await once());
    return median(samples);
  } finally {
    agent.destroy();
  }
}
