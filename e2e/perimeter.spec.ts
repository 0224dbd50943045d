/**
 * The perimeter as a web page the user opens while `dev` runs tries it, in real Chromium: attacker pages served by a
 * second loopback server, on another port of 127.0.0.1 and on another host name (`evil.test`, mapped to loopback by
 * Chromium's host resolver rules), against the real CLI (`init`, then `dev --root … --data …`). Each attack is
 * checked by what the page could do and by the bytes of the project, the files outside it and the `--data` file;
 * each is paired with the same action by the console's own page, which works, so a refusal is the server's.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.js';
import { login } from './session.js';
import { fileSnapshot, sha256 } from '../test-support/file-snapshot.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const BIN = fileURLToPath(new URL('../bin/plantation-studio.js', import.meta.url));
const EVIL_HOST = 'evil.test';
const SECRET = 'a secret next to the project';

test.describe.configure({ mode: 'serial' });
test.use({
  launchOptions: { executablePath: findChromium(), args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${EVIL_HOST} 127.0.0.1`] },
});

/** Every file and link under `dir`, hashed (Vite's own cache and the router's generated tree aside). */

/** The attacker's site: one loopback server whose pages are set by the tests, reached as two origins. */
interface AttackerSite {
  server: Server;
  /** Serves `html` at `path` and answers its URLs: on 127.0.0.1 (another port) and on evil.test (another site). */
  page(path: string, html: string): { samePortOther: string; otherSite: string };
}

