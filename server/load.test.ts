/**
 * The mock under load, on loopback: 50 concurrent connections for 10 s over the calls the console makes most
 * (pages and details), with no connection error, no timeout and no answer other than 2xx; afterwards its data
 * is what it was.
 */
import autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { useListeningMock } from './listening-mock-test-support.js';

const CONNECTIONS = 50;
const DURATION_SECONDS = 10;

describe(`the mock under ${CONNECTIONS} concurrent connections for ${DURATION_SECONDS} s`, () => {
  const server = useListeningMock();

  it('answers every request with a 2xx, and its data is unchanged afterwards', { timeout: (DURATION_SECONDS + 20) * 1000 }, async () => {
    const before = await (await fetch(`${server.origin}/_mock/state`)).text();
    const paths = [
      '/vam/drone/list?page=0&size=10',
      '/vam/drone/list/details?droneId=1',
      '/country/all?page=0&size=6',
      '/vam/task/all?page=0',
      '/vam/tapping/getlist?page=1',
      '/vam/robot/getList',
      '/_studio/api/health',
    ];
    const result = await autocannon({
      url: server.origin,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      headers: server.auth,
      requests: paths.map((path) => ({ method: 'GET' as const, path })),
    });

    expect(result.errors, 'connection errors').toBe(0);
    expect(result.timeouts, 'timeouts').toBe(0);
    expect(result.non2xx, 'answers other than 2xx').toBe(0);
    expect(result['2xx']).toBe(result.requests.total);
    // Far below what the mock does on any machine: a guard against a server that stalled, not a speed test.
    expect(result.requests.total).toBeGreaterThan(1000);

    const after = await fetch(`${server.origin}/_mock/state`);
    expect(after.status).toBe(200);
    expect(await after.text()).toBe(before);
  });
});
