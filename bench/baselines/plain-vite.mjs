// @ts-check
/**
 * The start-up baseline of `dev`: plain Vite (its own HTTP server, no Fastify, no mock, no studio) serving the
 * same console with the same configuration, built by the same `consoleViteConfig`. Plain JavaScript on the
 * built server code, so nothing is compiled at start that `dev` does not compile either.
 *
 * Usage: node bench/baselines/plain-vite.mjs '<consoleViteConfig options as JSON>'
 */
import { createServer } from 'vite';

const options = JSON.parse(process.argv[2] ?? '{}');
const { consoleViteConfig } = await import(new URL('../../dist/server/console-vite-config.js', import.meta.url).href);
const config = consoleViteConfig(options);
const server = await createServer({ ...config, server: { ...config.server, host: '127.0.0.1', port: 0 } });
await server.listen();
const address = server.httpServer?.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(`Plain Vite: http://127.0.0.1:${port}/`);

const stop = () => server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
