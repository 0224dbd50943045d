/**
 * The real CLI's `dev` on loopback: every WebSocket upgrade that is not for Vite's HMR socket is answered and closed
 * at once (none left open), and a SIGTERM under load (keep-alive connections hammering the console, the HMR sockets
 * of open pages) ends the process with 0 and removes the agent connection file.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawSocketRequest } from '../test-support/raw-socket-request.js';
import { CLI_BIN, spawnProcess, startStudioCli, type ReadyProcess } from '../test-support/spawn-ready.js';

const upgradeText = (path: string, host: string, headers: readonly string[]) =>
  `${[`GET ${path} HTTP/1.1`, `Host: ${host}`, 'Connection: Upgrade', 'Upgrade: websocket', 'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', ...headers].join('\r\n')}\r\n\r\n`;

/** An HMR socket as a console page opens it: resolves once the server switched protocols, and stays open. */
function openHmrSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n')) {
        if (text.startsWith('HTTP/1.1 101 ')) resolve(socket);
        else reject(new Error(`no HMR socket: ${text.slice(0, 200)}`));
      }
    });
    socket.write(upgradeText('/', `127.0.0.1:${port}`, ['Sec-WebSocket-Protocol: vite-hmr']));
  });
}

describe("dev's sockets and its stop", () => {
  let base: string;
  let root: string;
  let dev: ReadyProcess;
  let port: number;
  const connectionFile = () => join(root, '.plantation-studio', 'agent-connection.json');

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'plantation-sockets-'));
    root = join(base, 'console');
    expect((await spawnProcess(process.execPath, [CLI_BIN, 'init', root]).exited).code).toBe(0);
    dev = await startStudioCli(['--root', root, '--port', '0']);
    port = Number(new URL(dev.match).port);
  });
  afterAll(async () => {
    await dev?.kill();
    await rm(base, { recursive: true, force: true });
  });

  it('answers and closes every upgrade that is not for the HMR socket, many at once', async () => {
    const host = `127.0.0.1:${port}`;
    const kinds: Array<[string, string[]]> = [
      ['/some/socket', []],
      ['/', []],
      ['/', ['Sec-WebSocket-Protocol: chat']],
      ['/elsewhere', ['Sec-WebSocket-Protocol: vite-hmr']],
      ['/_studio/api/agent/events', []],
      ['/country/all', ['Sec-WebSocket-Protocol: vite-ping']],
    ];
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, index) => {
        const [path, headers] = kinds[index % kinds.length]!;
        return rawSocketRequest(port, upgradeText(path, host, headers)).then((answer) => ({ path, headers, answer }));
      }),
    );
    for (const { path, headers, answer } of answers) {
      const where = `${path} ${headers.join(' ')}`;
      expect(answer.closed, `${where} was left open`).toBe(true);
      expect(answer.status, where).toBe(404);
      expect(JSON.parse(answer.body.toString('utf8')), where).toMatchObject({
        code: 'SOCKET_NOT_FOUND',
      });
    }
    // The HMR socket itself still opens.
    (await openHmrSocket(port)).destroy();
  });

  it('stops on SIGTERM under load with exit code 0, and removes the agent connection file', async () => {
    expect(existsSync(connectionFile())).toBe(true);
    // Console pages with their HMR sockets open, and keep-alive connections asking for the console without pause.
    const pages = await Promise.all(Array.from({ length: 8 }, () => openHmrSocket(port)));
    for (const page of pages) page.on('error', () => undefined);
    const load = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: 40,
        duration: 60,
        requests: [
          { path: '/src/main.tsx' },
          { path: '/' },
          {
            path: '/api/account/login',
            method: 'POST',
            body: '{}',
            headers: { 'content-type': 'application/json' },
          },
        ],
      },
      () => undefined,
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      dev.child.kill('SIGTERM');
      const exit = await dev.exited;
      expect(exit, dev.output()).toEqual({ code: 0, signal: null });
      expect(existsSync(connectionFile())).toBe(false);
    } finally {
      load.stop();
      for (const page of pages) page.destroy();
    }
  });
});
