/**
 * The zod half of the change kinds' table (`change-kinds.ts`): one body schema per `parseAndMutate/mutate/{kind}`
 * call, whose keys name the calls (docs/editor.md#mutation-kinds). The server validates bodies with these schemas; the
 * table builds them from a change's fields.
 *
 * Why apart from the table: the overlay reads the table in the console's frame, and the schema library must not
 * come along; the server loads these schemas with the code that answers the calls. The table's names are taken from
 * the table itself (`change-kinds.ts`), which types its bodies from these schemas: the one way the two import.
 */
import { z } from 'zod';
import { STYLING_FRAMEWORKS, type PropValue } from './change-values.js';
import { STYLING_IDIOMS } from './styling-idioms.js';
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
  themeVariableProblem,
  variantProblem,
} from './source-grammar.js';


/** The message of the invalid-id error (docs/editor.md#id-rules), shared by the schemas and the server. */
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

/** An element of the page (docs/editor.md#element-identity): its codebase id, and where it is drawn. */
export const tempoElementSchema = z.object({
  codebaseId: codebaseIdSchema,
  storyboardId: storyboardIdSchema.optional(),
  uniquePath: z.string().regex(/^0(?:-\d+)*$/, 'a unique path is dash-separated child indices starting "0"').optional(),
});
export type TempoElement = z.infer<typeof tempoElementSchema>;

/** A prop value (`PropValue`): a string, number or boolean literal, `{ expression }`, or `null` to remove the prop. */
export const propValueSchema = z.union([
  z.string(),
  z.number().refine(Number.isFinite, 'a number prop must be finite'),
  z.boolean(),
  z.null(),
  z.object({ expression: z.string().min(1) }),
]) satisfies z.ZodType<PropValue>;

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

/**
 * Where a class change writes when the element's classes come from shared code (a component's definition, a `cva()`
 * base or variant): absent, each class where it is written and new ones at this use; `instance`, this use's own
 * className only (a class that would not override the definition's is refused); `definition`, the definition.
 */
export const classHomeSchema = z.enum(['instance', 'definition']).optional();
export type ClassHomeChoice = NonNullable<z.infer<typeof classHomeSchema>>;

export const stylingBodySchema = z.object({
  reactElement: tempoElementSchema,
  /** CSS property (kebab- or camelCase) → value; an empty value or null removes the property. */
  styling: z.record(grammar(cssPropertyProblem), grammar(cssValueProblem).nullable()),
  stylingFramework: z.enum(STYLING_FRAMEWORKS),
  modifiers: modifiersSchema,
  customProperties: customPropertiesSchema,
  classHome: classHomeSchema,
  /** How to write it (`contracts/styling-idioms.ts`); absent, the element's own idiom, else the project's. */
  idiom: z.enum(STYLING_IDIOMS).optional(),
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
  /**
   * The prop is bound to an expression in the source (`value={data ? n : '—'}`): replacing or removing it loses that
   * binding, so the server refuses unless the request says so here.
   */
  replaceExpression: z.boolean().optional(),
});

export const wrapInDivBodySchema = z.object({ reactElements: elementListSchema });
export const duplicateBodySchema = z.object({ reactElements: elementListSchema });

export const changeElementTagBodySchema = z.object({ elementToModify: tempoElementSchema, newTag: tagNameSchema });

export const addClassBodySchema = z.object({
  reactElement: tempoElementSchema,
  classHome: classHomeSchema,
  className: classNameSchema,
  stylingFramework: z.literal('Tailwind').nullable().optional(),
  modifiers: modifiersSchema,
  customProperties: customPropertiesSchema,
});

export const removeClassBodySchema = z.object({ reactElement: tempoElementSchema, className: classToRemoveSchema, classHome: classHomeSchema });

/**
 * Which of the places holding bound words an edit writes, when a prop is written at several call sites or has a
 * default in the component's parameters: `instance` the call site of the instance (the default without one),
 * `default` the default written in the component's parameters, `every` each literal of the project that can show
 * the words, in one change. Absent: as `instance`, and 409 when the instance does not tell.
 */
