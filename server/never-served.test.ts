/**
 * No byte of `.plantation-studio/` (the agent secret, the mock's signing key, the history's copies), `.git/` or a
 * `.env*` file is ever served, in any spelling of the URL, and nothing outside the project is served even when the
 * project's own Vite config allows `/`: the real CLI (`dev` on the console, `dev` on a project with its own Vite
 * config, `start` on a build) asked over raw sockets on loopback, since `fetch` would normalise the spellings away.
 * Every answer is compared byte for byte with every secret.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject, type FixtureProject } from '../test-support/fixture-project.js';
import { rawRequestText, rawSocketRequest, type RawSocketAnswer } from '../test-support/raw-socket-request.js';
import { CLI_BIN, spawnProcess, startStudioCli, type ReadyProcess } from '../test-support/spawn-ready.js';

const secret = (what: string) => `${what}-${randomBytes(12).toString('hex')}`;

/** The files planted in a project (or a build), each holding a secret of its own. */
function plantedFiles(): Record<string, string> {
  return {
    '.plantation-studio/mock-signing-key': secret('signing-key'),
    '.plantation-studio/history/blobs/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef': secret('history-copy'),
    '.plantation-studio/canvases/main.json': secret('canvas'),
    '.git/config': secret('git-config'),
    '.env': secret('env'),
    '.env.production.local': secret('env-local'),
  };
}

/** Every spelling of a path under the root that some reader on the way (Vite, sirv, send, a browser) may take for it. */
function spellingsOf(target: string, root: string): string[] {
  const [first = '', ...rest] = target.split('/');
  const tail = rest.join('/');
  const encodeAll = (text: string) => [...text].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
  const spellings = [
    `/${target}`,
    ...['raw', 'import', 'url', 'inline', 'raw&import', 'import&raw', 'worker', 't=1'].map((query) => `/${target}?${query}`),
    `//${target}`,
    `/./${target}`,
    `/src/../${target}`,
    `/src/%2e%2e/${target}`,
    `/src/%2E%2E/${target}`,
    `/src%2F..%2F${target}`,
    `/src\\..\\${target}`,
    `/${target.replaceAll('/', '\\')}`,
    `/${first.replace('.', '%2e')}/${tail}`,
    `/${first.replace('.', '%2E')}/${tail}`,
    `/${first}%2F${tail}`,
    `/${first}%2f${tail}`,
    `/${first.replace('.', '%252e')}/${tail}`,
    `/${encodeAll(target)}`,
    `/${encodeAll(target)}?raw`,
    `/${first.toUpperCase()}/${tail}`,
    `/${first}./${tail}`,
    `/${first}%20/${tail}`,
    `/${target}.`,
    `/${target}/`,
    `/${target}%00`,
    `/@fs${root}/${target}`,
    `/@fs${root}/${target}?raw`,
    `/@fs${root}/${target}?import`,
    `/@fs${root}//${target}`,
    `/@fs${root}/src/../${target}`,
    `/@fs/${root}/${target}`,
    `/%40fs${root}/${target}`,
    `${root}/${target}`,
    `${root}/${target}?import`,
    `${root}/${target}?raw`,
    `/@id/${target}`,
    `/@id/${root}/${target}`,
    `/@id/${root}/${target}?raw`,
    `/@id/${root}/${target}?import`,
  ];
  return spellings;
}

interface Attack {
  method: string;
  path: string;
  answer: RawSocketAnswer;
}

async function attack(port: number, paths: readonly string[], methods: readonly string[] = ['GET', 'HEAD']): Promise<Attack[]> {
  const answers: Attack[] = [];
  for (const path of paths) {
    for (const method of methods) {
      answers.push({
        method,
        path,
        answer: await rawSocketRequest(port, rawRequestText(method, path, `127.0.0.1:${port}`)),
      });
    }
  }
  return answers;
}

