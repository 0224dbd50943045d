/**
 * Random sequences of changes over the golden inputs and a copy of the console's own source: whatever is
 * accepted leaves every written file parsing, undoing everything gives back every file byte for byte, and
 * redoing everything gives back the final bytes. Refusals (4xx) are fine; anything else fails the property.
 * Then hostile values in every name and value a change writes (below).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { ts } from 'ts-morph';
import { afterAll, describe, expect, it } from 'vitest';
import { type TempoElement } from '../../contracts/changes.js';
import { MUTATION_KINDS, type MutationKind } from '../../contracts/change-kinds.js';
import { codebaseIdFor } from '../codebase-ids/codebase-id-for.js';
import { indexJsxElements, parseJsxSource, type JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import { AppError } from '../../contracts/errors.js';
import { copyTree } from './mutations-test-support.js';
import { EMPTY_THEME } from '../../contracts/theme-tokens.js';
import { studioSourceEditor } from '../studio-source-editor.js';
import { syntaxErrorsOf } from '../engine/source-index.js';

const HERE = import.meta.dirname;
const CONSOLE_SOURCE = path.join(HERE, '../../client/console/src');
const FIXTURES = path.join(HERE, '__fixtures__');

/** The distinct golden inputs, once each. */
function fixtureInputs(): string[] {
  const texts = new Set<string>();
  for (const kind of fs.readdirSync(FIXTURES)) {
    if (!fs.statSync(path.join(FIXTURES, kind)).isDirectory()) continue;
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
    // The studio's own folder holds the history the changes are recorded in: not the project's source.
    if (dirent.isDirectory() && absolute === path.join(root, '.plantation-studio')) return [];
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
    case 'themeToken':
      // A token the console declares, and defaults it does not (each declared in its @theme block once written).
      return { variable: pick(['--color-emerald-600', '--color-slate-900', '--radius-lg'], step.other), value: pick(['#14532d', 'oklch(0.5 0.1 200)', '0.75rem'], step.variant), stylesheet: 'src/styles.css' };
  }
}

describe('random sequences of changes', () => {
  it('keep files parsing, undo to the exact original bytes and redo to the exact final bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 10 }), async (steps) => {
        const root = makeRoot();
        const original = snapshot(root);
        const editor = studioSourceEditor({ root, theme: async () => EMPTY_THEME });
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

// ---------------------------------------------------------------------------------------------------------------
// Hostile names and values: every name and value a change writes, fed with strings made to end a string, an
// attribute, a tag, a declaration or a statement early. Each is either refused with 400 naming its field (nothing
// written), or written so that the file parses, holds no injected statement, element or call, and reads back as the
// very value given.

const HOSTILE_PAGE = `import { Card } from './card';

export function Page() {
  return (
    <main className="p-2">
      <h1 title="Trang">Trang chủ</h1>
      <section style={{ color: 'green' }}>
        <p>Một</p>
      </section>
    </main>
  );
}
`;

const PIECES = [
  '"', "'", '`', '${', '}', '{', '<', '>', '/>', '</h1>', ';', '\n', '\r\n', '\u2028', '\\', '/*', '*/', '//', ' ', '=', '(',
  ')', '[', ']', ':', '.', '-', '_', '@', '#', '?', '&', '&quot;', 'pwned()', 'import', 'class', 'a', 'Z', 'p-4', '0', '\0',
  '\uD800', 'ố',
];
const hostileString = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 8 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 16 }),
  fc.constantFrom(
    "./card'; pwned(); '",
    'Card />; pwned(); <X',
    'x" onClick={pwned} y="',
    'red; } body { background: red',
    'red /* ',
    'a`${pwned()}`',
    '</h1><script>pwned()</script><h1>',
    'data:text/javascript,pwned()',
    'x\n}; pwned(); {',
  ),
);

const page = 'src/page.tsx';
const hostileId = (structuralPath: string) => ({ codebaseId: codebaseIdFor(page, structuralPath) });

/** One field the engine writes: the change carrying `value` there, and the statuses a refusal of it may have. */
interface HostileField {
  name: string;
  kind: MutationKind;
  body: (value: string) => unknown;
  /** The field as the refusal names it. */
  field: string;
  /** What a written value must read back as. */
  check: (after: ts.SourceFile, value: string, sheet: string | null) => void;
  refusals?: number[];
}

function elementsNamed(sourceFile: ts.SourceFile): JsxElementEntry[] {
  return indexJsxElements(sourceFile, page);
}

