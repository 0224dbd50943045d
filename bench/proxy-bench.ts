/**
 * Proxy overhead: `dev --api <upstream>` with the `mock` command as the upstream, against calling that upstream
 * directly. Latency of one request at a time (the overhead per request is the difference of the medians), and
 * throughput under autocannon.
 */
import { join } from 'node:path';
import type { BenchModule } from './bench-row.js';
import { BANNER_URL } from '../test-support/spawn-ready.js';
import { spawnReady, type ReadyProcess } from './child-process.js';
import { dronePaths, LOAD, signIn } from './api-bench.js';
import { measureLoad, medianCpuPerRequest, medianRequestsPerSecond, sequentialLatency } from './load.js';
import { alternate, alternateRounds } from './statistics.js';

const SEQUENTIAL_REQUESTS = 300;

export const proxyBench: BenchModule = {
  name: 'proxy',
  async run(context) {
    const bin = join(context.root, 'bin', 'plantation-studio.js');
    const children: ReadyProcess[] = [];
    try {
      const upstream = await spawnReady(process.execPath, [bin, 'mock', '--port', '0'], { cwd: context.root, ready: BANNER_URL });
      children.push(upstream);
      const proxy = await spawnReady(process.execPath, [bin, 'dev', '--port', '0', '--api', upstream.match], {
        cwd: context.root,
        ready: BANNER_URL,
      });
      children.push(proxy);
      const auth = await signIn(proxy.match);
      const { list } = await dronePaths(upstream.match, auth);
      const direct = new URL(list, upstream.match).href;
      const proxied = new URL(list, proxy.match).href;
      for (const url of [direct, proxied]) await sequentialLatency(url, auth, 100);

      const latency = await alternate(context.rounds, {
        direct: () => sequentialLatency(direct, auth, SEQUENTIAL_REQUESTS),
        proxied: () => sequentialLatency(proxied, auth, SEQUENTIAL_REQUESTS),
      });
      const throughput = await alternateRounds(context.rounds, {
        direct: () => measureLoad({ url: direct, headers: auth, ...LOAD }, upstream.pid),
        proxied: () => measureLoad({ url: proxied, headers: auth, ...LOAD }, proxy.pid),
      });
      const proxyCpu = medianCpuPerRequest(throughput.proxied);
      const upstreamCpu = medianCpuPerRequest(throughput.direct);
      const rounds = `median of ${context.rounds} alternating rounds`;
      return [
        {
          name: 'proxy: drone page latency',
          value: latency.proxied,
          unit: 'ms',
          baseline: { name: 'mock upstream direct', value: latency.direct },
          note: `${SEQUENTIAL_REQUESTS} sequential keep-alive requests, median; ${rounds}`,
        },
        {
          name: 'proxy: overhead per request',
          value: latency.proxied - latency.direct,
          unit: 'ms',
          note: 'difference of the two medians above',
        },
        {
          name: 'proxy: drone page throughput',
          value: medianRequestsPerSecond(throughput.proxied),
          unit: 'req/s',
          baseline: { name: 'mock upstream direct', value: medianRequestsPerSecond(throughput.direct) },
          note: `autocannon, ${LOAD.connections} connections × ${LOAD.durationSeconds} s; ${rounds}`,
        },
        ...(proxyCpu !== undefined && upstreamCpu !== undefined
          ? [
              {
                name: 'proxy: studio server CPU per proxied request',
                value: proxyCpu,
                unit: 'µs',
                baseline: { name: 'the mock upstream answering it', value: upstreamCpu },
                note: `the throughput runs above; steadier than req/s on a busy machine; ${rounds}`,
              },
            ]
          : []),
      ];
    } finally {
      await Promise.all(children.map((child) => child.stop()));
    }
  },
};
