/**
 * `dev --root` on a project that installs another Vite than the studio's (test-support/__fixtures__/projects/vite6-app,
 * Vite 6 with @vitejs/plugin-react 4): the real CLI process (from `dist/`, so run `npm run build` first) serves it
 * with the project's own Vite, with the studio's plugins and perimeter working on it.
 */
import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { WebSocket } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODEBASE_ID_ATTRIBUTE } from '../contracts/dom.js';
import { indexJsxElements, parseJsxSource } from '../server/codebase-ids/index-jsx-elements.js';
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '../server/studio-token.js';
import { fixtureProject, type FixtureProject } from '../test-support/fixture-project.js';
import { startStudioCli, type ReadyProcess } from '../test-support/spawn-ready.js';

const START_TIMEOUT_MS = 60_000;
const COMPONENT = 'src/App.tsx';
/** What the console's own page sends with a module request (fetch metadata). */
const SAME_ORIGIN_SCRIPT = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'script' };

describe('dev --root on a project with its own Vite 6', () => {
  let project: FixtureProject;
  let studio: ReadyProcess;
  let projectVite: string;

  beforeAll(async () => {
    project = await fixtureProject('vite6-app');
    projectVite = realpathSync(join(project.root, 'node_modules', 'vite'));
    studio = await startStudioCli(['--root', project.root, '--port', '0'], { timeoutMs: START_TIMEOUT_MS });
  }, START_TIMEOUT_MS + 10_000);
  afterAll(async () => {
    await studio?.stop();
    await project?.remove();
  });

  it("says at start which Vite serves it: the project's own, with its version", async () => {
    const version = (JSON.parse(await readFile(join(projectVite, 'package.json'), 'utf8')) as { version: string }).version;
    expect(version).toMatch(/^6\./);
    expect(studio.stdout()).toContain(`served by the project's own Vite ${version}`);
  });

  it("serves the page from that Vite: its client is the project's installation's", async () => {
    const html = await (await fetch(`${studio.match}/`)).text();
    expect(html).toContain('/_studio/overlay.js');
    const client = await (await fetch(`${studio.match}/@vite/client`, { headers: SAME_ORIGIN_SCRIPT })).text();
    // The client imports its environment module from the package it belongs to: the project's Vite 6, not the studio's.
    expect(client).toContain(`/@fs${projectVite}/dist/client/env.mjs`);
  });

  it('marks the elements with the ids the engine computes from the file on disk', async () => {
    const code = await (await fetch(`${studio.match}/${COMPONENT}`, { headers: SAME_ORIGIN_SCRIPT })).text();
    const served = [...code.matchAll(new RegExp(`"${CODEBASE_ID_ATTRIBUTE}":\\s*"(tempo-[0-9a-f-]+)"`, 'g'))].map((match) => match[1]!);
    const file = join(project.root, COMPONENT);
    const onDisk = indexJsxElements(parseJsxSource(file, await readFile(file, 'utf8')), COMPONENT).map((entry) => entry.id);
    expect(served.length).toBeGreaterThan(0);
    expect(onDisk).toEqual(expect.arrayContaining(served));
  });

  it('hot-updates the page after an edit through the studio API, on its socket on the same port', async () => {
    const client = await (await fetch(`${studio.match}/@vite/client`, { headers: SAME_ORIGIN_SCRIPT })).text();
    const wsToken = /const wsToken = "([^"]+)"/.exec(client)?.[1];
    expect(wsToken).toBeDefined();
    const socket = new WebSocket(`${studio.match.replace(/^http/, 'ws')}/?token=${wsToken}`, { protocols: ['vite-hmr'], headers: { origin: studio.match } });
    const messages: { type: string; updates?: { path: string }[] }[] = [];
    const connected = new Promise<void>((resolve, reject) => {
      socket.addEventListener('error', () => reject(new Error('the HMR socket failed')));
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as (typeof messages)[number];
        messages.push(message);
        if (message.type === 'connected') resolve();
      });
    });
    try {
      await connected;
      // The module must be in Vite's graph for an update of it: the page has asked for it.
      await fetch(`${studio.match}/src/main.tsx`, { headers: SAME_ORIGIN_SCRIPT });
      await fetch(`${studio.match}/${COMPONENT}`, { headers: SAME_ORIGIN_SCRIPT });
      const page = await (await fetch(`${studio.match}/_studio/`)).text();
      const token = new RegExp(`<meta name="${STUDIO_TOKEN_META}" content="([^"]+)">`).exec(page)?.[1];
      const file = join(project.root, COMPONENT);
      const heading = indexJsxElements(parseJsxSource(file, await readFile(file, 'utf8')), COMPONENT).find((entry) => entry.tagName === 'h1')!;
      const answer = await fetch(`${studio.match}/_studio/api/canvases/default/parseAndMutate/mutate/editText`, {
        method: 'POST',
        headers: { origin: studio.match, [STUDIO_TOKEN_HEADER]: token!, 'content-type': 'application/json' },
        body: JSON.stringify({ element: { codebaseId: heading.id }, oldText: 'Tapping rounds', newText: 'Morning rounds' }),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect(await readFile(file, 'utf8')).toContain('Morning rounds');
      await expect
        .poll(() => messages.some((message) => message.type === 'update' && message.updates?.some((update) => update.path === `/${COMPONENT}`)), { timeout: 20_000 })
        .toBe(true);
    } finally {
      socket.close();
    }
  });

  it('still refuses a page of another site, for its modules and for its socket', async () => {
    const module = await fetch(`${studio.match}/${COMPONENT}`, { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' } });
    expect(module.status).toBe(403);
    expect(await module.json()).toMatchObject({ code: 'CROSS_SITE_REFUSED' });
    const socket = new WebSocket(`${studio.match.replace(/^http/, 'ws')}/`, { protocols: ['vite-hmr'], headers: { origin: 'https://evil.example' } });
    const outcome = await new Promise<string>((resolve) => {
      socket.addEventListener('open', () => resolve('open'));
      socket.addEventListener('error', () => resolve('refused'));
    });
    socket.close();
    expect(outcome).toBe('refused');
  });
});
