/**
 * `dev --root` on a copy of the `prettier-plugin` fixture project, started from another folder (the system's
 * temporary folder, which has no Prettier and no plugin), as a user starts it: real `plantation-studio` processes
 * (from `dist/`, so run `npm run build` first), real HTTP. Writes are formatted with the plugin the project names; a
 * configuration naming a plugin the project does not have still writes (unformatted) and says why, once.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutationWriteAnswer } from '../contracts/studio-api.js';
import { codebaseIdFor } from '../server/codebase-ids/codebase-id-for.js';
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '../server/studio-token.js';
import { fixtureProject, type FixtureProject } from '../test-support/fixture-project.js';
import { startStudioCli, type ReadyProcess } from '../test-support/spawn-ready.js';

const APP = 'src/App.tsx';

let project: FixtureProject;
let server: ReadyProcess | undefined;

beforeAll(async () => {
  project = await fixtureProject('prettier-plugin');
});

afterAll(async () => {
  await server?.stop();
  await project.remove();
});

describe("dev on a project with a Prettier plugin of its own, started from another folder", () => {
  it('formats writes with the plugin, and writes unformatted with one notice when the configuration names a missing one', { timeout: 120_000 }, async () => {
    server = await startStudioCli(['dev', '--root', project.root, '--port', '0'], { cwd: tmpdir() });
    const origin = server.match;
    const page = await (await fetch(`${origin}/_studio/`)).text();
    const studioToken = new RegExp(`<meta name="${STUDIO_TOKEN_META}" content="([^"]+)">`).exec(page)?.[1];
    expect(studioToken, page.slice(0, 500)).toBeTruthy();
    const addClass = async (structuralPath: string, className: string): Promise<MutationWriteAnswer> => {
      const answer = await fetch(`${origin}/_studio/api/canvases/default/parseAndMutate/mutate/addClass`, {
        method: 'POST',
        headers: { origin, [STUDIO_TOKEN_HEADER]: studioToken!, 'content-type': 'application/json' },
        body: JSON.stringify({ reactElement: { codebaseId: codebaseIdFor(APP, structuralPath) }, className }),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      return (await answer.json()) as MutationWriteAnswer;
    };
    const app = () => readFileSync(join(project.root, APP), 'utf8');

    // The plugin writes classes in order: without it the new class would come last.
    expect((await addClass('0-0', 'a-first')).notice).toBeUndefined();
    expect(app()).toContain("<h1 className='a-first title'>");

    const rc = JSON.parse(readFileSync(join(project.root, '.prettierrc'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(project.root, '.prettierrc'), JSON.stringify({ ...rc, plugins: ['prettier-plugin-not-installed'] }));
    const unformatted = await addClass('0-1-1', 'a-second');
    expect(app()).toContain("<p className='muted small a-second'>");
    expect(unformatted.notice).toContain('prettier-plugin-not-installed');
    expect(unformatted.notice).toContain(`${APP} was written without Prettier`);
    expect((await addClass('0-1-1', 'b-third')).notice).toBeUndefined();
  });
});
