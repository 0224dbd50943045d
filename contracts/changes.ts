/**
 * The changes the editor asks the studio server to write into the console's source (spec/editor.md §3, §7): the
 * change types and their fields, one body schema per `parseAndMutate/mutate/*` call, and the answer of every call.
 * Pure TypeScript plus zod: the server validates bodies with these schemas, the editor builds them.
 */
import { z } from 'zod';
import { hasValidIdCharacters, isValidCodebaseId } from './dom.js';
import {
  classNameProblem,
  componentNameProblem,
  cssPropertyProblem,
  cssValueProblem,
  customPropertyProblem,
  hostTagProblem,
  moduleSpecifierProblem,
  propNameProblem,
  tagNameProblem,
  variantProblem,
} from './source-grammar.js';

/** The suffixes of `parseAndMutate/mutate/{kind}`, one per kind of source change. */
export const MUTATION_KINDS = [
  'styling',
  'addJsxElement',
  'moveJsxElement',
  'removeJsxElement',
  'changePropValue',
  'wrapInDiv',
  'duplicate',
  'changeElementTag',
  'addClass',
  'removeClass',
  'editText',
  'updateClasses',
] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];

export function isMutationKind(kind: string): kind is MutationKind {
  return (MUTATION_KINDS as readonly string[]).includes(kind);
}

/** Change types of a change item (spec §3). */
export const CHANGE_TYPES = [
  'STYLING',
  'ADD_JSX',
  'MOVE_JSX',
  'REMOVE_JSX',
  'CHANGE_PROP',
  'ADD_CLASS',
  'REMOVE_CLASS',
  'UPDATE_CLASSES',
  'EDIT_TEXT',
  'WRAP_DIV',
  'CHANGE_TAG',
  'DUPLICATE',
  'UNDO',
  'REDO',
  'UNKNOWN',
] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** The change fields of each change type (spec §3). */
export const CHANGE_FIELDS = {
  STYLING: ['codebaseId', 'stylingChanges', 'stylingFramework', 'modifiers', 'customProperties'],
  ADD_JSX: [
    'codebaseIdToAddTo',
    'beforeCodebaseId',
    'afterCodebaseId',
    'addCodebaseId',
    'addNativeTag',
    'fileContentsToSourceFrom',
    'fileContentsSourceFilename',
    'propsToSet',
    'deletedStoryboardId',
    'htmlForInstantUpdate',
    'extraPathToContents',
  ],
  MOVE_JSX: [
    'codebaseIdToMove',
    'codebaseIdToMoveTo',
    'afterCodebaseId',
    'beforeCodebaseId',
    'expectedCurrentParentCodebaseId',
  ],
  REMOVE_JSX: ['codebaseIdsToRemove'],
  CHANGE_PROP: ['codebaseIdToChange', 'propName', 'propValue'],
  ADD_CLASS: [
    'codebaseIdToAddClass',
    'className',
    'addingTailwindClass',
    'modifiers',
    'customProperties',
    'cssEquivalent',
    'temporaryOnly',
  ],
  REMOVE_CLASS: ['codebaseIdToRemoveClass', 'className'],
  UPDATE_CLASSES: ['codebaseIdToUpdateClass', 'newClasses', 'oldClasses', 'involvedClasses', 'isInstantChangeOnly'],
  EDIT_TEXT: ['codebaseIdToEditText', 'newText', 'oldText'],
  WRAP_DIV: ['codebaseIdsToWrap'],
  DUPLICATE: ['codebaseIdsToDuplicate'],
  CHANGE_TAG: ['codebaseIdToChange', 'newTagName'],
  UNDO: ['changeToUndo'],
  REDO: ['changeToRedo'],
  UNKNOWN: [],
} as const satisfies Record<ChangeType, readonly string[]>;

/** The call each change type is written with (UNDO/REDO use the activities calls, UNKNOWN none). */
export const MUTATION_KIND_OF_CHANGE_TYPE = {
  STYLING: 'styling',
  ADD_JSX: 'addJsxElement',
  MOVE_JSX: 'moveJsxElement',
  REMOVE_JSX: 'removeJsxElement',
  CHANGE_PROP: 'changePropValue',
  ADD_CLASS: 'addClass',
  REMOVE_CLASS: 'removeClass',
  UPDATE_CLASSES: 'updateClasses',
  EDIT_TEXT: 'editText',
  WRAP_DIV: 'wrapInDiv',
  CHANGE_TAG: 'changeElementTag',
  DUPLICATE: 'duplicate',
} as const satisfies Partial<Record<ChangeType, MutationKind>>;

