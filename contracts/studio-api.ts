/**
 * The studio's own helper calls under `/_studio/api/` (other than `parseAndMutate`, in `changes.ts`): canvases and
 * their frames, what the source says about the elements the editor shows, the console's components for the
 * palette, and the file-level history. The server validates with these schemas; the editor builds and reads them.
 */
import { z } from 'zod';
import { STYLING_FRAMEWORKS, type MutationAnswer } from './change-kinds.js';
import { CHANGE_AUTHORS, type AgentSessionRef, type ChangeAuthor, type StepOwner } from './change-authors.js';
import { hasValidIdCharacters } from './dom.js';
import { DEFAULT_CANVAS_ID, isValidCanvasId, MAX_CANVAS_ID_LENGTH } from './studio-routes.js';
import type { ElementStyling } from './styling-idioms.js';
import type { TextScope } from './changes.js';

/** Where, inside the edited project, canvases are kept (so they survive restarts and travel with the project). */
export const CANVAS_FOLDER = '.plantation-studio/canvases';

export const VIEWPORT_PRESETS = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 768, height: 1024 },
  mobile: { width: 375, height: 812 },
} as const;
export type ViewportPreset = keyof typeof VIEWPORT_PRESETS | 'custom';

/** Bounds of a frame's viewport and of the canvas zoom, in CSS pixels and percent. */
export const VIEWPORT_LIMITS = { min: 200, max: 3840 } as const;
export const ZOOM_LIMITS = { min: 10, max: 400 } as const;

const idSchema = z
  .string()
  .min(1)
  .max(200)
  .refine(hasValidIdCharacters, 'ids contain only letters, digits, hyphen and underscore');

const canvasIdSchema = z
  .string()
  .refine(isValidCanvasId, `a canvas id has 1 to ${MAX_CANVAS_ID_LENGTH} letters, digits, hyphens or underscores`);

/** A console route inside a frame: a path of the console's origin (never another origin, never a studio path). */
export const frameRouteSchema = z
  .string()
  .max(2000)
  .regex(/^\/(?!\/)/, 'a frame route is a path starting with "/"')
  .refine((route) => !route.startsWith('/_studio'), 'a frame shows the served pages, not the studio');

export const canvasFrameSchema = z.object({
  /** Also the frame's storyboard id. */
  id: idSchema,
  name: z.string().min(1).max(120),
  route: frameRouteSchema,
  viewport: z.object({
    preset: z.enum(['desktop', 'tablet', 'mobile', 'custom']),
    width: z.number().int().min(VIEWPORT_LIMITS.min).max(VIEWPORT_LIMITS.max),
    height: z.number().int().min(VIEWPORT_LIMITS.min).max(VIEWPORT_LIMITS.max),
  }),
  /** Top-left corner on the canvas, in canvas pixels (zoom 100%). */
  x: z.number().finite(),
  y: z.number().finite(),
});
export type CanvasFrame = z.infer<typeof canvasFrameSchema>;

/** The lifecycle state of a change item as the editor shows it (docs/editor.md#change-lifecycle). */
export const CHANGE_STATES = ['pending', 'instant-update-sent', 'instant-update-finished', 'succeeded', 'failed'] as const;
export type ChangeState = (typeof CHANGE_STATES)[number];

export { CHANGE_AUTHORS, type AgentSessionRef, type ChangeAuthor } from './change-authors.js';

/** A change as the canvas keeps it after it ended, so the Changes panel survives a reload. */
export const changeRecordSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(40),
  humanName: z.string().max(500),
  state: z.enum(CHANGE_STATES),
  error: z.string().max(2000).optional(),
  /** Files the change wrote (root-relative). */
  files: z.array(z.string().max(1000)).max(100).default([]),
  at: z.number().int().nonnegative(),
  /** Who made it; absent: the studio (records kept before agents could make changes). */
  by: z.enum(CHANGE_AUTHORS).optional(),
  /** The step of the canvas's history it wrote, undid or redid (`HistoryItem.id`), once the server answered. */
  historyId: z.string().min(1).max(200).optional(),
});
export type ChangeRecord = z.infer<typeof changeRecordSchema>;

/** How many ended changes a canvas keeps for its Changes panel. */
export const CHANGE_RECORD_LIMIT = 300;

