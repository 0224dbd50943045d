import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codebaseIdFor } from '../codebase-ids/codebase-id-for.js';
import { fixtureProject, type FixtureProject } from '../../test-support/fixture-project.js';
import { type SourceEditor } from './source-editor.js';
import { studioSourceEditor } from '../studio-source-editor.js';

const APP = 'src/App.tsx';
/** The project's button (`<main>` › `<button>`). */
const BUTTON = { codebaseId: codebaseIdFor(APP, '0-2') };

let project: FixtureProject | undefined;
let editor: SourceEditor | undefined;
afterEach(async () => {
  editor?.dispose();
  await project?.remove();
});

async function buttonClasses(root: string): Promise<string> {
  const source = await readFile(path.join(root, APP), 'utf8');
  return /<button type="button" className="([^"]*)"/.exec(source)?.[1] ?? '';
}

describe('the engine’s theme', () => {
  it('is the project’s own, read before a styling change and again once its stylesheet changes', async () => {
    project = await fixtureProject('tailwind4-postcss-plugin');
    editor = studioSourceEditor({ root: project.root });
    // The project's own colour, declared in its @theme, and a default of Tailwind's that it keeps.
    await editor.mutate('theme', 'styling', { reactElement: BUTTON, stylingFramework: 'Tailwind', styling: { backgroundColor: 'oklch(0.62 0.17 145)', paddingTop: '12px' } });
    expect(await buttonClasses(project.root)).toBe('self-start rounded-lg bg-leaf px-4 pt-3 pb-2 font-semibold text-white');
    await editor.mutate('theme', 'styling', { reactElement: BUTTON, stylingFramework: 'Tailwind', styling: { backgroundColor: '#123456' } });
    expect(await buttonClasses(project.root)).toContain(' bg-[#123456] ');
    // The project gives the colour a name: the next change writes it by that name.
    await appendFile(path.join(project.root, 'src/index.css'), '\n@theme {\n  --color-ink: #123456;\n}\n');
    await editor.mutate('theme', 'styling', { reactElement: BUTTON, stylingFramework: 'Tailwind', styling: { backgroundColor: '#123456' } });
    expect(await buttonClasses(project.root)).toBe('self-start rounded-lg bg-ink px-4 pt-3 pb-2 font-semibold text-white');
  }, 60_000);
});