export const STYLING_FRAMEWORKS = ['Inline', 'CSS', 'Tailwind'] as const;
export type StylingFramework = (typeof STYLING_FRAMEWORKS)[number];

/** Breakpoints that a styling change may target; written as Tailwind variant prefixes (spec §9). */
export const BREAKPOINTS = { sm: '40rem', md: '48rem', lg: '64rem', xl: '80rem', '2xl': '96rem' } as const;

/** The message of the invalid-id error (spec §5, §8), shared by the schemas and the server. */
export function invalidIdMessage(kind: 'codebase' | 'storyboard', id: string): string {
  return `Invalid ${kind} id "${id}": ids contain only letters, digits, hyphen and underscore${
    kind === 'codebase' ? ', and are "tempo-" followed by a UUID (versions 1 to 5) or a placeholder id' : ''
  }`;
}

export const codebaseIdSchema = z
  .string()
  .refine(isValidCodebaseId, { error: (issue) => invalidIdMessage('codebase', String(issue.input)), params: { invalidId: true } });

export const storyboardIdSchema = z
  .string()
  .refine(hasValidIdCharacters, { error: (issue) => invalidIdMessage('storyboard', String(issue.input)), params: { invalidId: true } });

/** An element of the page (spec §3 TempoElement): its codebase id, and where it is drawn. */
export const tempoElementSchema = z.object({
  codebaseId: codebaseIdSchema,
  storyboardId: storyboardIdSchema.optional(),
  uniquePath: z.string().regex(/^0(?:-\d+)*$/, 'a unique path is dash-separated child indices starting "0"').optional(),
});
export type TempoElement = z.infer<typeof tempoElementSchema>;

/**
 * A prop value: a string, number or boolean literal; `{ expression }` for any JavaScript expression, written as
 * is; `null` removes the prop.
 */
export const propValueSchema = z.union([
  z.string(),
  z.number().refine(Number.isFinite, 'a number prop must be finite'),
  z.boolean(),
  z.null(),
  z.object({ expression: z.string().min(1) }),
]);
export type PropValue = z.infer<typeof propValueSchema>;

/** A string that follows one rule of the source grammar (`source-grammar.ts`); the rule says why not. */
function grammar(problemOf: (value: string) => string | null) {
  return z.string().refine((value) => problemOf(value) === null, { error: (issue) => problemOf(String(issue.input)) ?? 'not writable' });
}

const propNameSchema = grammar(propNameProblem);
const propsSchema = z.record(propNameSchema, propValueSchema);
const modifiersSchema = z.array(grammar(variantProblem)).default([]);
const customPropertiesSchema = z.record(grammar(customPropertyProblem), grammar(cssValueProblem)).default({});
/** A class the change writes; one it only removes may be anything the source has. */
const classNameSchema = grammar(classNameProblem);
const classToRemoveSchema = z.string().regex(/^\S+$/, 'a class name has no spaces').max(200);
const classListSchema = z.array(classNameSchema);
/** A host tag (`div`, `my-el`), a component (`Card`) or a member tag (`motion.div`). */
const tagNameSchema = grammar(tagNameProblem);

export const stylingBodySchema = z.object({
  reactElement: tempoElementSchema,
  /** CSS property (kebab- or camelCase) → value; an empty value or null removes the property. */
  styling: z.record(grammar(cssPropertyProblem), grammar(cssValueProblem).nullable()),
  stylingFramework: z.enum(STYLING_FRAMEWORKS),
  modifiers: modifiersSchema,
  customProperties: customPropertiesSchema,
});

