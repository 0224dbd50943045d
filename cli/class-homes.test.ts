/**
 * Class changes through `cn()` and `cva()` on a shadcn-style project (test-support/__fixtures__/projects/shadcn-app),
 * through the real `dev --root` process (from `dist/`, so run `npm run build` first) and its HTTP API: the lookup
 * names where a Button's classes are written before any change; a background changed on a Button is written in the
 * cva variant that use selects, or at the use when only it is to change (its `cn` merges); a class every use shares
 * is refused at one use; the project still type-checks; undoing every change gives back every file byte for byte.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementLookupAnswer } from '../contracts/studio-api.js';
import { STUDIO_API_PATHS } from '../contracts/studio-routes.js';
import { indexJsxElements, parseJsxSource } from '../server/codebase-ids/index-jsx-elements.js';
import { STUDIO_TOKEN_HEADER } from '../server/studio-token.js';
import { fileSnapshot, VITE_OWNED } from '../test-support/file-snapshot.js';
import { fixtureProject, type FixtureProject } from '../test-support/fixture-project.js';
import { startStudioCli, studioPageToken, type ReadyProcess } from '../test-support/spawn-ready.js';

const APP = 'src/App.tsx';
const BUTTON = 'src/components/ui/button.tsx';
const CARD = 'src/components/ui/card.tsx';
const CANVAS = 'default';
/** The studio's own folder holds the history the changes are recorded in: not a file of the project. */
const snapshotOf = (root: string) => fileSnapshot(root, [...VITE_OWNED, /^\.plantation-studio\//]);

describe('class changes through cn() and cva() on a shadcn-style project', () => {
  let project: FixtureProject;
  let studio: ReadyProcess;
  let headers: Record<string, string>;
  let before: Record<string, string>;
  let applied = 0;

  const api = (path: string) => `${studio.match}/_studio/api${path}`;
  const read = (relative: string) => readFileSync(join(project.root, ...relative.split('/')), 'utf8');
  /** The id of the `nth` element with this tag in App.tsx, as the engine computes it from the file on disk. */
  const id = (tag: string, nth = 0) => {
    const found = indexJsxElements(parseJsxSource(APP, read(APP)), APP).filter((entry) => entry.tagName === tag)[nth];
    if (!found) throw new Error(`${APP} has no <${tag}> number ${nth}`);
    return found.id;
  };
  const mutate = (kind: string, body: unknown) => fetch(api(`/canvases/${CANVAS}/parseAndMutate/mutate/${kind}`), { method: 'POST', headers, body: JSON.stringify(body) });
  const apply = async (kind: string, body: unknown) => {
    const answer = await mutate(kind, body);
    expect(answer.status, await answer.text()).toBe(200);
    applied += 1;
  };

  beforeAll(async () => {
    project = await fixtureProject('shadcn-app');
    before = await snapshotOf(project.root);
    studio = await startStudioCli(['dev', '--root', project.root, '--port', '0'], { timeoutMs: 60_000 });
    headers = { origin: studio.match, [STUDIO_TOKEN_HEADER]: await studioPageToken(studio.match), 'content-type': 'application/json' };
  }, 120_000);
  afterAll(async () => {
    await studio?.stop();
    await project?.remove();
  });

  it("looks up where a Button's and a Card's classes are written", async () => {
    const codebaseIds = [id('Button', 1), id('Card')];
    const answer = await fetch(api(STUDIO_API_PATHS.elementsLookup), { method: 'POST', headers, body: JSON.stringify({ codebaseIds }) });
    expect(answer.status).toBe(200);
    const { elements } = (await answer.json()) as ElementLookupAnswer;
    const outline = elements[codebaseIds[0]!]!;
    expect(outline.classes?.always).toEqual(expect.arrayContaining(['rounded-md', 'bg-white', 'h-8']));
    expect(outline.classes?.always).not.toContain('bg-emerald-600');
    expect(outline.classHome?.definition).toEqual({ place: `${BUTTON}:29`, instanceOverrides: true });
    expect(outline.classHome?.places).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: BUTTON, line: 6, what: 'cva base', shared: true }),
        expect.objectContaining({ file: BUTTON, line: 12, what: 'cva variant variant="outline"', always: ['border', 'border-slate-300', 'bg-white', 'hover:bg-slate-100'] }),
        expect.objectContaining({ file: BUTTON, line: 17, what: 'cva variant size="sm"', always: ['h-8', 'px-3'] }),
      ]),
    );
    expect(elements[codebaseIds[1]!]!.classHome?.places).toEqual([expect.objectContaining({ file: CARD, what: 'className of Card', shared: true })]);
  });

  it('writes a background in the variant the Button selects, or at this use only', async () => {
    const app = read(APP);
    await apply('addClass', { reactElement: { codebaseId: id('Button', 0) }, className: 'bg-amber-500', stylingFramework: 'Tailwind' });
    expect(read(BUTTON)).toContain("default: 'bg-amber-500 text-white hover:bg-emerald-700',");
    expect(read(APP)).toBe(app);
    await apply('addClass', { reactElement: { codebaseId: id('Button', 1) }, className: 'bg-sky-100', stylingFramework: 'Tailwind', classHome: 'instance' });
    expect(read(BUTTON)).toContain("outline: 'border border-slate-300 bg-white hover:bg-slate-100',");
    expect(read(APP)).toContain('<Button variant="outline" size="sm" className="bg-sky-100">');
    await apply('removeClass', { reactElement: { codebaseId: id('Card') }, className: 'shadow-sm' });
    expect(read(CARD)).toContain("cn('flex flex-col gap-4 rounded-xl border bg-white p-6', className)");
  });

  it('refuses a class every use shares at one use, writing nothing', async () => {
    const snapshot = await snapshotOf(project.root);
    const answer = await mutate('removeClass', { reactElement: { codebaseId: id('Button', 2) }, className: 'rounded-md', classHome: 'instance' });
    expect(answer.status).toBe(422);
    expect(((await answer.json()) as { message: string }).message).toContain(`the class "rounded-md" is written in the cva base at ${BUTTON}:6, which every use shares`);
    expect(await snapshotOf(project.root)).toEqual(snapshot);
  });

  it("still passes the project's own type check, and undoes to the same bytes", { timeout: 120_000 }, async () => {
    expect(applied).toBe(3);
    await promisify(execFile)(process.execPath, [join(project.root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json', '--noEmit'], { cwd: project.root });
    for (let i = 0; i < applied; i += 1) {
      const answer = await fetch(api(`/canvases/${CANVAS}/parseAndMutate/activities/undoChangeToFiles`), { method: 'POST', headers, body: '{}' });
      expect(answer.status, await answer.text()).toBe(200);
    }
    expect(await snapshotOf(project.root)).toEqual(before);
  });
});
