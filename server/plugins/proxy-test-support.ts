/**
 * Upstreams and a client for the proxy's tests, all on loopback: a port that refuses, an HTTP upstream that holds
 * its slow calls until the test lets them go, and a client that tells a complete answer from an aborted one (which
 * `fetch` blurs).
 */
import { createServer as createHttpServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';

export function listenOn(server: Server | NetServer): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

export function closeServer(server: Server | NetServer): Promise<void> {
  if ('closeAllConnections' in server) server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A port that refuses connections: bound, then closed. */
export async function deadPort(): Promise<number> {
  const server = createNetServer();
  const port = await listenOn(server);
  await closeServer(server);
  return port;
}

export interface Received {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** `complete`: the answer ended as HTTP says it must; `aborted`: the connection broke off in its middle. */
  outcome: 'complete' | 'aborted';
}

/** One request on a connection of its own; resolves however the answer ends, rejects only if none began. */
export function receive(url: string, init: { method?: string; headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<Received> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers, agent: false, signal: init.signal }, (answer) => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (body += chunk));
      answer.on('error', () => undefined);
      answer.on('close', () =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body, outcome: answer.complete ? 'complete' : 'aborted' }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * An HTTP upstream whose `/vam/slow…` calls wait until `release()`, whose `/vam/never…` calls are never answered, and
 * whose other calls answer at once. It counts the held calls that arrived and the connections that closed, so a test
 * can wait for either.
 */
export interface HoldingUpstream {
  server: Server;
  port: number;
  /** Slow and never-answered calls received so far. */
  readonly arrived: number;
  /** Connections closed so far (by either side). */
  readonly closed: number;
  /** Answers every slow call waiting, and every later one at once. */
  release(): void;
  /** Resolves once `count()` reaches `target`. */
  until(count: () => number, target: number): Promise<void>;
}

export async function holdingUpstream(): Promise<HoldingUpstream> {
  let arrived = 0;
  let closed = 0;
  let released = false;
  const waiting: Array<() => void> = [];
  const watchers = new Set<() => void>();
  const changed = () => watchers.forEach((watch) => watch());
  const server = createHttpServer((req, res) => {
    const answer = () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ path: req.url }));
    };
    const held = req.url?.startsWith('/vam/slow') || req.url?.startsWith('/vam/never');
    if (!held) return answer();
    arrived += 1;
    changed();
    if (req.url?.startsWith('/vam/never')) return;
    if (released) answer();
    else waiting.push(answer);
  });
  server.on('connection', (socket: Socket) =>
    socket.on('close', () => {
      closed += 1;
      changed();
    }),
  );
  const port = await listenOn(server);
  return {
    server,
    port,
    get arrived() {
      return arrived;
    },
    get closed() {
      return closed;
    },
    release() {
      released = true;
      for (const answer of waiting.splice(0)) answer();
    },
    until(count, target) {
      return new Promise((resolve) => {
        const watch = () => {
          if (count() < target) return;
          watchers.delete(watch);
          resolve();
        };
        watchers.add(watch);
        watch();
      });
    },
  };
}