export const newElementSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('native'), nativeTag: grammar(hostTagProblem), propsToSet: propsSchema.optional() }),
  z.object({
    type: z.literal('component'),
    componentName: grammar(componentNameProblem),
    /** Module to import the component from when the file does not import it yet (e.g. `@/components/card`). */
    importPath: grammar(moduleSpecifierProblem).optional(),
    /** Imported as the module's default export rather than by name. */
    isDefaultImport: z.boolean().optional(),
    propsToSet: propsSchema.optional(),
  }),
  z.object({
    /** The source of an existing element: from `fileContentsToSourceFrom` when given, else from the project. */
    type: z.literal('copied'),
    element: tempoElementSchema,
    propsToSet: propsSchema.optional(),
  }),
]);
export type NewElement = z.infer<typeof newElementSchema>;

const placementFields = {
  beforeElement: tempoElementSchema.optional(),
  afterElement: tempoElementSchema.optional(),
};

export const addJsxElementBodySchema = z.object({
  destinationElement: tempoElementSchema.optional(),
  ...placementFields,
  newElement: newElementSchema,
  propsToSet: propsSchema.optional(),
  canvasId: z.string().optional(),
  deletedStoryboardId: storyboardIdSchema.optional(),
  /** Text of the file the copied element comes from (root-relative `fileContentsSourceFilename`). */
  fileContentsToSourceFrom: z.string().optional(),
  fileContentsSourceFilename: z.string().optional(),
  /** Further files the new element needs (root-relative path → full contents), written with the change. */
  extraFiles: z.record(z.string().min(1), z.string()).optional(),
  hasInstantUpdate: z.boolean().optional(),
});

export const moveJsxElementBodySchema = z.object({
  elementToMove: tempoElementSchema,
  newContainerElement: tempoElementSchema.optional(),
  ...placementFields,
  expectedCurrentParent: tempoElementSchema.optional(),
});

const elementListSchema = z.array(tempoElementSchema).min(1);

export const removeJsxElementBodySchema = z.object({ elementsToRemove: elementListSchema });

export const changePropValueBodySchema = z.object({
  elementToModify: tempoElementSchema,
  propName: propNameSchema,
  propValue: propValueSchema,
});

export const wrapInDivBodySchema = z.object({ reactElements: elementListSchema });
export const duplicateBodySchema = z.object({ reactElements: elementListSchema });

export const changeElementTagBodySchema = z.object({ elementToModify: tempoElementSchema, newTag: tagNameSchema });

export const addClassBodySchema = z.object({
  reactElement: tempoElementSchema,
  className: classNameSchema,
  stylingFramework: z.literal('Tailwind').nullable().optional(),
  modifiers: modifiersSchema,
  customProperties: customPropertiesSchema,
});

export const removeClassBodySchema = z.object({ reactElement: tempoElementSchema, className: classToRemoveSchema });

export const editTextBodySchema = z.object({ element: tempoElementSchema, newText: z.string().max(10_000), oldText: z.string() });

export const updateClassesBodySchema = z.object({
  reactElement: tempoElementSchema,
  newClasses: classListSchema,
  oldClasses: z.array(classToRemoveSchema),
});

export const mutationBodySchemas = {
  styling: stylingBodySchema,
  addJsxElement: addJsxElementBodySchema,
  moveJsxElement: moveJsxElementBodySchema,
  removeJsxElement: removeJsxElementBodySchema,
  changePropValue: changePropValueBodySchema,
  wrapInDiv: wrapInDivBodySchema,
  duplicate: duplicateBodySchema,
  changeElementTag: changeElementTagBodySchema,
  addClass: addClassBodySchema,
  removeClass: removeClassBodySchema,
  editText: editTextBodySchema,
  updateClasses: updateClassesBodySchema,
} as const satisfies Record<MutationKind, z.ZodType>;

export type MutationBodies = { [K in MutationKind]: z.infer<(typeof mutationBodySchemas)[K]> };
export type MutationBody<K extends MutationKind> = MutationBodies[K];

/** What every mutate, undo and redo call answers. */
export interface MutationAnswer {
  /** Each file written, root-relative with `/`; a hash of `''` means the file did not exist on that side. */
  changedFiles: Array<{ path: string; beforeHash: string; afterHash: string }>;
  /** Old id → new id of every element whose id changed because the change moved it. */
  prevIdToNewIdMap: Record<string, string>;
  /** Ids of the elements the change created (add, duplicate, wrap), each created tree's root first. */
  addedIds: string[];
}
