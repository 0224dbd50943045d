/**
 * A full disk under the project, for real: a small tmpfs mounted over the test's folder (the tests run as root, in
 * CI too; where mounting is not allowed they are skipped with the reason), the studio's server on loopback, the disk
 * filled to its last byte, then a change and a canvas save asked the way the studio page asks. Each is the
 * catalogue's 507 DISK_FULL naming the file, and every byte under the folder is as it was; with space again, the same
 * change lands.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSnapshot } from '../test-support/file-snapshot.js';
import { indexJsxElements, parseJsxSource } from './codebase-ids/index-jsx-elements.js';
import { createServer, type StudioServer } from './create-server.js';
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from './studio-token.js';

const PAGE = 'export function Page() {\n  return <main className="p-4">Vườn cao su</main>;\n}\n';
const FILES: Record<string, string> = {
  'index.html': '<!doctype html><div id="root"></div><script type="module" src="/src/main.tsx"></script>',
  'src/main.tsx': `import { Page } from './page';\nexport const main = <Page />;\n`,
  'src/page.tsx': PAGE,
  'src/routes/__root.tsx': `import { createRootRoute, Outlet } from '@tanstack/react-router';\nexport const Route = createRootRoute({ component: () => <Outlet /> });\n`,
};

/** Writes until the file system says it is full: big blocks first, then single bytes for the last page. */
function fillDisk(file: string): void {
  const fd = openSync(file, 'a');
  try {
    for (const size of [1 << 20, 1 << 12, 1]) {
      const block = Buffer.alloc(size, 0x61);
      for (;;) {
        try {
          writeSync(fd, block);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

describe('a full disk under the project', () => {
  let base: string;
  let root: string;
  let mounted = false;
  let skipReason = '';
  let app: StudioServer | undefined;
  let origin: string;
  let token: string;

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${origin}/_studio/api${path}`, {
      method,
      headers: {
        origin,
        [STUDIO_TOKEN_HEADER]: token,
        'content-type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      json: (await response.json()) as Record<string, unknown>,
    };
  };
  const main = indexJsxElements(parseJsxSource('src/page.tsx', PAGE), 'src/page.tsx').find((entry) => entry.tagName === 'main')!.id;
  const addClass = () =>
    call('POST', '/canvases/disk/parseAndMutate/mutate/addClass', {
      reactElement: { codebaseId: main },
      className: 'text-red-700',
    });

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'plantation-full-disk-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', base], {
        stdio: 'pipe',
      });
      mounted = true;
    } catch (error) {
      skipReason = `a tmpfs cannot be mounted here (${((error as { stderr?: Buffer }).stderr?.toString() || (error as Error).message).trim()}): run as root to test a full disk`;
      return;
    }
    root = join(base, 'console');
    for (const [path, text] of Object.entries(FILES)) {
      await mkdir(join(root, path, '..'), { recursive: true });
      await writeFile(join(root, path), text);
    }
    app = await createServer({
      api: {
        mode: 'mock',
        mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 },
      },
      console: { kind: 'vite', root },
      studio: true,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const page = await (await fetch(`${origin}/_studio/`)).text();
    token = new RegExp(`<meta name="${STUDIO_TOKEN_META}" content="([^"]+)">`).exec(page)![1]!;
  });
  afterAll(async () => {
    await app?.close();
    if (mounted) execFileSync('umount', ['-l', base]);
    await rmdir(base).catch(() => rm(base, { recursive: true, force: true }));
  });

  it('answers a change and a canvas save with 507 DISK_FULL naming the file, and writes nothing; with space again the change lands', async (context) => {
    if (!mounted) return context.skip(skipReason);
    const canvas = await call('GET', '/canvases/disk');
    expect(canvas.status).toBe(200);
    // Vite's first answer starts the optimisation of the page's dependencies, which runs on in the background: the
    // disk is filled once its cache is written, or the optimiser's own writes would meet the full disk (and the
    // temporary folder it removes on failure would give the change room it should not have).
    expect((await fetch(`${origin}/src/main.tsx`)).status).toBe(200);
    const cache = join(root, 'node_modules', '.vite', 'studio');
    await expect
      .poll(async () => {
        const names = await readdir(cache).catch(() => [] as string[]);
        const written = await readdir(join(cache, 'deps')).catch(() => [] as string[]);
        return written.includes('_metadata.json') && !names.some((name) => name.startsWith('deps_temp'));
      }, { timeout: 60_000 })
      .toBe(true);
    const filler = join(base, 'filler');
    fillDisk(filler);
    const before = await fileSnapshot(base);

    const change = await addClass();
    expect(change.status, JSON.stringify(change.json)).toBe(507);
    expect(change.json.code).toBe('DISK_FULL');
    expect(change.json.message).toContain('"src/page.tsx"');
    expect(change.json.message).toContain('Nothing was written');
    const save = await call('PUT', '/canvases/disk', {
      ...canvas.json,
      zoomPerc: 75,
    });
    expect(save.status, JSON.stringify(save.json)).toBe(507);
    expect(save.json.code).toBe('DISK_FULL');
    expect(save.json.message).toContain('.plantation-studio/canvases/disk.json');
    expect(await fileSnapshot(base)).toEqual(before);
    expect(await readFile(join(root, 'src/page.tsx'), 'utf8')).toBe(PAGE);

    await rm(filler);
    const again = await addClass();
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(await readFile(join(root, 'src/page.tsx'), 'utf8')).toContain('p-4 text-red-700');
  });
});
