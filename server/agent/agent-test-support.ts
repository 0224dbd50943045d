/**
 * Test helpers for the agent calls: a server with the agent plugin alone (its time limits short), calls over real
 * HTTP on loopback with `node:http` (a `fetch` adds `Sec-Fetch-Mode`, which the agent guard refuses, as it should),
 * and a reader of NDJSON streams that waits for the line a test expects.
 */
import http from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { AppError } from '../../contracts/errors.js';
import { agentPlugin, type AgentPluginOptions } from '../plugins/agent-plugin.js';
import { securityPlugin } from '../plugins/security-plugin.js';
import { sharedSourceEditor, type SharedSourceEditor } from '../shared-source-editor.js';

export const TEST_TOKEN = 'studio-token-of-this-test-000000000000000000';

export interface AgentTestServer {
  app: FastifyInstance;
  sourceEditor: SharedSourceEditor;
  secret: string;
  port: number;
  origin: string;
}

/** The agent plugin on a listening server of its own, as `createServer` registers it for `dev`. */
export async function agentTestServer(root: string, options: Partial<AgentPluginOptions> = {}): Promise<AgentTestServer> {
  const app = Fastify({ forceCloseConnections: true });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const failure = error instanceof AppError ? error : new AppError('BAD_REQUEST', error.statusCode ?? 500, error.message);
    return reply.code(failure.statusCode).send(failure.toJSON());
  });
  await app.register(securityPlugin, { allowedHosts: [] });
  const sourceEditor = sharedSourceEditor(root, { warn: () => undefined });
  await app.register(agentPlugin, { root, token: TEST_TOKEN, sourceEditor, bridgeTimeoutMs: 500, keepaliveMs: 200, ...options });
  app.addHook('onClose', () => sourceEditor.dispose());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  await app.agentAccess!.announce(origin);
  return { app, sourceEditor, secret: app.agentAccess!.secret, port, origin };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

export function call(port: number, method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  // A Buffer goes as it is (the page's picture upload; its type given in `headers`), anything else as JSON.
  const text = body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path, headers: { ...(text === undefined ? {} : { 'content-type': 'application/json' }), ...headers } },
      (response) => {
        let raw = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (raw += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: raw === '' ? undefined : JSON.parse(raw) }));
      },
    );
    request.on('error', reject);
    request.end(text);
  });
}

/** An open NDJSON answer: its lines as they come, and whether it ended. */
export class LineReader {
  private readonly lines: any[] = [];
  private readonly waiters: Array<() => void> = [];
  readonly ended: Promise<void>;

  constructor(readonly response: http.IncomingMessage) {
    let carry = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      const parts = (carry + chunk).split('\n');
      carry = parts.pop() ?? '';
      for (const part of parts) if (part.trim() !== '') this.lines.push(JSON.parse(part));
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.ended = new Promise((resolve) => {
      response.on('end', resolve);
      response.on('close', resolve);
    });
  }

  /** The first line not taken yet that matches, taken; waits for it. */
  async take(matches: (line: any) => boolean): Promise<any> {
    for (;;) {
      const index = this.lines.findIndex(matches);
      if (index >= 0) return this.lines.splice(index, 1)[0];
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Whether a line that matches has come (taken or not, as of now). */
  has(matches: (line: any) => boolean): boolean {
    return this.lines.some(matches);
  }

  close(): void {
    this.response.destroy();
  }
}

export function openStream(port: number, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<LineReader> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path, headers: { ...(text === undefined ? {} : { 'content-type': 'application/json' }), ...headers } },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`the stream answered ${response.statusCode}`));
        else resolve(new LineReader(response));
      },
    );
    request.on('error', reject);
    request.end(text);
  });
}
