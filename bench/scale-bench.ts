/**
 * What a change costs as the file grows, as the studio page pays it: the whole HTTP call of `addClass` through the
 * studio API (a real server on loopback, with the console's Vite in the same process), on a generated page of about
 * 140 KB against the same change on one of about 2 KB, in alternating rounds of one run. Each change is undone
 * (untimed) so every round starts from the same file. Budget: the large file's median at most 2× the small one's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { indexJsxElements, parseJsxSource } from '../server/codebase-ids/index-jsx-elements.js';
import { createServer } from '../server/create-server.js';
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '../server/studio-token.js';
import type { BenchModule, BenchRow } from './bench-row.js';
import { generatedPage } from './mutations.js';
import { alternateRounds, median } from './statistics.js';

const MOCK = { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } } as const;
const SMALL = { file: 'src/small.tsx', sections: 2 };
const LARGE = { file: 'src/large.tsx', sections: 178 };
const SIZE_BUDGET = 2;

const FILES: Record<string, string> = {
  'index.html': '<!doctype html><div id="root"></div><script type="module" src="/src/main.tsx"></script>',
  'src/main.tsx': `export const main = null;\n`,
  'src/routes/__root.tsx': `import { createRootRoute, Outlet } from '@tanstack/react-router';\nexport const Route = createRootRoute({ component: () => <Outlet /> });\n`,
  [SMALL.file]: generatedPage(SMALL.sections),
  [LARGE.file]: generatedPage(LARGE.sections),
};

/** The middle `h2` of a generated page: the element the change adds its class to. */
function middleHeading(file: string): string {
  const entries = indexJsxElements(parseJsxSource(file, FILES[file]!), file).filter((entry) => entry.tagName === 'h2');
  return entries[Math.floor(entries.length / 2)]!.id;
}

export const scaleBench: BenchModule = {
  name: 'scale',
  async run(context) {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
    const root = path.join(base, 'console');
    for (const [relative, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
      fs.writeFileSync(path.join(root, relative), text);
    }
    const app = await createServer({ api: MOCK, console: { kind: 'vite', root }, studio: true });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const page = await (await fetch(`${origin}/_studio/`)).text();
      const token = new RegExp(`<meta name="${STUDIO_TOKEN_META}" content="([^"]+)">`).exec(page)![1]!;
      const post = async (route: string, body: unknown) => {
        const response = await fetch(`${origin}/_studio/api/canvases/scale/parseAndMutate/${route}`, {
          method: 'POST',
          headers: { origin, [STUDIO_TOKEN_HEADER]: token, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      };
      const change = (id: string) => async () => {
        const started = performance.now();
        await post('mutate/addClass', { reactElement: { codebaseId: id }, className: 'text-xl', stylingFramework: 'Tailwind' });
        const took = performance.now() - started;
        await post('activities/undoChangeToFiles', {});
        return took;
      };
      const small = change(middleHeading(SMALL.file));
      const large = change(middleHeading(LARGE.file));
      // Warm: the engine's modules, both files' first parses.
      await small();
      await large();
      const rounds = Math.max(context.rounds * 4, 20);
      const samples = await alternateRounds(rounds, { small, large });
      const kb = (file: string) => (Buffer.byteLength(FILES[file]!) / 1024).toFixed(0);
      context.log(`scale: addClass over HTTP ${median(samples.large).toFixed(2)} ms at ${kb(LARGE.file)} KB, ${median(samples.small).toFixed(2)} ms at ${kb(SMALL.file)} KB`);
      const row: BenchRow = {
        name: `scale: addClass over HTTP @ ${kb(LARGE.file)} KB`,
        value: median(samples.large),
        unit: 'ms',
        baseline: { name: `same change @ ${kb(SMALL.file)} KB`, value: median(samples.small) },
        budget: { kind: 'ratio-max', limit: SIZE_BUDGET },
        note: `${rounds} alternating rounds, the whole call on loopback`,
      };
      return [row];
    } finally {
      await app.close();
      fs.rmSync(base, { recursive: true, force: true });
    }
  },
};
