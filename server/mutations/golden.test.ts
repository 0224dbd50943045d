/**
 * Golden cases: `__fixtures__/<kind>/<case>/` holds the files of a small project (`input.tsx` and any others),
 * `change.json` (the body; `{"$element": "0-1"}` or `{"$element": "0-1", "file": "card.tsx"}` stands for the id
 * of that element; `{"$id": "0-1"}` for the bare id), and what must come out, compared byte for byte: `output.tsx` for `input.tsx`,
 * `<name>.output.<ext>` for any other file the change writes, `answer.json` (ids shown as `file#path`), or
 * `error.json` for a refusal; `theme.json` names the project whose Tailwind theme the change is worked out with
 * (`golden-themes-test-support.ts`). Expected files are written only by `vitest -u`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codebaseIdFor } from '../codebase-ids/codebase-id-for.js';
import { indexJsxElements, parseJsxSource } from '../codebase-ids/index-jsx-elements.js';
import { AppError } from '../../contracts/errors.js';
import { EMPTY_THEME } from '../../contracts/theme-tokens.js';
import { studioSourceEditor } from '../studio-source-editor.js';
import { hashTree } from './mutations-test-support.js';
import { goldenThemeFor } from './golden-themes-test-support.js';

const FIXTURES = path.join(import.meta.dirname, '__fixtures__');
const CONTROL_FILES = new Set(['change.json', 'error.json', 'answer.json', 'output.tsx', 'theme.json']);
const temporaryRoots: string[] = [];

afterAll(() => {
  for (const root of temporaryRoots) fs.rmSync(root, { recursive: true, force: true });
});

function isControlFile(name: string): boolean {
  return CONTROL_FILES.has(name) || /\.output\.[^.]+$/.test(name);
}

function expectedNameFor(file: string): string {
  if (file === 'input.tsx') return 'output.tsx';
  const extension = path.extname(file);
  return `${file.slice(0, -extension.length)}.output${extension}`;
}

/** Replaces `{"$element": path, "file"?: name}` by the element's reference with its real id. */
function resolveReferences(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolveReferences);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.$id === 'string') return codebaseIdFor('input.tsx', record.$id);
    if (typeof record.$element === 'string') {
      return { codebaseId: codebaseIdFor(typeof record.file === 'string' ? record.file : 'input.tsx', record.$element) };
    }
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, resolveReferences(v)]));
  }
  return value;
}

/** Every element id of the JSX files in a folder, named `file#structural-path`. */
function idNames(root: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of fs.readdirSync(root)) {
    if (!/\.[jt]sx$/.test(file)) continue;
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const entry of indexJsxElements(parseJsxSource(file, text), file)) names.set(entry.id, `${file}#${entry.structuralPath}`);
  }
  return names;
}

function readTree(root: string): Map<string, string> {
  // The studio's own folder holds the history the change was recorded in: not a file of the case.
  const files = fs.readdirSync(root).filter((file) => file !== '.plantation-studio' && fs.statSync(path.join(root, file)).isFile());
  return new Map(files.map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8')]));
}

function updating(): boolean {
  return expect.getState().snapshotState?.snapshotUpdateState === 'all';
}

/** Byte-for-byte comparison with an expected file, which only `vitest -u` writes. */
function expectFile(expectedPath: string, actual: string): void {
  if (updating()) {
    if (!fs.existsSync(expectedPath) || fs.readFileSync(expectedPath, 'utf8') !== actual) fs.writeFileSync(expectedPath, actual);
    return;
  }
  if (!fs.existsSync(expectedPath)) throw new Error(`${path.relative(FIXTURES, expectedPath)} is missing: run vitest -u to write it`);
  expect(actual, path.relative(FIXTURES, expectedPath)).toBe(fs.readFileSync(expectedPath, 'utf8'));
}

const kinds = fs.readdirSync(FIXTURES).filter((kind) => fs.statSync(path.join(FIXTURES, kind)).isDirectory());

describe.each(kinds)('%s', (kind) => {
  const cases = fs.readdirSync(path.join(FIXTURES, kind));

  it('has at least four cases, one of them a refusal', () => {
    expect(cases.length).toBeGreaterThanOrEqual(4);
    expect(cases.some((c) => fs.existsSync(path.join(FIXTURES, kind, c, 'error.json')))).toBe(true);
  });

  it.each(cases)('%s', async (name) => {
    const caseDir = path.join(FIXTURES, kind, name);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `golden-${kind}-`));
    temporaryRoots.push(root);
    // A case's folders (a project's src/components) are copied whole.
    for (const file of fs.readdirSync(caseDir)) if (!isControlFile(file)) fs.cpSync(path.join(caseDir, file), path.join(root, file), { recursive: true });
    const before = readTree(root);
    const beforeIds = idNames(root);
    const body = resolveReferences(JSON.parse(fs.readFileSync(path.join(caseDir, 'change.json'), 'utf8')));
    const theme = goldenThemeFor(caseDir);
    // A case without a theme has none (not the theme read from its folder, which says it has no Tailwind).
    const editor = studioSourceEditor({ root, theme: () => theme ?? Promise.resolve(EMPTY_THEME) });
    const errorPath = path.join(caseDir, 'error.json');
    try {
      if (fs.existsSync(errorPath)) {
        const treeBefore = hashTree(root);
        const error = await editor.mutate('golden', kind, body).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error, 'the change must be refused').toBeInstanceOf(AppError);
        const { code, statusCode, message } = error as AppError;
        expectFile(errorPath, `${JSON.stringify({ status: statusCode, code, message }, null, 2)}\n`);
        expect(hashTree(root), 'a refused change writes nothing').toEqual(treeBefore);
        return;
      }
      const answer = await editor.mutate('golden', kind, body);
      const after = readTree(root);
      const afterIds = idNames(root);
      for (const [file, text] of after) {
        const expected = path.join(caseDir, expectedNameFor(file));
        if (file === 'input.tsx' || before.get(file) !== text || fs.existsSync(expected)) expectFile(expected, text);
      }
      const named = {
        changedFiles: answer.changedFiles.map((f) => f.path),
        prevIdToNewIdMap: Object.fromEntries(
          Object.entries(answer.prevIdToNewIdMap).map(([from, to]) => [beforeIds.get(from) ?? from, afterIds.get(to) ?? to]),
        ),
        addedIds: answer.addedIds.map((id) => afterIds.get(id) ?? id),
      };
      expectFile(path.join(caseDir, 'answer.json'), `${JSON.stringify(named, null, 2)}\n`);
      // Every golden change also undoes to the exact bytes it started from.
      await editor.undo('golden');
      expect(readTree(root)).toEqual(before);
    } finally {
      editor.dispose();
    }
  });
});
