/**
 * Random sequences of changes over the golden inputs and a copy of the console's own source: whatever is
 * accepted leaves every written file parsing, undoing everything gives back every file byte for byte, and
 * redoing everything gives back the final bytes. Refusals (4xx) are fine; anything else fails the property.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { ts } from 'ts-morph';
import { afterAll, describe, expect, it } from 'vitest';
import { MUTATION_KINDS, type MutationKind, type TempoElement } from '../../contracts/changes.js';
import { indexJsxElements, parseJsxSource, type JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import { AppError } from '../errors.js';
import { copyTree } from './mutations-test-support.js';
import { SourceEditor } from './source-editor.js';
import { syntaxErrorsOf } from './source-index.js';

const HERE = import.meta.dirname;
const CONSOLE_SOURCE = path.join(HERE, '../../client/console/src');
const FIXTURES = path.join(HERE, '__fixtures__');

/** The distinct golden inputs, once each. */
function fixtureInputs(): string[] {
  const texts = new Set<string>();
  for (const kind of fs.readdirSync(FIXTURES)) {
    for (const name of fs.readdirSync(path.join(FIXTURES, kind))) {
      for (const file of fs.readdirSync(path.join(FIXTURES, kind, name))) {
        if (file.endsWith('.tsx') && !file.includes('output')) texts.add(fs.readFileSync(path.join(FIXTURES, kind, name, file), 'utf8'));
      }
    }
  }
  return [...texts];
}

const temporaryRoots: string[] = [];
afterAll(() => {
  for (const root of temporaryRoots) fs.rmSync(root, { recursive: true, force: true });
});

function makeRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mutations-property-'));
  temporaryRoots.push(root);
  fixtureInputs().forEach((text, i) => {
    fs.mkdirSync(path.join(root, 'fixtures'), { recursive: true });
    fs.writeFileSync(path.join(root, 'fixtures', `input-${i}.tsx`), text);
  });
  if (fs.existsSync(CONSOLE_SOURCE)) copyTree(CONSOLE_SOURCE, path.join(root, 'src'));
  return root;
}

function listFiles(root: string, directory = root): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((dirent) => {
    const absolute = path.join(directory, dirent.name);
    if (dirent.isDirectory()) return listFiles(root, absolute);
    return [path.relative(root, absolute).split(path.sep).join('/')];
  }).sort();
}

