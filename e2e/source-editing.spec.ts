/**
 * Source editing end to end: `dev --root` on a console made by `init`; the studio page's token; an element of the
 * served page found by its codebase id; `addClass` written into the TSX source; hot reload shows it in Chromium;
 * undo restores the file byte for byte.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { startStudio, type StudioProcess } from './studio-process.js';

const BIN = fileURLToPath(new URL('../bin/plantation-studio.js', import.meta.url));
const CANVAS = 'e2e-canvas';

interface Answer {
  status: number;
  body: { changedFiles?: Array<{ path: string; beforeHash: string; afterHash: string }>; code?: string; message?: string };
}

/** Every file of the console's source, as bytes. */
async function sourceTree(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === 'routeTree.gen.ts') continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path, await readFile(path));
  }
  return files;
}

/** A studio call made by the studio page itself, so Chromium sets the Origin as it would for the editor. */
function studioCall(studio: Page, path: string, token: string, body?: unknown): Promise<Answer> {
  return studio.evaluate(
    async ({ path, token, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-studio-token': token },
        body: body === undefined ? '' : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { path, token, body },
  );
}

test.describe('editing the console source through the studio API', () => {
  let dir: string;
  let root: string;
  let studio: StudioProcess;

  test.beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plantation-edit-'));
    root = join(dir, 'console');
    await promisify(execFile)(process.execPath, [BIN, 'init', root]);
    studio = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await studio?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('addClass on an element of the served page lands in its file, shows after hot reload, and undo restores the file', async ({
    page,
    context,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    const studioPage = await context.newPage();
    await studioPage.goto(`${studio.url}/_studio/`);
    const token = await studioPage.locator('meta[name="plantation-studio-token"]').getAttribute('content');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The sign-in screen needs no session; its link to registration is an element written in the console source.
    await page.goto(`${studio.url}/login`);
    const link = page.locator('a[href="/register"][data-codebase-id]');
    await expect(link).toBeVisible();
    const codebaseId = (await link.getAttribute('data-codebase-id'))!;
    expect(codebaseId).toMatch(/^tempo-[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await expect(link).not.toHaveCSS('text-transform', 'uppercase');

    // A marker on window survives hot module replacement but not a full reload.
    await page.evaluate(() => ((window as unknown as { hmrMarker: number }).hmrMarker = 7));

    const before = await sourceTree(root);
    // Refused without the token, and nothing written.
    const refused = await studioCall(studioPage, `/_studio/api/canvases/${CANVAS}/parseAndMutate/mutate/addClass`, 'wrong', {
      reactElement: { codebaseId },
      className: 'uppercase',
    });
    expect(refused.status).toBe(403);
    expect(await sourceTree(root)).toEqual(before);

    const added = await studioCall(studioPage, `/_studio/api/canvases/${CANVAS}/parseAndMutate/mutate/addClass`, token!, {
      reactElement: { codebaseId },
      className: 'uppercase',
      stylingFramework: 'Tailwind',
      modifiers: [],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [changed] = added.body.changedFiles!;
    expect(changed!.path).toMatch(/^src\/.+\.tsx$/);
    const file = join(root, ...changed!.path.split('/'));
    const edited = await readFile(file, 'utf8');
    expect(edited).toMatch(/className="[^"]*\buppercase\b[^"]*"/);

    await expect(link).toHaveClass(/\buppercase\b/);
    await expect(link).toHaveCSS('text-transform', 'uppercase');
    expect(await page.evaluate(() => (window as unknown as { hmrMarker?: number }).hmrMarker)).toBe(7);

    const undone = await studioCall(studioPage, `/_studio/api/canvases/${CANVAS}/parseAndMutate/activities/undoChangeToFiles`, token!);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const restored = await readFile(file, 'utf8');
    expect(restored).not.toBe(edited);
    expect(undone.body.changedFiles![0]!.afterHash).toBe(changed!.beforeHash);
    // Byte for byte, and no other file touched.
    expect(await sourceTree(root)).toEqual(before);

    await expect(link).not.toHaveClass(/\buppercase\b/);
    await expect(link).not.toHaveCSS('text-transform', 'uppercase');
    expect(await page.evaluate(() => (window as unknown as { hmrMarker?: number }).hmrMarker)).toBe(7);
    expect(errors).toEqual([]);
  });

  test('the studio page gets the CSS of Tailwind classes from the project\'s own Tailwind', async ({ page }) => {
    await page.goto(`${studio.url}/_studio/`);
    const token = await page.locator('meta[name="plantation-studio-token"]').getAttribute('content');
    const answer = await studioCall(page, '/_studio/api/tailwind/css', token!, { classes: [{ className: 'bg-emerald-700', modifiers: ['hover', 'md'] }] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { css, classes } = answer.body as unknown as { css: string; classes: Array<{ candidate: string; generated: boolean }> };
    expect(classes).toEqual([expect.objectContaining({ candidate: 'md:hover:bg-emerald-700', generated: true })]);
    expect(css).toContain('.md\\:hover\\:bg-emerald-700:hover');
    expect(css).toContain('--color-emerald-700:');
  });

  test('a page of another origin cannot write through the studio API, even holding the token', async ({ context }) => {
    const studioPage = await context.newPage();
    await studioPage.goto(`${studio.url}/_studio/`);
    const token = (await studioPage.locator('meta[name="plantation-studio-token"]').getAttribute('content'))!;
    await studioPage.goto(`${studio.url}/login`);
    const codebaseId = (await studioPage.locator('a[href="/register"][data-codebase-id]').getAttribute('data-codebase-id'))!;
    const before = await sourceTree(root);

    // Same server, another origin: localhost instead of 127.0.0.1.
    const foreign = await context.newPage();
    await foreign.goto(`${studio.url.replace('127.0.0.1', 'localhost')}/_studio/`);
    const outcomes = await foreign.evaluate(
      async ({ target, token, body }) => {
        const results: string[] = [];
        // A JSON call with the token needs a CORS preflight, which the server never grants.
        try {
          const response = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', 'x-studio-token': token }, body });
          results.push(`answered ${response.status}`);
        } catch (error) {
          results.push(`blocked: ${(error as Error).name}`);
        }
        // A "simple" cross-site post goes out without a preflight: the server refuses it (Origin, type, no token).
        const opaque = await fetch(target, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body });
        results.push(`no-cors ${opaque.type}`);
        return results;
      },
      {
        target: `${studio.url}/_studio/api/canvases/${CANVAS}/parseAndMutate/mutate/addClass`,
        token,
        body: JSON.stringify({ reactElement: { codebaseId }, className: 'line-through' }),
      },
    );
    expect(outcomes).toEqual(['blocked: TypeError', 'no-cors opaque']);
    expect(await sourceTree(root)).toEqual(before);
  });
});