function attributeOf(sourceFile: ts.SourceFile, structuralPath: string, name: string): ts.JsxAttribute | undefined {
  const entry = elementsNamed(sourceFile).find((e) => e.structuralPath === structuralPath)!;
  return entry.opening.attributes.properties.find((p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText(sourceFile) === name);
}

/** The string an attribute holds: `"text"`, or `{'text'}` / `{"text"}`. */
function attributeString(attribute: ts.JsxAttribute | undefined): string | undefined {
  const initializer = attribute?.initializer;
  if (!initializer) return undefined;
  if (ts.isStringLiteral(initializer)) return initializer.text;
  if (ts.isJsxExpression(initializer) && initializer.expression && ts.isStringLiteral(initializer.expression)) return initializer.expression.text;
  return undefined;
}

const decodeEntities = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

const HOSTILE_FIELDS: HostileField[] = [
  {
    name: 'a native tag',
    kind: 'addJsxElement',
    field: 'newElement.nativeTag',
    body: (value) => ({ destinationElement: hostileId('0-1'), newElement: { type: 'native', nativeTag: value } }),
    check: (after, value) => expect(elementsNamed(after).find((e) => e.structuralPath === '0-1-1')?.tagName).toBe(value),
  },
  {
    name: 'a component name',
    kind: 'addJsxElement',
    field: 'newElement.componentName',
    body: (value) => ({ destinationElement: hostileId('0-1'), newElement: { type: 'component', componentName: value, importPath: './widgets' } }),
    check: (after, value) => expect(elementsNamed(after).find((e) => e.structuralPath === '0-1-1')?.tagName).toBe(value),
    // A valid name the file declares or imports already is a conflict the engine explains.
    refusals: [400, 422],
  },
  {
    name: 'an import path',
    kind: 'addJsxElement',
    field: 'newElement.importPath',
    body: (value) => ({ destinationElement: hostileId('0-1'), newElement: { type: 'component', componentName: 'Badge', importPath: value } }),
    check: (after, value) => {
      const imports = after.statements.filter(ts.isImportDeclaration);
      // Written exactly, before or after the file's import as its kind goes.
      expect(imports.map((i) => (i.moduleSpecifier as ts.StringLiteral).text).sort()).toEqual(['./card', value].sort());
    },
  },
  {
    name: 'a prop name of a new element',
    kind: 'addJsxElement',
    field: 'propsToSet.',
    body: (value) => ({ destinationElement: hostileId('0-1'), newElement: { type: 'native', nativeTag: 'div' }, propsToSet: { [value]: 'x' } }),
    check: (after, value) => expect(attributeString(attributeOf(after, '0-1-1', value))).toBe('x'),
  },
  {
    name: 'a prop name',
    kind: 'changePropValue',
    field: 'propName',
    body: (value) => ({ elementToModify: hostileId('0-0'), propName: value, propValue: 'x' }),
    check: (after, value) => expect(attributeString(attributeOf(after, '0-0', value))).toBe('x'),
    // `key` and the codebase id are the studio's and React's.
    refusals: [400],
  },
  {
    name: 'a string prop value',
    kind: 'changePropValue',
    field: 'propValue',
    body: (value) => ({ elementToModify: hostileId('0-0'), propName: 'aria-label', propValue: value }),
    check: (after, value) => expect(attributeString(attributeOf(after, '0-0', 'aria-label'))).toBe(value),
    refusals: [],
  },
  {
    name: 'a new tag',
    kind: 'changeElementTag',
    field: 'newTag',
    body: (value) => ({ elementToModify: hostileId('0-1'), newTag: value }),
    check: (after, value) => expect(elementsNamed(after).find((e) => e.structuralPath === '0-1')?.tagName).toBe(value),
    // A component name the file does not have and the project cannot import is refused: written, it would crash.
    refusals: [400, 422],
  },
  {
    name: 'a class',
    kind: 'addClass',
    field: 'className',
    body: (value) => ({ reactElement: hostileId('0'), className: value }),
    check: (after, value) => expect(attributeString(attributeOf(after, '0', 'className'))?.split(' ')).toContain(value),
  },
  {
    name: 'a class of a class update',
    kind: 'updateClasses',
    field: 'newClasses.0',
    body: (value) => ({ reactElement: hostileId('0'), oldClasses: ['p-2'], newClasses: [value] }),
    check: (after, value) => expect(attributeString(attributeOf(after, '0', 'className'))?.split(' ')).toContain(value),
  },
  {
    name: 'an inline style value',
    kind: 'styling',
    field: 'styling.color',
    body: (value) => ({ reactElement: hostileId('0-1'), stylingFramework: 'Inline', styling: { color: value } }),
    check: (after, value) => {
      const expression = (attributeOf(after, '0-1', 'style')?.initializer as ts.JsxExpression | undefined)?.expression;
      if (value === '') return expect(expression).toBeUndefined();
      const property = (expression as ts.ObjectLiteralExpression).properties.find((p) => p.name?.getText(after) === 'color') as ts.PropertyAssignment;
      expect((property.initializer as ts.StringLiteral).text).toBe(value);
    },
  },
  {
    name: 'a CSS rule value',
    kind: 'styling',
    field: 'styling.color',
    body: (value) => ({ reactElement: hostileId('0-0'), stylingFramework: 'CSS', styling: { color: value } }),
    check: (_after, value, sheet) => {
      if (value === '') return expect(sheet).toBeNull();
      expect(sheet).toMatch(new RegExp(`^\\.[a-z][a-z0-9-]* \\{\\n  color: ${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')};\\n\\}\\n$`));
    },
  },
  {
    name: 'a Tailwind value',
    kind: 'styling',
    field: 'styling.width',
    body: (value) => ({ reactElement: hostileId('0-0'), stylingFramework: 'Tailwind', styling: { width: value } }),
    check: (after, value) => {
      const classes = attributeString(attributeOf(after, '0-0', 'className'))?.split(' ') ?? [];
      if (value.trim() === '') return;
      expect(classes.some((c) => c.startsWith('w-') && !/["'`{}\s]/.test(c))).toBe(true);
    },
  },
  {
    name: 'a CSS property name',
    kind: 'styling',
    field: 'styling.',
    body: (value) => ({ reactElement: hostileId('0-1'), stylingFramework: 'Inline', styling: { [value]: 'red' } }),
    check: (after) => expect(attributeOf(after, '0-1', 'style')).toBeDefined(),
  },
  {
    name: 'a custom property value',
    kind: 'addClass',
    field: 'customProperties.--tone',
    body: (value) => ({ reactElement: hostileId('0'), className: 'text-[color:var(--tone)]', customProperties: { '--tone': value } }),
    check: (after) => expect(attributeString(attributeOf(after, '0', 'className'))).toContain('[--tone:'),
  },
  {
    name: 'a text',
    kind: 'editText',
    field: 'newText',
    body: (value) => ({ element: hostileId('0-0'), oldText: 'Trang chủ', newText: value }),
    check: (after, value) => {
      const entry = elementsNamed(after).find((e) => e.structuralPath === '0-0')!;
      const node = entry.node as ts.JsxElement;
      expect(node.children.every(ts.isJsxText)).toBe(true);
      expect(decodeEntities(node.children.map((c) => c.getText(after)).join('')).trim()).toBe(value.trim());
    },
    // JSX text cannot hold a line break (it would show as a space): that is a refusal of the pattern.
    refusals: [400, 422],
  },
];

/** The outline of a file: its top-level statements, with what each import imports. */
function outline(sourceFile: ts.SourceFile): string[] {
  return sourceFile.statements.map((s) => (ts.isImportDeclaration(s) ? `import ${s.getText(sourceFile)}` : ts.SyntaxKind[s.kind]));
}

function calls(node: ts.Node, name: string): number {
  let count = ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name ? 1 : 0;
  node.forEachChild((child) => {
    count += calls(child, name);
  });
  return count;
}

describe('hostile names and values', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mutations-hostile-'));
  temporaryRoots.push(root);
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, page), HOSTILE_PAGE);
  fs.writeFileSync(path.join(root, 'src/card.tsx'), 'export const Card = () => <div />;\n');
  const editor = studioSourceEditor({ root, theme: async () => EMPTY_THEME });
  afterAll(() => editor.dispose());
  const before = parseJsxSource(page, HOSTILE_PAGE);

  it.each(HOSTILE_FIELDS)('$name: refused with 400 naming the field, or written exactly and harmlessly', async (field) => {
    await fc.assert(
      fc.asyncProperty(hostileString, async (value) => {
        const tree = snapshot(root);
        let answer;
        try {
          answer = await editor.mutate('hostile', field.kind, field.body(value));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          expect(field.refusals ?? [400], `${error.statusCode} ${error.message}`).toContain(error.statusCode);
          if (error.statusCode === 400) expect(error.message).toContain(field.field);
          expect(snapshot(root), 'a refused change writes nothing').toEqual(tree);
          return;
        }
        const text = fs.readFileSync(path.join(root, page), 'utf8');
        const after = parseJsxSource(page, text);
        const sheetPath = path.join(root, 'src/page.css');
        const sheet = fs.existsSync(sheetPath) ? fs.readFileSync(sheetPath, 'utf8') : null;
        try {
          expect(syntaxErrorsOf(after), text).toHaveLength(0);
          expect(calls(after, 'pwned'), text).toBe(0);
          const expectedOutline = outline(before);
          if (field.field === 'newElement.importPath' || field.field === 'newElement.componentName') {
            // One import more, wherever its kind goes among the file's imports; every other statement as it was.
            const statements = outline(after);
            expect(statements.filter((statement) => !expectedOutline.includes(statement))).toHaveLength(1);
            expect(statements.filter((statement) => expectedOutline.includes(statement))).toEqual(expectedOutline);
          } else if (sheet !== null) {
            expect(outline(after)).toEqual([expectedOutline[0], "import import './page.css';", ...expectedOutline.slice(1)]);
          } else {
            expect(outline(after)).toEqual(expectedOutline);
          }
          field.check(after, value, sheet);
        } finally {
          if (answer.changedFiles.length > 0) await editor.undo('hostile');
        }
        expect(snapshot(root), 'undo gives back every byte').toEqual(tree);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