/** Each answer answered (no 2xx), and no secret in any of its bytes. */
function expectNothingServed(attacks: readonly Attack[], secrets: readonly string[]): void {
  for (const { method, path, answer } of attacks) {
    const where = `${method} ${path}: ${answer.head.split('\r\n')[0]} ${answer.body.toString('utf8').slice(0, 200)}`;
    expect(answer.closed, where).toBe(true);
    expect(answer.status, where).toBeGreaterThanOrEqual(400);
    for (const text of secrets) {
      expect(answer.body.includes(text), `${where} holds ${text}`).toBe(false);
      expect(answer.head.includes(text), `${where} holds ${text}`).toBe(false);
    }
  }
}

const portOf = (dev: ReadyProcess) => Number(new URL(dev.match).port);

async function plant(folder: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(folder, path, '..'), { recursive: true });
    await writeFile(join(folder, path), text);
  }
}

describe("dev on a project whose own Vite config allows '/'", () => {
  let project: FixtureProject;
  let outside: string;
  let dev: ReadyProcess;
  let files: Record<string, string>;
  let agentSecret: string;
  const OUTSIDE_SECRET = secret('outside');

  beforeAll(async () => {
    project = await fixtureProject('jsx-app');
    outside = await mkdtemp(join(tmpdir(), 'plantation-outside-'));
    await writeFile(join(outside, 'secret.txt'), OUTSIDE_SECRET);
    const config = join(project.root, 'vite.config.js');
    await writeFile(
      config,
      (await readFile(config, 'utf8')).replace('plugins: [react()],', "plugins: [react()],\n  server: { fs: { allow: ['/'], strict: false } },"),
    );
    files = plantedFiles();
    await plant(project.root, files);
    // Links inside the project to the folders that are never served: the file's real path decides.
    await symlink(join(project.root, '.plantation-studio'), join(project.root, 'src', 'state'));
    await symlink(join(project.root, '.env'), join(project.root, 'src', 'settings.txt'));
    dev = await startStudioCli(['--root', project.root, '--port', '0']);
    agentSecret = (JSON.parse(await readFile(join(project.root, '.plantation-studio', 'agent-connection.json'), 'utf8')) as { secret: string }).secret;
  });
  afterAll(async () => {
    await dev?.stop();
    await project?.remove();
    await rm(outside, { recursive: true, force: true });
  });

  const secrets = () => [agentSecret, ...Object.values(files), OUTSIDE_SECRET];

  it('serves no byte of .plantation-studio/, .git/ or .env*, in any spelling, for GET and HEAD', async () => {
    const plain = await rawSocketRequest(portOf(dev), rawRequestText('GET', '/.plantation-studio/agent-connection.json', `127.0.0.1:${portOf(dev)}`));
    expect(plain.status).toBe(403);
    expect(JSON.parse(plain.body.toString('utf8'))).toMatchObject({
      code: 'PATH_FORBIDDEN',
    });
    const targets = ['.plantation-studio/agent-connection.json', ...Object.keys(files)];
    const attacks = await attack(
      portOf(dev),
      targets.flatMap((target) => spellingsOf(target, project.root)),
    );
    attacks.push(
      ...(await attack(portOf(dev), [
        '/src/state/agent-connection.json',
        '/src/state/agent-connection.json?raw',
        '/src/state/mock-signing-key?import',
        '/src/settings.txt',
        '/src/settings.txt?raw',
        `/@fs${project.root}/src/state/agent-connection.json`,
      ])),
    );
    expectNothingServed(attacks, secrets());
  });

  it("serves nothing outside the project although its config allows '/'", async () => {
    const file = join(outside, 'secret.txt');
    const paths = [
      `/@fs${file}`,
      `/@fs${file}?raw`,
      `/@fs${file}?import`,
      `/@fs${file}?url`,
      `${file}?raw`,
      `${file}?import`,
      `/@id/${file}?raw`,
      `/@fs/${file}`,
      `/@fs${outside}/`,
    ];
    if (existsSync('/etc/passwd')) paths.push('/@fs/etc/passwd', '/@fs/etc/passwd?raw', '/etc/passwd?raw', '/etc/passwd?import', '/@id//etc/passwd?raw');
    const attacks = await attack(portOf(dev), paths);
    expectNothingServed(attacks, [...secrets(), 'root:x:0:0']);
    expect(attacks.find((entry) => entry.path === `/@fs${file}` && entry.method === 'GET')?.answer.status).toBe(403);
  });

  it("still serves the project: its page with the overlay, its modules, Vite's client", async () => {
    const port = portOf(dev);
    for (const path of ['/', '/src/App.jsx', '/@vite/client', '/src/App.jsx?import']) {
      const answer = await rawSocketRequest(port, rawRequestText('GET', path, `127.0.0.1:${port}`));
      expect(answer.status, path).toBe(200);
    }
    const page = await rawSocketRequest(port, rawRequestText('GET', '/', `127.0.0.1:${port}`));
    expect(page.body.toString('utf8')).toContain('/_studio/overlay.js');
  });
});

