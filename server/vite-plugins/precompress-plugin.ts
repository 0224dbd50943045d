/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of a build, for `start` to send as they
 * are (`@fastify/static`'s `preCompressed`): compressing once at build time at the highest levels costs nothing per
 * request, where compressing on the fly would cost CPU on every first load.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text. Images, fonts and clips are compressed by their own format already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/** Writes `file.br` and `file.gz` beside `file` when it is worth it; the names of the copies written. */
async function precompressFile(file: string): Promise<string[]> {
  if (!COMPRESSIBLE.test(file)) return [];
  const content = await readFile(file);
  if (content.byteLength < MIN_BYTES) return [];
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written: string[] = [];
  // A copy that is not smaller would only make the answer bigger.
  if (br.byteLength < content.byteLength) {
    await writeFile(`${file}.br`, br);
    written.push(`${file}.br`);
  }
  if (gz.byteLength < content.byteLength) {
    await writeFile(`${file}.gz`, gz);
    written.push(`${file}.gz`);
  }
  return written;
}

/** Compresses what the build wrote (chunks, CSS, index.html); `public/` files are left as they are. */
export function precompressPlugin(): Plugin {
  return {
    name: 'plantation-studio:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      await Promise.all(Object.keys(bundle).map((name) => precompressFile(join(dir, name))));
    },
  };
}