export const canvasDocumentSchema = z.object({
  version: z.literal(1),
  id: canvasIdSchema,
  name: z.string().min(1).max(120),
  frames: z.array(canvasFrameSchema).max(50),
  zoomPerc: z.number().min(ZOOM_LIMITS.min).max(ZOOM_LIMITS.max),
  pan: z.object({ x: z.number().finite(), y: z.number().finite() }),
  stylingFramework: z.enum(STYLING_FRAMEWORKS),
  /**
   * Whether a designer chose `stylingFramework`: until then the canvas follows the project's styling (the theme's
   * `stylingFramework`). Absent in canvases saved before it was kept: see `designerChoseStylingFramework`.
   */
  stylingFrameworkChosen: z.boolean().optional(),
  changes: z.array(changeRecordSchema).max(CHANGE_RECORD_LIMIT),
}).superRefine((document, context) => {
  // A frame id is also its storyboard id: two frames with one id could not be told apart in the frame messages.
  const seen = new Set<string>();
  document.frames.forEach((frame, index) => {
    if (seen.has(frame.id)) context.addIssue({ code: 'custom', path: ['frames', index, 'id'], message: `the frame id "${frame.id}" is used twice` });
    seen.add(frame.id);
  });
});
export type CanvasDocument = z.infer<typeof canvasDocumentSchema>;

/** A canvas that was never saved: one desktop frame of the console's home page. */
export function defaultCanvasDocument(id: string): CanvasDocument {
  return {
    version: 1,
    id,
    name: id === DEFAULT_CANVAS_ID ? 'Canvas' : id,
    frames: [{ id: 'frame-1', name: 'Desktop', route: '/', viewport: { preset: 'desktop', ...VIEWPORT_PRESETS.desktop }, x: 0, y: 0 }],
    zoomPerc: 50,
    pan: { x: 40, y: 40 },
    // The console's own styling, until the project's theme says what the project uses.
    stylingFramework: 'Tailwind',
    stylingFrameworkChosen: false,
    changes: [],
  };
}

/** Whether the canvas keeps its styling framework, rather than following the project's. */
export function designerChoseStylingFramework(canvas: Pick<CanvasDocument, 'stylingFramework' | 'stylingFrameworkChosen'>): boolean {
  // A canvas saved before the choice was kept started in Tailwind: anything else in it was a designer's choice.
  return canvas.stylingFrameworkChosen ?? canvas.stylingFramework !== 'Tailwind';
}

/** What the source says about one element the editor shows (`POST /_studio/api/elements/lookup`). */
export interface ElementSourceInfo {
  codebaseId: string;
  /** Root-relative path of the file the element is written in. */
  file: string;
  /** 1-based line and column of the element's `<`. */
  line: number;
  column: number;
  /** The tag as written (`div`, `Pagination`, `motion.div`). */
  tagName: string;
  isComponent: boolean;
  /** `repeated`: rendered by a `.map`; `conditional`: by a condition; both still map to one place in the source. */
  rendering: 'static' | 'repeated' | 'conditional';
  /** The element's children are plain text written in the source, so an edit of the text can be written back. */
  isStaticText: boolean;
  /**
   * That static text as a person sees it (whitespace runs as one space, entities decoded, trimmed): what a text
   * edited in place on the page is checked against, where a component's markup wraps it.
   */
  staticText?: string;
  /** Where the text shown comes from when it is not static: each `{expression}` child, with its line. */
  dynamicText: Array<{ expression: string; line: number }>;
  /** The element's source text (at most `SNIPPET_LIMIT` characters), for the AI context. */
  snippet: string;
  /** Each prop written on the element by name, as the source has it (spreads are not listed). */
  props: Record<string, SourceProp>;
  /**
   * The classes its `className` writes: `always` those always applied (what a class change edits), `conditional`
   * those only a condition adds or that are glued to an expression; null when code computes the className with no
   * class text (`styles.card`, a variable). Absent only in facts made by hand.
   */
  classes?: { always: string[]; conditional: string[] } | null;
  /** Where those classes are written, when the project's code was followed to them (a `cva()`, a component's definition). */
  classHome?: ClassHome;
  /** For a component: its props whose declared type is a union of string or number literals, with those choices. */
  propChoices: Record<string, Array<string | number>>;
  /**
   * For text an expression makes (`{entry.label}`, a template, a prop): where its words are written, followed
   * through props, constants, literal arrays and objects (docs/editing-through-code.md), for the text the page
   * shows when the lookup was given it. Absent for static text and elements that show no text of their own.
   */
  textHome?: TextHomeInfo;
  /** The idiom it is styled in and those that can style it (`contracts/styling-idioms.ts`): what the inspector offers. */
  styling?: ElementStyling;
  /** Facts of a `reach: 'file'` lookup: `textHome` and bound constants are not known yet (absent means not asked). */
  reach?: 'file';
}

