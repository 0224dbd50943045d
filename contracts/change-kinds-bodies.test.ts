/**
 * Each row's `fieldsOfBody` is the inverse of its `request`: a call's body made into a change's fields is sent as the
 * same body. Proved over every golden case's body (`server/mutations/__fixtures__/<call>/<case>/change.json`) and over
 * generated valid bodies.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { v5 as uuidv5 } from 'uuid';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CHANGE_KINDS, CHANGE_TYPES, changeOfBody, MUTATION_KINDS, STYLING_FRAMEWORKS, type ChangeType, type MutationKind, type RequestContext } from './change-kinds.js';
import { mutationBodySchemas, type MutationBodies } from './changes.js';

const FIXTURES = path.join(import.meta.dirname, '../server/mutations/__fixtures__');
const NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

/** A golden case's `{"$element": path, "file"?: name}` as a reference to an element with a valid id of its own. */
function resolveReferences(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolveReferences);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.$element === 'string') return { codebaseId: `tempo-${uuidv5(`${String(record.file ?? 'input.tsx')}#${record.$element}`, NAMESPACE)}` };
    return Object.fromEntries(Object.entries(record).map(([key, entry]) => [key, resolveReferences(entry)]));
  }
  return value;
}

type AnyBody = MutationBodies[MutationKind];

/** What `request` sends for the change a body makes, with the body's own canvas id and instant-update flag as the context. */
function resent(kind: MutationKind, body: AnyBody) {
  const change = changeOfBody(kind, body);
  const { canvasId, hasInstantUpdate } = body as { canvasId?: string; hasInstantUpdate?: boolean };
  const request = CHANGE_KINDS[change.type].request(change.changeFields as never, { canvasId, hasInstantUpdate } as RequestContext);
  return { change, request };
}

/** The body without its name (the change's name, not one of its fields). */
function unnamed(body: AnyBody): Record<string, unknown> {
  const { changeName: _name, ...rest } = body as AnyBody & { changeName?: string };
  return rest;
}

/** The body as the server reads it: elements by their codebase id alone, `propsToSet` joined, no framework meaning none. */
function asServerReads(kind: MutationKind, body: Record<string, unknown>): Record<string, unknown> {
  const bare = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(bare);
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.codebaseId === 'string') return { codebaseId: record.codebaseId };
      return Object.fromEntries(Object.entries(record).map(([key, entry]) => [key, bare(entry)]));
    }
    return value;
  };
  const read = bare(body) as Record<string, unknown>;
  if (kind === 'addJsxElement') {
    const { propsToSet, newElement, ...rest } = read as { propsToSet?: object; newElement: { propsToSet?: object } };
    const joined = newElement.propsToSet || propsToSet ? { propsToSet: { ...newElement.propsToSet, ...propsToSet } } : {};
    return { ...rest, newElement: { ...newElement, ...joined } };
  }
  if (kind === 'addClass') return { ...read, stylingFramework: read.stylingFramework ?? null };
  return read;
}

function goldenBodies(): Array<{ name: string; kind: MutationKind; body: unknown }> {
  const kinds = fs.readdirSync(FIXTURES).filter((kind) => fs.statSync(path.join(FIXTURES, kind)).isDirectory());
  return kinds.flatMap((kind) =>
    fs.readdirSync(path.join(FIXTURES, kind)).flatMap((name) => {
      const file = path.join(FIXTURES, kind, name, 'change.json');
      if (!fs.existsSync(file)) return [];
      return [{ name: `${kind}/${name}`, kind: kind as MutationKind, body: resolveReferences(JSON.parse(fs.readFileSync(file, 'utf8'))) }];
    }),
  );
}

