/**
 * API throughput of the mock, with autocannon on loopback: a drone page and a drone's details against a Fastify
 * hello route in the same process (budget: at least 0.8×), against json-server 0.17 serving the same drones,
 * and with the console's Vite middleware present against absent (budget: at least 0.95×).
 */
import { join } from 'node:path';
import { DEMO_ACCOUNT } from '../mocks/mock-state.js';
import type { BenchContext, BenchModule, BenchRow } from './bench-row.js';
import { spawnReady, type ReadyProcess } from './child-process.js';
import { measureLoad, medianCpuPerRequest, medianRequestsPerSecond, waitUntilSettled, type LoadResult } from './load.js';
import { alternateRounds } from './statistics.js';

export type ApiServerOptions = { kind: 'studio'; console: 'vite' | 'none'; helloPath: string } | { kind: 'json-server' };

export const HELLO_PATH = '/_bench/hello';
export const LOAD = { connections: 10, durationSeconds: 2 } as const;
const HELLO_BUDGET = 0.8;
const VITE_BUDGET = 0.95;

export function startApiServer(context: BenchContext, options: ApiServerOptions): Promise<ReadyProcess> {
  return spawnReady(process.execPath, ['--import', 'tsx', join(context.root, 'bench', 'servers', 'api-server.ts'), JSON.stringify(options)], {
    cwd: context.root,
    ready: /API server: (http:\/\/\S+?\/)\s/,
  });
}

/** Signs in as the demo account and returns the Authorization header every `/vam` call needs. */
export async function signIn(origin: string): Promise<Record<string, string>> {
  const answer = await fetch(new URL('/api/account/login', origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password }),
  });
  if (!answer.ok) throw new Error(`signing in to ${origin} answered ${answer.status}`);
  const { data } = (await answer.json()) as { data: { token: string } };
  return { authorization: `Bearer ${data.token}` };
}

/** Paths of one drone page and one drone's details on the mock. */
export async function dronePaths(origin: string, auth: Record<string, string>): Promise<{ list: string; detail: string; droneId: number }> {
  const list = '/vam/drone/list?page=1&size=10';
  const page = (await (await fetch(new URL(list, origin), { headers: auth })).json()) as { content: { droneId: number }[] };
  const droneId = page.content[0]?.droneId;
  if (droneId === undefined) throw new Error('the mock has no drones on page 1');
  return { list, detail: `/vam/drone/list/details?droneId=${droneId}`, droneId };
}

interface Target {
  origin: string;
  pid: number;
  auth: Record<string, string>;
}

export const apiBench: BenchModule = {
  name: 'api',
  async run(context) {
    const started: ReadyProcess[] = [];
    const start = async (options: ApiServerOptions, signedIn: boolean): Promise<Target> => {
      const child = await startApiServer(context, options);
      started.push(child);
      return { origin: child.match, pid: child.pid, auth: signedIn ? await signIn(child.match) : {} };
    };
    try {
      const bare = await start({ kind: 'studio', console: 'none', helloPath: HELLO_PATH }, true);
      const withVite = await start({ kind: 'studio', console: 'vite', helloPath: HELLO_PATH }, true);
      const jsonServer = await start({ kind: 'json-server' }, false);
      const { list, detail, droneId } = await dronePaths(bare.origin, bare.auth);
      const load = (target: Target, path: string) => async () => {
        const url = new URL(path, target.origin).href;
        const result = await measureLoad({ url, headers: target.auth, ...LOAD }, target.pid);
        context.log(`  ${url}: ${Math.round(result.requestsPerSecond)} req/s, ${result.cpuUsPerRequest?.toFixed(0) ?? '?'} µs CPU per request`);
        return result;
      };
      const jsonList = '/drones?_page=2&_limit=10';
      const jsonDetail = `/drones/${droneId}`;
      // The API is called in steady state: Vite scans and pre-bundles the console's dependencies right after it
      // starts, which must be over before the server with Vite is measured.
      const settledMs = await waitUntilSettled(withVite.pid);
      context.log(`  the server with Vite settled ${Math.round(settledMs)} ms after the first call`);
      // Warm every route up once (JIT, caches) before anything is recorded; the two studio servers get the very
      // same warm-up, so neither enters its comparison with a hotter JIT or a grown heap.
      for (const warm of [
        ...[bare, withVite].flatMap((server) => [load(server, list), load(server, detail), load(server, HELLO_PATH)]),
        load(jsonServer, jsonList),
        load(jsonServer, jsonDetail),
      ]) {
        await warm();
      }

      // First, while the two studio servers have the same history: the other comparisons load only one of them.
      const vite = await alternateRounds(context.rounds, { present: load(withVite, list), absent: load(bare, list) });
      const same = await alternateRounds(context.rounds, {
        list: load(bare, list),
        detail: load(bare, detail),
        hello: load(bare, HELLO_PATH),
        jsonList: load(jsonServer, jsonList),
        jsonDetail: load(jsonServer, jsonDetail),
      });

      const rounds = `median of ${context.rounds} alternating rounds`;
      const row = (name: string, value: LoadResult[], baselineName: string, baseline: LoadResult[], budget?: number): BenchRow[] => {
        const rows: BenchRow[] = [
          {
            name,
            value: medianRequestsPerSecond(value),
            unit: 'req/s',
            baseline: { name: baselineName, value: medianRequestsPerSecond(baseline) },
            ...(budget ? { budget: { kind: 'ratio-min' as const, limit: budget } } : {}),
            note: `autocannon, ${LOAD.connections} connections × ${LOAD.durationSeconds} s, ${rounds}`,
          },
        ];
        const cpu = medianCpuPerRequest(value);
        const baselineCpu = medianCpuPerRequest(baseline);
        if (cpu !== undefined && baselineCpu !== undefined) {
          rows.push({
            name: `${name}: server CPU per request`,
            value: cpu,
            unit: 'µs',
            baseline: { name: baselineName, value: baselineCpu },
            note: `the same runs; steadier than req/s when other work shares the machine; ${rounds}`,
          });
        }
        return rows;
      };
      return [
        ...row('mock: drone page', same.list, 'Fastify hello, same process', same.hello, HELLO_BUDGET),
        ...row('mock: drone details', same.detail, 'Fastify hello, same process', same.hello, HELLO_BUDGET),
        ...row('mock: drone page vs json-server', same.list, 'json-server 0.17 page', same.jsonList),
        ...row('mock: drone details vs json-server', same.detail, 'json-server 0.17 item', same.jsonDetail),
        ...row('mock: drone page, Vite middleware present', vite.present, 'Vite absent', vite.absent, VITE_BUDGET),
      ];
    } finally {
      await Promise.all(started.map((child) => child.stop()));
    }
  },
};
