import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectTexts, tokensNewTo } from './new-utilities.js';

describe('tokensNewTo', () => {
  it('keeps the tokens no class or text names, in their order', () => {
    const texts = ['<p className="text-sm text-slate-900 hover:bg-stone-300">', '.x { color: var(--color-zinc-50); }'];
    expect(tokensNewTo(texts, ['slate-900', 'stone-300', 'stone-30', 'zinc-50', 'zinc-500', 'slate-90', 'white'])).toEqual(['stone-30', 'zinc-500', 'slate-90', 'white']);
  });

  it('takes a name inside a longer one as a different token, and a name at the start of a text as used', () => {
    expect(tokensNewTo(['gray-100 bg-gray-1000'], ['gray-100', 'gray-10', 'gray-1000'])).toEqual(['gray-10']);
  });
});

describe('projectTexts', () => {
  let root: string | undefined;
  afterEach(() => root && rmSync(root, { recursive: true, force: true }));

  it('reads the source, stylesheets and HTML, not node_modules, dot-folders or other files', () => {
    root = mkdtempSync(join(tmpdir(), 'new-utilities-'));
    mkdirSync(join(root, 'src', 'deep'), { recursive: true });
    mkdirSync(join(root, 'node_modules', 'x'), { recursive: true });
    mkdirSync(join(root, '.plantation-studio'), { recursive: true });
    writeFileSync(join(root, 'index.html'), 'html');
    writeFileSync(join(root, 'src', 'deep', 'a.tsx'), 'tsx');
    writeFileSync(join(root, 'src', 'styles.css'), 'css');
    writeFileSync(join(root, 'src', 'notes.md'), 'md');
    writeFileSync(join(root, 'node_modules', 'x', 'b.js'), 'module');
    writeFileSync(join(root, '.plantation-studio', 'c.ts'), 'studio');
    expect(projectTexts(root).sort()).toEqual(['css', 'html', 'tsx']);
  });
});
