// @ts-check
/**
 * The start-up baseline of `start`: the same built files served by a bare `node:http` server (content types,
 * SPA fallback to index.html), which is the least any static host must do.
 *
 * Usage: node bench/baselines/static-server.mjs <dist dir>
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const dir = resolve(process.argv[2] ?? 'dist');
/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

const server = createServer(async (request, response) => {
  const pathname = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/');
  let file = join(dir, normalize(pathname));
  const inside = file.startsWith(dir + sep);
  if (!inside || !(await stat(file).catch(() => undefined))?.isFile()) file = join(dir, 'index.html');
  response.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
  createReadStream(file).pipe(response);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`Static server: http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