async function attackerSite(): Promise<AttackerSite> {
  const pages = new Map<string, string>();
  const server = createServer((request, response) => {
    const html = pages.get((request.url ?? '/').split('?')[0]!);
    response.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    page(path, html) {
      pages.set(path, html);
      return { samePortOther: `http://127.0.0.1:${port}${path}`, otherSite: `http://${EVIL_HOST}:${port}${path}` };
    },
  };
}

/**
 * What a promise in the page came to: `ok:<detail>` or `failed:<error>`. The attack is given as source text so it
 * runs as the page's own script, with nothing of the test's scope.
 */
const settle = (page: Page, source: string, arg: unknown) =>
  page.evaluate(
    ({ source, arg }) =>
      (new Function('arg', `return (${source})(arg)`) as (arg: unknown) => Promise<string>)(arg).then(
        (detail) => `ok:${detail}`,
        (error: unknown) => `failed:${String(error)}`,
      ),
    { source, arg },
  );

test.describe('a page of another origin against dev', () => {
  let dir: string;
  let root: string;
  let dataFile: string;
  let editorLog: string;
  let studio: StudioProcess;
  let site: AttackerSite;
  let before: { root: Record<string, string>; outside: Record<string, string>; data: string };

  const state = async () => ({
    root: await fileSnapshot(root),
    outside: await fileSnapshot(join(dir, 'outside')),
    data: sha256(await readFile(dataFile)),
  });
  const expectNothingChanged = async () => expect(await state()).toEqual(before);
  const editorOpened = async () => (await readFile(editorLog, 'utf8').catch(() => '')).trim();

  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    dir = await mkdtemp(join(tmpdir(), 'plantation-perimeter-'));
    root = join(dir, 'console');
    dataFile = join(dir, 'data.json');
    await promisify(execFile)(process.execPath, [BIN, 'init', root]);
    // A folder next to the project, linked into it: nothing in it may be served.
    await mkdir(join(dir, 'outside'));
    await writeFile(join(dir, 'outside', 'secret.txt'), `${SECRET}\n`);
    await symlink(join(dir, 'outside'), join(root, 'src', 'shared'));
    // The user's editor, as Vite's launcher would start it (the server inherits the variable): it notes each file.
    editorLog = join(dir, 'editor-opened.log');
    const editor = join(dir, 'editor.sh');
    await writeFile(editor, `#!/bin/sh\necho "$1" >> '${editorLog}'\n`);
    await chmod(editor, 0o755);
    process.env.LAUNCH_EDITOR = editor;
    studio = await startStudio(['dev', '--root', root, '--data', dataFile]);
    delete process.env.LAUNCH_EDITOR;
    site = await attackerSite();

    // Data a reset would take back: one drone fewer than the seed.
    const { token } = await login(request, studio.url);
    const deleted = await request.delete(`${studio.url}/vam/drone/delete/1`, { headers: { authorization: `Bearer ${token}` } });
    expect(deleted.status()).toBe(200);
    // The console's first load settles Vite's dependency cache before the snapshot.
    expect((await request.get(`${studio.url}/src/main.tsx`)).status()).toBe(200);
    before = await state();
  });
  test.afterAll(async () => {
    await studio?.stop();
    await new Promise((resolve) => site?.server.close(resolve));
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  test('cannot frame the studio (clickjacking): the frame is refused, and a click and Delete change nothing', async ({ page }) => {
    for (const path of ['/_studio/', '/_studio/canvas/main']) {
      const urls = site.page(
        '/frame-studio',
        `<!doctype html><body style="margin:0">
          <button id="bait" style="position:absolute;top:300px;left:300px">Win a prize</button>
          <iframe id="studio" src="${studio.url}${path}" style="opacity:0.01;position:absolute;top:0;left:0;width:1280px;height:800px;border:0"></iframe>
        </body>`,
      );
      for (const url of [urls.samePortOther, urls.otherSite]) {
        const served = page.waitForResponse((response) => response.url() === `${studio.url}${path}`);
        await page.goto(url);
        // The server answered the page (200), and Chromium put its error page in the frame instead of showing it.
        expect((await served).status()).toBe(200);
        const frame = () => page.frames().find((candidate) => candidate !== page.mainFrame());
        await expect.poll(() => frame()?.url(), { message: `${url} frames ${path}` }).toBe('chrome-error://chromewebdata/');
        // The studio never ran in it: no token, no editor.
        expect(await frame()!.locator('meta[name="plantation-studio-token"]').count()).toBe(0);
        await page.mouse.click(640, 400);
        await page.keyboard.press('Delete');
        await page.keyboard.press('Backspace');
      }
    }
    await expectNothingChanged();

    // The console is framed by the studio only: another site or port framing it gets the browser's error page.
    for (const path of ['/login', '/drone']) {
      const consoleFrame = site.page('/frame-console', `<!doctype html><iframe id="console" src="${studio.url}${path}" style="width:1200px;height:700px"></iframe>`);
      for (const url of [consoleFrame.samePortOther, consoleFrame.otherSite]) {
        await page.goto(url);
        const frame = () => page.frames().find((candidate) => candidate !== page.mainFrame());
        await expect.poll(() => frame()?.url(), { message: `${url} frames ${path}` }).toBe('chrome-error://chromewebdata/');
      }
    }
  });

  test("cannot read the console's source, the HMR token or a file through a link, nor open the HMR socket", async ({ page, request }) => {
    const wsToken = /const wsToken = "([^"]+)"/.exec(await (await request.get(`${studio.url}/@vite/client`)).text())![1]!;
    const read = `(url) => fetch(url).then((r) => r.text()).then((t) => t.length + ':' + t.slice(0, 40))`;
    const importModule = `(url) => import(url).then(() => 'imported')`;
    const openSocket = `(url) => new Promise((resolve, reject) => {
      const socket = new WebSocket(url, 'vite-hmr');
      socket.onopen = () => { socket.close(); resolve('open'); };
      socket.onerror = () => reject(new Error('socket error'));
      setTimeout(() => reject(new Error('no answer')), 8000);
    })`;
    const socketUrl = `${studio.url.replace('http:', 'ws:')}/?token=${wsToken}`;
    const urls = site.page('/read', '<!doctype html><title>attacker</title>');
    for (const url of [urls.samePortOther, urls.otherSite]) {
      await page.goto(url);
      for (const path of ['/src/main.tsx', '/@vite/client', '/src/routes/__root.tsx?import', '/index.html', '/src/shared/secret.txt?raw']) {
        expect(await settle(page, read, `${studio.url}${path}`), `${url} reads ${path}`).toMatch(/^failed:/);
      }
      expect(await settle(page, importModule, `${studio.url}/src/main.tsx`), url).toMatch(/^failed:/);
      // Even with the token (as if read some other way), the socket is not opened for this page.
      expect(await settle(page, openSocket, socketUrl), `${url} opens the HMR socket`).toMatch(/^failed:/);
      expect(await settle(page, openSocket, socketUrl.replace(/\?.*$/, '')), url).toMatch(/^failed:/);
    }

    // The console's own page reads its modules and opens the socket, and still gets nothing through the link.
    await page.goto(`${studio.url}/login`);
    expect(await settle(page, read, `${studio.url}/src/main.tsx`)).toMatch(/^ok:/);
    expect(await settle(page, openSocket, socketUrl)).toBe('ok:open');
    const leak = await settle(page, `(url) => fetch(url).then((r) => r.status + ':' + r.text())`, `${studio.url}/src/shared/secret.txt`);
    expect(leak).toMatch(/^ok:403:/);
    expect((await request.get(`${studio.url}/src/shared/secret.txt?raw`)).status()).toBe(403);
    await expectNothingChanged();
  });

  test('cannot launch the editor with an <img>, a frame, a fetch or a link; the console page can', async ({ page }) => {
    const file = join(root, 'src', 'main.tsx');
    const launcher = `${studio.url}/__open-in-editor?file=${encodeURIComponent(file)}`;
    const urls = site.page(
      '/launch',
      `<!doctype html>
        <img src="${launcher}">
        <img src="${launcher.replace('__open-in-editor', '__OPEN-IN-EDITOR')}">
        <iframe src="${launcher}"></iframe>
        <link rel="prefetch" href="${launcher}&prefetch">
        <script>fetch(${JSON.stringify(launcher)}, { mode: 'no-cors' }).catch(() => {});</script>`,
    );
    for (const url of [urls.samePortOther, urls.otherSite]) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
    }
    // A link followed to it: a top-level navigation from the other site.
    const link = site.page('/launch-link', `<!doctype html><a id="go" href="${launcher}">open</a>`);
    await page.goto(link.otherSite);
    await page.click('#go');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(await editorOpened()).toBe('');

    await page.goto(`${studio.url}/login`);
    expect(await settle(page, `(url) => fetch(url).then((r) => String(r.status))`, launcher)).toBe('ok:200');
    await expect.poll(editorOpened).toContain(file);
    await rm(editorLog);
    await expectNothingChanged();
  });

  test("cannot reset the mock's --data file or arm faults with a form or a fetch; tools still can", async ({ page, request }) => {
    const reset = `${studio.url}/_mock/reset`;
    const faults = `${studio.url}/_mock/faults`;
    const fault = JSON.stringify({ path: '/vam/drone/list', status: 500, count: 100 });
    const formPage = (action: string, enctype: string) =>
      `<!doctype html><form id="f" method="post" action="${action}" enctype="${enctype}">
        <input name='${fault.slice(0, -1)},"x":"' value='"}'></form><script>document.getElementById('f').submit();</script>`;
    const attacks = [
      site.page('/form-reset', formPage(reset, 'text/plain')),
      site.page('/form-reset-urlencoded', formPage(reset, 'application/x-www-form-urlencoded')),
      site.page('/form-reset-multipart', formPage(reset, 'multipart/form-data')),
      site.page('/form-faults', formPage(faults, 'text/plain')),
    ];
    for (const urls of attacks) {
      for (const url of [urls.samePortOther, urls.otherSite]) {
        const answer = page.waitForResponse((response) => response.url().startsWith(`${studio.url}/_mock/`));
        await page.goto(url);
        expect((await answer).status(), url).toBe(403);
      }
    }
    const scripted = site.page('/fetch-reset', '<!doctype html><title>attacker</title>');
    const post = `({ url, body }) => fetch(url, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body }).then((r) => r.type)`;
    const beacon = `({ url, body }) => Promise.resolve(String(navigator.sendBeacon(url, body)))`;
    for (const url of [scripted.samePortOther, scripted.otherSite]) {
      await page.goto(url);
      for (const target of [reset, faults]) {
        const answer = page.waitForResponse((response) => response.url() === target);
        await settle(page, post, { url: target, body: fault });
        expect((await answer).status(), `${url} fetch ${target}`).toBe(403);
        const beaconAnswer = page.waitForResponse((response) => response.url() === target);
        await settle(page, beacon, { url: target, body: fault });
        expect((await beaconAnswer).status(), `${url} beacon ${target}`).toBe(403);
      }
      // A JSON body needs a preflight, which no one answers: the call is never sent.
      expect(await settle(page, `(url) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.status)`, reset)).toMatch(/^failed:/);
    }
    expect(await (await request.get(faults)).json()).toEqual({ faults: [] });
    await expectNothingChanged();

    // A tool (no Origin), as the suite's own fixtures call it: the reset rewrites the file.
    expect((await request.post(reset)).status()).toBe(200);
    expect(sha256(await readFile(dataFile))).not.toBe(before.data);
    before = await state();
  });

  test('cannot write source through the studio API, from a page or with a forged Origin and the token', async ({ page, request }) => {
    const token = /<meta name="plantation-studio-token" content="([^"]+)">/.exec(await (await request.get(`${studio.url}/_studio/`)).text())?.[1];
    expect(token, 'the studio page carries its token').toBeTruthy();
    const undo = `${studio.url}/_studio/api/canvases/main/parseAndMutate/activities/undoChangeToFiles`;
    const urls = site.page('/write', '<!doctype html><title>attacker</title>');
    for (const url of [urls.samePortOther, urls.otherSite]) {
      await page.goto(url);
      const answer = page.waitForResponse((response) => response.url() === undo);
      await settle(page, `(url) => fetch(url, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{}' }).then((r) => r.type)`, undo);
      expect((await answer).status(), url).toBe(403);
    }
    // A token holder forging the Origin, from a tool.
    for (const origin of [urls.otherSite.replace('/write', ''), urls.samePortOther.replace('/write', ''), 'null', `${studio.url}.${EVIL_HOST}`, `${studio.url}/`]) {
      const answer = await request.post(undo, { headers: { origin, 'x-studio-token': token!, 'content-type': 'application/json' }, data: {} });
      expect(answer.status(), origin).toBe(403);
      expect((await answer.json()) as { code: string }).toMatchObject({ code: 'STUDIO_WRITE_REFUSED' });
    }
    // The studio's own origin and token get through to the engine (nothing to undo yet).
    const own = await request.post(undo, { headers: { origin: studio.url, 'x-studio-token': token!, 'content-type': 'application/json' }, data: {} });
    expect(own.status()).toBe(409);
    await expectNothingChanged();
  });

  test("cannot make an agent call, not even the studio's own page with the secret; a local agent can", async ({ page, request }) => {
    const { secret } = JSON.parse(await readFile(join(root, '.plantation-studio', 'agent-connection.json'), 'utf8')) as { secret: string };
    const changes = `${studio.url}/_studio/agent/changes`;
    const undo = `${studio.url}/_studio/agent/changes/undo`;
    const urls = site.page('/agent', '<!doctype html><title>attacker</title>');
    for (const url of [urls.samePortOther, urls.otherSite]) {
      await page.goto(url);
      // A simple request reaches the server without a preflight, but carries no secret and the page's marks.
      const answer = page.waitForResponse((response) => response.url() === undo);
      await settle(page, `(url) => fetch(url, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{}' }).then((r) => r.type)`, undo);
      expect((await answer).status(), url).toBe(401);
      // With the secret, the Authorization header needs a preflight, which nothing allows: the call is never made.
      const withSecret = `(arg) => fetch(arg.url, { headers: { authorization: 'Bearer ' + arg.secret } }).then((r) => String(r.status))`;
      expect(await settle(page, withSecret, { url: changes, secret }), url).toMatch(/^failed:TypeError/);
    }
    // The studio's own page, had it learned the secret: same origin, no preflight, refused by the browser's marks.
    await page.goto(`${studio.url}/_studio/`);
    const own = `(arg) => fetch(arg.url, { headers: { authorization: 'Bearer ' + arg.secret } }).then(async (r) => r.status + ' ' + (await r.json()).code)`;
    expect(await settle(page, own, { url: changes, secret })).toBe('ok:401 AGENT_REFUSED');
    // A local agent (no browser's marks) with the secret is answered, so the refusals above are the guard's.
    const agent = await request.get(changes, { headers: { authorization: `Bearer ${secret}` } });
    expect(agent.status()).toBe(200);
    await expectNothingChanged();
  });

  test('a rebinding name for this very port is refused on every route', async ({ page }) => {
    const port = new URL(studio.url).port;
    const rebound = `http://${EVIL_HOST}:${port}`;
    for (const path of ['/_studio/', '/login', '/src/main.tsx', '/_mock/state']) {
      const answer = await page.goto(`${rebound}${path}`);
      expect(answer?.status(), path).toBe(403);
      expect(await page.textContent('body')).toContain('FORBIDDEN_HOST');
    }
    expect(await settle(page, `(url) => fetch(url, { method: 'POST' }).then((r) => String(r.status))`, `${rebound}/_mock/reset`)).toBe('ok:403');
    await expectNothingChanged();
  });
});
