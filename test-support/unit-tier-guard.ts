/**
 * Set up before every file of the unit tier: a test there that starts a process or listens on a socket fails at
 * once, naming the tier it belongs to. Why: the unit tier stays fast only while nothing in it waits for processes
 * or the network, and a new test file lands in it unless `vitest.config.ts` lists it as an integration test.
 */
import { ChildProcess } from 'node:child_process';
import { Server } from 'node:net';

function refuse(what: string): never {
  throw new Error(`${what} in a unit test: list this test file under the integration tier in vitest.config.ts`);
}

// `spawn`, `exec` and `fork` all start their process through this method (left out of Node's types).
(ChildProcess.prototype as unknown as { spawn: () => never }).spawn = () => refuse('Starting a process');
Server.prototype.listen = () => refuse('Listening on a socket');
