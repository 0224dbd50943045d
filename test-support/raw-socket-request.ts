/**
 * Bytes sent as they are over a socket of their own (no client fixes the request line, the path or the Host), and
 * the answer read until the server closes the connection: what the perimeter tests need for URL spellings a `fetch`
 * would normalise away.
 */
import { connect } from 'node:net';

export interface RawSocketAnswer {
  status: number;
  head: string;
  body: Buffer;
  /** Whether the server answered and closed before `timeoutMs` (false: the test's socket was closed instead). */
  closed: boolean;
}

export function rawSocketRequest(port: number, request: string, timeoutMs = 20_000): Promise<RawSocketAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closed = true;
    const timer = setTimeout(() => {
      closed = false;
      socket.destroy();
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const head = (split === -1 ? all : all.subarray(0, split)).toString('latin1');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        body: split === -1 ? Buffer.alloc(0) : all.subarray(split + 4),
        closed,
      });
    });
    socket.write(request);
  });
}

/** A request line and headers with `Connection: close`, as bytes to send. */
export function rawRequestText(method: string, path: string, host: string, headers: readonly string[] = []): string {
  return `${[`${method} ${path} HTTP/1.1`, `Host: ${host}`, ...headers, 'Connection: close'].join('\r\n')}\r\n\r\n`;
}