describe('dev on the console', () => {
  let root: string;
  let dev: ReadyProcess;
  let files: Record<string, string>;
  let agentSecret: string;

  beforeAll(async () => {
    const base = await mkdtemp(join(tmpdir(), 'plantation-console-served-'));
    root = join(base, 'console');
    expect((await spawnProcess(process.execPath, [CLI_BIN, 'init', root]).exited).code).toBe(0);
    files = plantedFiles();
    await plant(root, files);
    dev = await startStudioCli(['--root', root, '--port', '0']);
    agentSecret = (JSON.parse(await readFile(join(root, '.plantation-studio', 'agent-connection.json'), 'utf8')) as { secret: string }).secret;
  });
  afterAll(async () => {
    await dev?.stop();
    await rm(join(root, '..'), { recursive: true, force: true });
  });

  it('serves no byte of .plantation-studio/, .git/ or .env*, in any spelling, for GET and HEAD', async () => {
    const targets = ['.plantation-studio/agent-connection.json', ...Object.keys(files)];
    const attacks = await attack(
      portOf(dev),
      targets.flatMap((target) => spellingsOf(target, root)),
    );
    expectNothingServed(attacks, [agentSecret, ...Object.values(files)]);
    const port = portOf(dev);
    expect((await rawSocketRequest(port, rawRequestText('GET', '/src/main.tsx', `127.0.0.1:${port}`))).status).toBe(200);
  });
});

describe('start on a build', () => {
  let dist: string;
  let outside: string;
  let server: ReadyProcess;
  let files: Record<string, string>;
  const OUTSIDE_SECRET = secret('outside');
  const HIDDEN_SECRET = secret('dotfile');

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'plantation-dist-'));
    outside = await mkdtemp(join(tmpdir(), 'plantation-outside-'));
    await writeFile(join(outside, 'secret.txt'), OUTSIDE_SECRET);
    files = {
      ...plantedFiles(),
      '.plantation-studio/agent-connection.json': secret('agent'),
      '.hidden.txt': HIDDEN_SECRET,
      'assets/.npmrc': HIDDEN_SECRET,
    };
    await plant(dist, {
      'index.html': '<!doctype html><div id="root"></div>',
      'assets/app.js': 'export {};\n',
      ...files,
    });
    await symlink(join(outside, 'secret.txt'), join(dist, 'assets', 'outside.txt'));
    await symlink(outside, join(dist, 'leak'));
    server = await startStudioCli(['start', '--dist', dist, '--port', '0']);
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dist, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  it('serves no dotfile, nothing of those folders and nothing outside the build, in any spelling', async () => {
    const port = portOf(server);
    const targets = Object.keys(files);
    const paths = [...targets.flatMap((target) => spellingsOf(target, dist)), '/assets/outside.txt', '/leak/secret.txt', '/assets/..%2f..%2fleak/secret.txt'];
    const answers = await attack(port, paths);
    for (const { method, path, answer } of answers) {
      const where = `${method} ${path}`;
      expect(answer.closed, where).toBe(true);
      for (const text of [...Object.values(files), OUTSIDE_SECRET]) expect(answer.body.includes(text), `${where} holds ${text}`).toBe(false);
    }
    const plain = answers.find((entry) => entry.path === '/.plantation-studio/agent-connection.json' && entry.method === 'GET')!.answer;
    expect(plain.status).toBe(403);
    expect((await rawSocketRequest(port, rawRequestText('GET', '/assets/app.js', `127.0.0.1:${port}`))).status).toBe(200);
  });
});