describe('the inverse of each row’s request', () => {
  it('exists for every row with a call, and takes that call’s body', () => {
    for (const type of CHANGE_TYPES) expect(CHANGE_KINDS[type].fieldsOfBody === null, type).toBe(CHANGE_KINDS[type].mutationKind === null);
    // A row whose inverse takes another call's body (or none) fails this type check.
    type BodyOf<T extends ChangeType> = (typeof CHANGE_KINDS)[T] extends { fieldsOfBody: (body: infer B) => unknown } ? B : null;
    type CallBody<T extends ChangeType> = (typeof CHANGE_KINDS)[T]['mutationKind'] extends infer K extends MutationKind ? MutationBodies[K] : null;
    expectTypeOf<{ [T in ChangeType]: BodyOf<T> }>().toEqualTypeOf<{ [T in ChangeType]: CallBody<T> }>();
  });

  const golden = goldenBodies();

  it('covers a golden case of every call', () => {
    expect(new Set(golden.map((entry) => entry.kind))).toEqual(new Set(MUTATION_KINDS));
  });

  it.each(golden)('sends back the body of $name', ({ kind, body }) => {
    const parsed = mutationBodySchemas[kind].safeParse(body);
    // A case the schema refuses is the server's refusal to test: such a body is never made a change.
    if (!parsed.success) return;
    const { change, request } = resent(kind, parsed.data);
    expect(CHANGE_KINDS[change.type].mutationKind).toBe(kind);
    expect(request?.path).toBe(`mutate/${kind}`);
    expect(request?.body).toEqual(asServerReads(kind, unnamed(parsed.data)));
  });

  it('makes the golden cases mostly bodies in the form the studio sends, which come back unchanged', () => {
    const exact = golden.filter(({ kind, body }) => {
      const parsed = mutationBodySchemas[kind].safeParse(body);
      return parsed.success && JSON.stringify(asServerReads(kind, unnamed(parsed.data))) === JSON.stringify(unnamed(parsed.data));
    });
    expect(exact.length).toBeGreaterThan(golden.length / 2);
    for (const { kind, body } of exact) {
      const parsed = mutationBodySchemas[kind].parse(body);
      expect(resent(kind, parsed).request?.body).toEqual(unnamed(parsed));
    }
  });

  it('keeps the fields a body does not carry absent (the instant update’s HTML), and replaceExpression when it does', () => {
    const id = `tempo-${uuidv5('x', NAMESPACE)}`;
    const added = changeOfBody('addJsxElement', mutationBodySchemas.addJsxElement.parse({ destinationElement: { codebaseId: id }, newElement: { type: 'native', nativeTag: 'section' } }));
    expect(added).toEqual({ type: 'ADD_JSX', changeFields: { codebaseIdToAddTo: id, addNativeTag: 'section' } });
    expect(Object.keys(added.changeFields)).not.toContain('htmlForInstantUpdate');
    const prop = changeOfBody('changePropValue', mutationBodySchemas.changePropValue.parse({ elementToModify: { codebaseId: id }, propName: 'value', propValue: 3, replaceExpression: true }));
    expect(prop.changeFields).toEqual({ codebaseIdToChange: id, propName: 'value', propValue: 3, replaceExpression: true });
    expect(CHANGE_KINDS.CHANGE_PROP.request(prop.changeFields as never).body).toStrictEqual({ elementToModify: { codebaseId: id }, propName: 'value', propValue: 3, replaceExpression: true });
    // A designer's prop change, which never says it, sends no replaceExpression at all.
    expect(CHANGE_KINDS.CHANGE_PROP.request({ codebaseIdToChange: id, propName: 'value', propValue: 3 }).body).not.toHaveProperty('replaceExpression');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Generated bodies

const codebaseId = fc.uuid({ version: 4 }).map((uuid) => `tempo-${uuid}`);
/** An element as the studio names it (its codebase id), or with where it is drawn too. */
const bareElement = fc.record({ codebaseId });
const drawnElement = fc.record(
  { codebaseId, storyboardId: fc.constantFrom('frame-1', 'f_2'), uniquePath: fc.constantFrom('0', '0-1-2') },
  { requiredKeys: ['codebaseId'] },
);
const cssProperty = fc.constantFrom('color', 'padding', 'margin-top', 'backgroundColor', '--tone');
const cssValue = fc.constantFrom('red', '4px', '1rem', 'var(--x)', '#fff', 'calc(100% - 2px)', 'url("a b.png")');
const variant = fc.constantFrom('hover', 'md', 'dark', 'group-hover');
const customProperty = fc.constantFrom('--x', '--brand-color');
const className = fc.constantFrom('p-4', 'text-lg', 'hover:bg-red-500', 'underline', 'w-[10px]', '[&>li]:mt-2');
const propName = fc.constantFrom('title', 'aria-label', 'data-row-id', 'onClick', 'className');
const propValue = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.record({ expression: fc.constantFrom('count + 1', 'item.name') }));
const props = fc.dictionary(propName, propValue, { maxKeys: 3 });
const changeName = fc.constantFrom('Agent: set colour', 'Thêm lớp');
const ids = (element: fc.Arbitrary<object>) => fc.array(element, { minLength: 1, maxLength: 4 });

/** A valid body of every call; `element` makes its element references, `studioForm` keeps to the form the studio sends. */
function bodies(element: fc.Arbitrary<object>, studioForm: boolean): { [K in MutationKind]: fc.Arbitrary<unknown> } {
  const newElement = fc.oneof(
    fc.record({ type: fc.constant('native'), nativeTag: fc.constantFrom('div', 'section', 'my-el'), propsToSet: props }, { requiredKeys: ['type', 'nativeTag'] }),
    fc.record(
      { type: fc.constant('component'), componentName: fc.constantFrom('Card', 'Card.Header', 'motion.div'), importPath: fc.constantFrom('@/components/card', './card'), isDefaultImport: fc.boolean(), propsToSet: props },
      { requiredKeys: ['type', 'componentName'] },
    ),
    fc.record({ type: fc.constant('copied'), element, propsToSet: props }, { requiredKeys: ['type', 'element'] }),
  );
  return {
    styling: fc.record(
      {
        reactElement: element,
        styling: fc.dictionary(cssProperty, fc.option(fc.oneof(cssValue, fc.constant('')), { nil: null }), { maxKeys: 3 }),
        stylingFramework: fc.constantFrom(...STYLING_FRAMEWORKS),
        modifiers: fc.array(variant, { maxLength: 2 }),
        customProperties: fc.dictionary(customProperty, cssValue, { maxKeys: 2 }),
        changeName,
      },
      { requiredKeys: ['reactElement', 'styling', 'stylingFramework'] },
    ),
    addJsxElement: fc.record(
      {
        destinationElement: element,
        beforeElement: element,
        afterElement: element,
        newElement,
        ...(studioForm ? {} : { propsToSet: props }),
        canvasId: fc.constantFrom('default', 'c-2'),
        deletedStoryboardId: fc.constantFrom('frame-1'),
        fileContentsToSourceFrom: fc.string(),
        fileContentsSourceFilename: fc.constantFrom('src/other.tsx'),
        extraFiles: fc.dictionary(fc.constantFrom('src/a.ts', 'src/b.css'), fc.string(), { maxKeys: 2 }),
        hasInstantUpdate: fc.boolean(),
        changeName,
      },
      { requiredKeys: ['newElement'] },
    ),
    moveJsxElement: fc.record(
      { elementToMove: element, newContainerElement: element, afterElement: element, beforeElement: element, expectedCurrentParent: element },
      { requiredKeys: ['elementToMove'] },
    ),
    removeJsxElement: fc.record({ elementsToRemove: ids(element) }),
    changePropValue: fc.record({ elementToModify: element, propName, propValue, replaceExpression: fc.boolean(), changeName }, { requiredKeys: ['elementToModify', 'propName', 'propValue'] }),
    wrapInDiv: fc.record({ reactElements: ids(element) }),
    duplicate: fc.record({ reactElements: ids(element) }),
    changeElementTag: fc.record({ elementToModify: element, newTag: fc.constantFrom('section', 'Card', 'motion.div', 'my-el') }),
    addClass: fc.record(
      {
        reactElement: element,
        className,
        stylingFramework: studioForm ? fc.constantFrom('Tailwind' as const, null) : fc.constantFrom('Tailwind' as const, null, undefined),
        modifiers: fc.array(variant, { maxLength: 2 }),
        customProperties: fc.dictionary(customProperty, cssValue, { maxKeys: 2 }),
      },
      { requiredKeys: studioForm ? ['reactElement', 'className', 'stylingFramework'] : ['reactElement', 'className'] },
    ),
    removeClass: fc.record({ reactElement: element, className }),
    editText: fc.record({ element, newText: fc.string(), oldText: fc.string(), textScope: fc.constantFrom('instance', 'default', 'every'), changeName }, { requiredKeys: ['element', 'newText', 'oldText'] }),
    updateClasses: fc.record({ reactElement: element, newClasses: fc.array(className, { maxLength: 3 }), oldClasses: fc.array(className, { maxLength: 3 }) }),
    themeToken: fc.record({
      variable: fc.constantFrom('--color-slate-900', '--spacing', '--radius-lg'),
      value: cssValue,
      stylesheet: fc.constantFrom('src/index.css', 'src/styles/theme.css'),
    }),
  };
}

describe.each(MUTATION_KINDS)('a generated valid body of %s', (kind) => {
  const schema = mutationBodySchemas[kind];
  const valid = (arbitrary: fc.Arbitrary<unknown>) =>
    arbitrary.map((body) => {
      const parsed = schema.safeParse(body);
      // The generators make valid bodies only: one the schema refuses is a mistake of the test.
      if (!parsed.success) throw new Error(`generated an invalid ${kind} body: ${parsed.error.message}`);
      return parsed.data as AnyBody;
    });

  it('in the form the studio sends comes back as itself', () => {
    fc.assert(
      fc.property(valid(bodies(bareElement, true)[kind]), (body) => {
        expect(resent(kind, body).request?.body).toEqual(unnamed(body));
      }),
    );
  });

  it('in any form comes back as the server reads it', () => {
    fc.assert(
      fc.property(valid(bodies(drawnElement, false)[kind]), (body) => {
        expect(resent(kind, body).request?.body).toEqual(asServerReads(kind, unnamed(body)));
      }),
    );
  });
});