export const TEXT_SCOPES = ['instance', 'default', 'every'] as const;
export const textScopeSchema = z.enum(TEXT_SCOPES).optional();
export type TextScope = (typeof TEXT_SCOPES)[number];

/**
 * `instance`: the component elements the page rendered the edited element through (React's owner chain, innermost
 * first, as codebase ids): when the words are a prop written at several call sites, the one of this instance.
 */
export const editTextBodySchema = z.object({
  element: tempoElementSchema,
  newText: z.string().max(10_000),
  oldText: z.string(),
  instance: z.array(z.string().max(200)).max(64).optional(),
  textScope: textScopeSchema,
});

export const updateClassesBodySchema = z.object({
  reactElement: tempoElementSchema,
  newClasses: classListSchema,
  oldClasses: z.array(classToRemoveSchema),
  classHome: classHomeSchema,
});

export const themeTokenBodySchema = z.object({
  /** The theme variable the token is (`--color-slate-950`). */
  variable: grammar(themeVariableProblem),
  value: grammar(cssValueProblem).refine((value) => value.trim() !== '', 'a theme token needs a value'),
  /**
   * Root-relative: the stylesheet that declares the token (its `declaredIn`), or for a token the project takes from
   * Tailwind's defaults the CSS entry, whose `@theme` block gets the declaration (`GET /theme`).
   */
  stylesheet: z.string().min(1).max(500),
});

/** The longest name of a change a write request may carry (`changeName`). */
export const CHANGE_NAME_LIMIT = 200;

/**
 * The name the editor shows for a change (`Add class italic`, `Move element`), which the server keeps with the
 * change in the canvas's history so that it lists the same steps after a reload or a restart: plain text, one line.
 */
export const changeNameSchema = z
  .string()
  .min(1, 'a change name is 1 to 200 characters')
  .max(CHANGE_NAME_LIMIT, 'a change name is 1 to 200 characters')
  .regex(/^[^\p{Cc}]*$/u, 'a change name is plain text without control characters');

/** What every write request may carry besides its own fields: one piece each body schema takes in. */
const writeRequestFields = { changeName: changeNameSchema.optional() };

function named<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  return schema.extend(writeRequestFields);
}

/** The body of undo and redo: nothing but the optional name (the history item keeps the name of its change). */
export const historyStepBodySchema = z.strictObject(writeRequestFields);
export type HistoryStepBody = z.infer<typeof historyStepBodySchema>;

/** The body of the undo of one chosen step (the Changes panel's "Undo this change"): the step's `HistoryItem.id`. */
export const chosenStepBodySchema = z.strictObject({
  stepId: z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+$/, 'a step id is letters, digits, - or _'),
  ...writeRequestFields,
});
export type ChosenStepBody = z.infer<typeof chosenStepBodySchema>;

export const mutationBodySchemas = {
  styling: named(stylingBodySchema),
  addJsxElement: named(addJsxElementBodySchema),
  moveJsxElement: named(moveJsxElementBodySchema),
  removeJsxElement: named(removeJsxElementBodySchema),
  changePropValue: named(changePropValueBodySchema),
  wrapInDiv: named(wrapInDivBodySchema),
  duplicate: named(duplicateBodySchema),
  changeElementTag: named(changeElementTagBodySchema),
  addClass: named(addClassBodySchema),
  removeClass: named(removeClassBodySchema),
  editText: named(editTextBodySchema),
  updateClasses: named(updateClassesBodySchema),
  themeToken: named(themeTokenBodySchema),
} as const satisfies Record<string, z.ZodType>;

/** The body of each call; its keys are the calls (`MutationKind`). */
export type MutationBodies = { [K in keyof typeof mutationBodySchemas]: z.infer<(typeof mutationBodySchemas)[K]> };
export type MutationBody<K extends keyof MutationBodies> = MutationBodies[K];
