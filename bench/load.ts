/**
 * Load on loopback, bounded in time: autocannon for throughput, and a keep-alive loop of sequential requests for
 * the latency of one request at a time.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { median, medianOf } from './statistics.js';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
}

/** CPU time (user + system) a process has used so far, in milliseconds; undefined where /proc cannot tell. */
export function cpuMsOf(pid: number): number | undefined {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, counted after the command name (which may contain spaces).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Resolves once the process has used less than `busyMs` of CPU in each of `quietWindows` windows of `windowMs` in a
 * row: a server that has just started may still be working in the background (Vite scans and pre-bundles the
 * console's dependencies), and an API is called in steady state. Throws when it does not settle in `timeoutMs`.
 */
export async function waitUntilSettled(pid: number, { windowMs = 500, busyMs = 10, quietWindows = 2, timeoutMs = 60_000 } = {}): Promise<number> {
  const started = performance.now();
  let quiet = 0;
  let before = cpuMsOf(pid);
  if (before === undefined) return 0;
  while (quiet < quietWindows) {
    if (performance.now() - started > timeoutMs) throw new Error(`process ${pid} was still busy after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = cpuMsOf(pid);
    if (now === undefined) return performance.now() - started;
    quiet = now - before < busyMs ? quiet + 1 : 0;
    before = now;
  }
  return performance.now() - started;
}

export interface LoadResult {
  requestsPerSecond: number;
  /**
   * The server's CPU time per request, in microseconds. Unlike requests per second it hardly moves when other
   * work shares the machine, so it is the steadier figure of the two on a busy one.
   */
  cpuUsPerRequest?: number;
}

/** Throughput under autocannon; throws when any request failed or answered other than 2xx, which would void it. */
export async function measureLoad({ url, headers = {}, connections = 10, durationSeconds = 2 }: LoadOptions, serverPid?: number): Promise<LoadResult> {
  const cpuBefore = serverPid === undefined ? undefined : cpuMsOf(serverPid);
  const result = await autocannon({ url, headers, connections, duration: durationSeconds });
  const cpuAfter = serverPid === undefined ? undefined : cpuMsOf(serverPid);
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers under load`);
  }
  const cpuUsPerRequest = cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0 ? ((cpuAfter - cpuBefore) * 1000) / result.requests.total : undefined;
  return { requestsPerSecond: result.requests.average, ...(cpuUsPerRequest === undefined ? {} : { cpuUsPerRequest }) };
}

export function medianRequestsPerSecond(samples: readonly LoadResult[]): number {
  return medianOf(samples, (s) => s.requestsPerSecond);
}

/** The median CPU per request, or undefined when any sample could not tell it. */
export function medianCpuPerRequest(samples: readonly LoadResult[]): number | undefined {
  return samples.every((s) => s.cpuUsPerRequest !== undefined) ? medianOf(samples, (s) => s.cpuUsPerRequest!) : undefined;
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