/** Where an element's classes are written, so the editor and agents know before changing one which literal changes. */
export interface ClassHome {
  /** Each literal that writes classes the element shows, its own className first. */
  places: ClassPlace[];
  /**
   * A component element whose definition was followed: the definition's root element (`file:line`), and whether a
   * class written at this use overrides the definition's (its className goes through tailwind-merge).
   */
  definition?: { place: string; instanceOverrides: boolean };
  /** Why its classes cannot be edited: code computes the className with no class text. */
  why?: string;
}

export interface ClassPlace {
  file: string;
  line: number;
  /** `className`, `className of Button`, `cva base`, `cva variant size="sm"`, `cva compound variant`. */
  what: string;
  /** Every use of the definition shares it: a change there changes them all. */
  shared: boolean;
  /** Its classes that always apply here, and those only under a condition (or a variant this use does not select). */
  always: string[];
  conditional: string[];
}
/** Where bound text is written: `editable` when its words are literals of the project an edit can change there. */
export type TextHomeInfo =
  | {
      editable: true;
      /** Each literal of the project that writes some of the words (`src/components/shell/nav-entries.ts:12`). */
      places: Array<{ file: string; line: number; text: string }>;
      /** Where the parts of the text that code computes come from (they stay as written). */
      computed: string[];
      /**
       * The other places of the project that read a constant holding these words (`file:line`), which a write shows
       * too: the editor says so and asks before writing.
       */
      alsoShownAt?: string[];
      /**
       * When the words are a prop written at several call sites or a default in the component's parameters: what
       * each choice of an edit's `textScope` writes, before it is made (absent: only one place can hold them).
       */
      scopes?: Partial<Record<TextScope, TextScopePlaces>>;
    }
  | { editable: false; why: string };

/** What one choice of `textScope` writes (`file:line` of each literal) and the uses that show those literals (`file:line`). */
export interface TextScopePlaces {
  writes: string[];
  shownAt: string[];
}

/**
 * A prop as written: a literal the inspector may edit as a value (`label="A"`, `count={3}`, `open`, `{null}`), or an
 * expression binding it to code, shown read-only with its line (a value written over it would lose the binding).
 */
export type SourceProp =
  | { kind: 'literal'; value: string | number | boolean | null; line: number }
  | {
      kind: 'expression';
      text: string;
      line: number;
      /**
       * Bound to a `const` of the project: where it is declared (what `changePropValue` writes) and its other uses
       * (`file:line`, in its own file, the element's and every JSX file importing it), which show the new value too.
       */
      constant?: { file: string; line: number; alsoUsedBy: string[] };
    };

export const SNIPPET_LIMIT = 4000;
export const LOOKUP_LIMIT = 5000;

/**
 * `texts`: the text the page shows of some of the elements, by id, so bound text's home is told for those words.
 * `instances`: the component elements (codebase ids, innermost first) the page rendered some of them through, as an
 * edit's `instance` says it, so the home told is the one that edit would write.
 */
export const elementLookupBodySchema = z.object({
  codebaseIds: z.array(z.string().max(200)).max(LOOKUP_LIMIT),
  texts: z.record(z.string().max(200), z.string().max(10_000)).optional(),
  instances: z.record(z.string().max(200), z.array(z.string().max(200)).max(200)).optional(),
  /**
   * `file`: the facts the element's own file and the modules it imports give, at once: no search of the whole
   * project, so where bound text is written (`textHome`) and a bound constant (`props[name].constant`, with its other
   * uses) are left out, and the answer says `reach: 'file'`. `project` (the default): every fact. The editor asks
   * `file` for a new nav tree, then `project`: the layers and a selection need the first, the inspector's text and
   * constants the second, which on a project of thousands of files needs every file parsed (issue 29).
   */
  reach: z.enum(['file', 'project']).optional(),
});
export interface ElementLookupAnswer {
  /** Only ids found in the project's source; placeholders and unknown ids are left out. */
  elements: Record<string, ElementSourceInfo>;
}