function snapshot(root: string): Map<string, string> {
  return new Map(listFiles(root).map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8')]));
}

interface Step {
  kind: MutationKind;
  file: number;
  element: number;
  otherFile: number;
  other: number;
  variant: number;
}

const stepArbitrary: fc.Arbitrary<Step> = fc.record({
  kind: fc.constantFrom(...MUTATION_KINDS),
  file: fc.nat(),
  element: fc.nat(),
  otherFile: fc.nat(),
  other: fc.nat(),
  variant: fc.nat(),
});

const CLASSES = ['p-4', 'text-red-500', 'mt-2', 'flex', 'gap-2', 'font-bold'];
const TAGS = ['div', 'section', 'span', 'article'];
const PROP_VALUES = ['Lô A', 7, true, null, { expression: 'undefined' }, 'a "quoted" {value}'];
const STYLES: Array<Record<string, string | null>> = [{ color: 'red' }, { padding: '8px', width: '10rem' }, { display: 'flex' }, { margin: null }];

function pick<T>(items: readonly T[], n: number): T {
  return items[n % items.length]!;
}

function elementsOf(root: string, relative: string): JsxElementEntry[] {
  return indexJsxElements(parseJsxSource(relative, fs.readFileSync(path.join(root, relative), 'utf8')), relative);
}

function staticText(entry: JsxElementEntry): string {
  return ts.isJsxElement(entry.node) ? entry.node.children.map((c) => c.getText()).join('').replace(/\s+/g, ' ').trim() : '';
}

/** A body for the step, built from the elements the files have now. */
function bodyFor(root: string, step: Step): unknown {
  const jsxFiles = listFiles(root).filter((f) => f.endsWith('.tsx'));
  const file = pick(jsxFiles, step.file);
  const entries = elementsOf(root, file);
  if (entries.length === 0) return null;
  const entry = pick(entries, step.element);
  const ref: TempoElement = { codebaseId: entry.id };
  const sameFileOther = pick(entries, step.other);
  const otherFile = pick(jsxFiles, step.otherFile);
  const otherEntries = step.variant % 4 === 0 ? elementsOf(root, otherFile) : entries;
  const target: TempoElement = { codebaseId: (otherEntries.length > 0 ? pick(otherEntries, step.other) : sameFileOther).id };
  const className = pick(CLASSES, step.variant);
  switch (step.kind) {
    case 'styling':
      return { reactElement: ref, stylingFramework: pick(['Inline', 'Tailwind', 'CSS'] as const, step.variant), styling: pick(STYLES, step.other), modifiers: step.variant % 5 === 1 ? ['hover'] : [] };
    case 'addJsxElement':
      return step.variant % 2 === 0
        ? { afterElement: target, newElement: { type: 'native', nativeTag: pick(TAGS, step.other) }, propsToSet: { className } }
        : { destinationElement: target, newElement: { type: 'copied', element: ref } };
    case 'moveJsxElement':
      return { elementToMove: ref, ...(step.variant % 3 === 0 ? { newContainerElement: target } : step.variant % 3 === 1 ? { beforeElement: target } : { afterElement: target }) };
    case 'removeJsxElement':
      return { elementsToRemove: [ref, { codebaseId: sameFileOther.id }].slice(0, 1 + (step.variant % 2)) };
    case 'changePropValue':
      return { elementToModify: ref, propName: pick(['title', 'data-note', 'aria-label'], step.other), propValue: pick(PROP_VALUES, step.variant) };
    case 'wrapInDiv':
      return { reactElements: step.variant % 2 === 0 ? [ref] : [ref, { codebaseId: sameFileOther.id }] };
    case 'duplicate':
      return { reactElements: [ref] };
    case 'changeElementTag':
      return { elementToModify: ref, newTag: pick(TAGS, step.variant) };
    case 'addClass':
      return { reactElement: ref, className, stylingFramework: step.other % 2 === 0 ? 'Tailwind' : null, modifiers: step.variant % 3 === 0 ? ['md'] : [] };
    case 'removeClass':
      return { reactElement: ref, className };
    case 'editText':
      return { element: ref, oldText: staticText(entry), newText: pick(['Xin chào', 'a < b', '', 'Lô {7}'], step.variant) };
    case 'updateClasses':
      return { reactElement: ref, oldClasses: [className], newClasses: [pick(CLASSES, step.other)] };
  }
}

describe('random sequences of changes', () => {
  it('keep files parsing, undo to the exact original bytes and redo to the exact final bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 10 }), async (steps) => {
        const root = makeRoot();
        const original = snapshot(root);
        const editor = new SourceEditor({ root });
        try {
          let accepted = 0;
          for (const step of steps) {
            const body = bodyFor(root, step);
            if (body === null) continue;
            try {
              const answer = await editor.mutate('property', step.kind, body);
              if (answer.changedFiles.length > 0) accepted += 1;
              for (const changed of answer.changedFiles) {
                if (!changed.path.endsWith('.tsx')) continue;
                const text = fs.readFileSync(path.join(root, changed.path), 'utf8');
                const before = original.get(changed.path);
                const errorsBefore = before === undefined ? 0 : syntaxErrorsOf(parseJsxSource(changed.path, before)).length;
                expect(syntaxErrorsOf(parseJsxSource(changed.path, text)).length, `${step.kind} left ${changed.path} unparsable`).toBeLessThanOrEqual(errorsBefore);
              }
            } catch (error) {
              if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
            }
          }
          const final = snapshot(root);
          for (let i = 0; i < accepted; i += 1) await editor.undo('property');
          expect(snapshot(root)).toEqual(original);
          for (let i = 0; i < accepted; i += 1) await editor.redo('property');
          expect(snapshot(root)).toEqual(final);
        } finally {
          editor.dispose();
        }
      }),
      { numRuns: 30 },
    );
  }, 240_000);
});