/**
 * `POST source/text`: a JSX file's text as it is on disk, for a copy of an element. Read through the studio's own
 * API, not Vite's `?raw`: a module Vite served as `?raw` loses its hot-reload boundary, and every later write of
 * that file would reload whole frames.
 */
export const sourceTextBodySchema = z.object({ file: z.string().min(1).max(1024) });
export interface SourceTextAnswer {
  file: string;
  text: string;
}

/** `POST open-in-editor`: a project file at a line, opened in the person's code editor. */
export const openInEditorBodySchema = z.object({ file: z.string().min(1).max(1024), line: z.number().int().min(1).max(10_000_000) });
export interface OpenInEditorAnswer {
  editor: string;
}

/** A component of the project the palette can add (`GET /_studio/api/components`): its own, or a library's it uses. */
export interface PaletteComponent {
  name: string;
  /** Root-relative file that exports it; for a library's component, the first file of the project that uses it. */
  file: string;
  isDefaultExport: boolean;
  /** A library's component: the module the project imports it from (`@mui/material`, `@mui/material/Box`). */
  package?: string;
}
export interface PaletteComponentsAnswer {
  components: PaletteComponent[];
}

/** The answer of a canvas save. */
export interface CanvasSaveAnswer {
  saved: true;
}

/** At most this many classes in the Tailwind class vocabulary (`GET /_studio/api/tailwind/classes`). */
export const TAILWIND_CLASS_LIMIT = 50_000;
export interface TailwindClassesAnswer {
  /** The utilities the project's own Tailwind knows (its theme included), sorted, without variants. */
  classes: string[];
}

/**
 * Whether the step could be applied now (undo for a done item, redo for an undone one): `ready`, the files on disk
 * are what the step expects; `changed-on-disk`, a file was changed since (its undo or redo would be refused, 409);
 * `missing`, a file the step expects is gone.
 */
export const HISTORY_ITEM_STATES = ['ready', 'changed-on-disk', 'missing'] as const;
export type HistoryItemState = (typeof HISTORY_ITEM_STATES)[number];

/** One written change of a canvas's file-level history, as the server keeps it (across reloads and restarts). */
export interface HistoryItem {
  /** Unique within the project's history; stays the same across restarts. */
  id: string;
  /** The `changeName` its write request carried, or a name from its kind (`Add class`). */
  name: string;
  /** The `parseAndMutate/mutate/{kind}` call that wrote it. */
  kind: string;
  /** When it was written (ISO 8601). */
  at: string;
  /** The files it wrote, root-relative with `/`. */
  files: string[];
  state: HistoryItemState;
  /** Who made it (its write's `CHANGE_BY_HEADER`); absent: the studio. */
  by?: ChangeAuthor;
  /** The agent session that made it (its write's `AGENT_SESSION_HEADER`), when an agent named one. */
  agent?: AgentSessionRef;
  /** Who undid it, while it is undone: who undid a step may redo it, as may whoever made it. */
  undoneBy?: StepOwner;
}

/** How many changes of a canvas can be undone and redone. */
export interface HistoryCounts {
  undoCount: number;
  redoCount: number;
}

/** The file-level history of a canvas (`GET /_studio/api/canvases/{canvasId}/history`). */
export interface HistoryStatus extends HistoryCounts {
  /** What undo can take back, oldest first: the last one is the next undo. `undoCount` items. */
  done: HistoryItem[];
  /** What redo can write again, oldest first (in the order of the timeline): the first one is the next redo. */
  undone: HistoryItem[];
}

/** What a mutate call that wrote something answers: the history item it added (none when nothing changed). */
export type MutationWriteAnswer = MutationAnswer & { item?: HistoryItem };

/** What undo and redo answer: the item they undid or redid (its `state` is the one after the step). */
export type HistoryStepAnswer = MutationAnswer & { item: HistoryItem };
