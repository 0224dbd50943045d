/**
 * The shapes of the table of change kinds (`change-kinds.ts`): each change type's fields, the call a change is written
 * with and its answer, the rules of when the frames show a change at once, a row's type, and the change items as a
 * frame takes them. Plain TypeScript, as the table: the overlay reads these in the console's frame.
 */
import type { ClassHomeChoice, HistoryStepBody, MutationBodies, TextScope } from './changes.js';
import type { PropValue, StylingFramework } from './change-values.js';
import type { StylingIdiom } from './styling-idioms.js';

/** A class an UPDATE_CLASSES change involves, with the CSS to show it instantly. */
export interface InvolvedClass {
  tailwind: string;
  css?: string;
  variant?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// The fields of each change type

/**
 * The change fields of each type. Ids are codebase ids. ADD_JSX adds three fields of its own beyond the
 * protocol's list, to name a component of the project and where to import it from (the palette's components).
 */
export interface ChangeFieldsByType {
  STYLING: {
    codebaseId: string;
    /** CSS property → value; an empty value or null removes the property. */
    stylingChanges: Record<string, string | null>;
    stylingFramework: StylingFramework;
    modifiers?: string[];
    customProperties?: Record<string, string>;
    /** The idiom to write it in (`sx`, a styled template…); absent, the server chooses (`ProjectStyling`). */
    idiom?: StylingIdiom;
    /**
     * The width the change's breakpoint starts at where the idiom's library sets it (`900px` for MUI's `md`), for the
     * frame's instant preview; absent, the studio's (`BREAKPOINTS`). The server writes the breakpoint by its name.
     */
    previewFrom?: string;
  };
  ADD_JSX: {
    codebaseIdToAddTo?: string;
    beforeCodebaseId?: string;
    afterCodebaseId?: string;
    /** The element to copy (the new element is a copy of it); the instant update's id for the added element. */
    addCodebaseId?: string;
    addNativeTag?: string;
    addComponentName?: string;
    /** Where to import `addComponentName` from when the destination file does not import it yet. */
    addComponentImportPath?: string;
    addComponentIsDefaultImport?: boolean;
    fileContentsToSourceFrom?: string;
    fileContentsSourceFilename?: string;
    propsToSet?: Record<string, PropValue>;
    deletedStoryboardId?: string;
    htmlForInstantUpdate?: string;
    /** Further files the new element needs: root-relative path → contents. */
    extraPathToContents?: Record<string, string>;
  };
  MOVE_JSX: {
    codebaseIdToMove: string;
    codebaseIdToMoveTo?: string;
    afterCodebaseId?: string;
    beforeCodebaseId?: string;
    expectedCurrentParentCodebaseId?: string;
  };
  REMOVE_JSX: { codebaseIdsToRemove: string[] };
  CHANGE_PROP: {
    codebaseIdToChange: string;
    propName: string;
    propValue: PropValue;
    /** Replace (or remove) a value the source binds to an expression, which the server otherwise refuses. */
    replaceExpression?: boolean;
  };
  WRAP_DIV: { codebaseIdsToWrap: string[] };
  DUPLICATE: { codebaseIdsToDuplicate: string[] };
  CHANGE_TAG: { codebaseIdToChange: string; newTagName: string };
  ADD_CLASS: {
    codebaseIdToAddClass: string;
    className: string;
    addingTailwindClass?: boolean;
    modifiers?: string[];
    customProperties?: Record<string, string>;
    /** CSS declarations to show the class with, instead of asking the project's Tailwind. */
    cssEquivalent?: string;
    /** Shown in the preview only (e.g. while a suggestion is hovered): never written to the source. */
    temporaryOnly?: boolean;
    /** Where a class of shared code is written (`classHomeSchema`): absent, where each class is written. */
    classHome?: ClassHomeChoice;
  };
  REMOVE_CLASS: { codebaseIdToRemoveClass: string; className: string; classHome?: ClassHomeChoice };
  EDIT_TEXT: {
    codebaseIdToEditText: string;
    newText: string;
    oldText: string;
    /** The component elements the page rendered it through, innermost first: which call site holds bound words. */
    instance?: string[];
    /** Which of the places holding the words is written (`textScopeSchema`). */
    textScope?: TextScope;
  };
  UPDATE_CLASSES: {
    codebaseIdToUpdateClass: string;
    newClasses: string[];
    oldClasses: string[];
    involvedClasses?: InvolvedClass[];
    /** Shown in the preview only: never written to the source. */
    isInstantChangeOnly?: boolean;
    classHome?: ClassHomeChoice;
  };
  /** A theme token's new value, written into the `@theme` block of the project's CSS (the theme panel). */
  EDIT_THEME_TOKEN: {
    /** The theme variable (`--color-slate-900`). */
    variable: string;
    value: string;
    /** Root-relative: the stylesheet declaring it (its `declaredIn`), else the project's CSS entry. */
    stylesheet: string;
  };
  /** The change undone; absent when the server's history holds a change the editor no longer knows (a reload). */
  UNDO: { changeToUndo?: FrameChangeItem };
  REDO: { changeToRedo?: FrameChangeItem };
  UNKNOWN: Record<string, never>;
}

/** Change types of a change item (docs/glossary.md#change-type-mutation-kind). */
export type ChangeType = keyof ChangeFieldsByType;

// ---------------------------------------------------------------------------------------------------------------
// The calls that write changes

/** The suffixes of `parseAndMutate/mutate/{kind}`, one per kind of source change: the body schemas' names. */
export type MutationKind = keyof MutationBodies;

/** A call under `canvases/{canvasId}/parseAndMutate/`: its path suffix and JSON body. */
export interface MutationRequest {
  path: `mutate/${MutationKind}` | 'activities/undoChangeToFiles' | 'activities/redoChangeToFiles';
  body: MutationBodies[MutationKind] | HistoryStepBody;
}

export interface RequestContext {
  canvasId: string;
  /** The change's instant update succeeded in the preview (ADD_JSX tells the server). */
  hasInstantUpdate: boolean;
}

/** What every mutate, undo and redo call answers. */
export interface MutationAnswer {
  /** Each file written, root-relative with `/`; a hash of `''` means the file did not exist on that side. */
  changedFiles: Array<{ path: string; beforeHash: string; afterHash: string }>;
  /** Old id → new id of every element whose id changed because the change moved it. */
  prevIdToNewIdMap: Record<string, string>;
  /** Ids of the elements the change created (add, duplicate, wrap), each created tree's root first. */
  addedIds: string[];
  /**
   * Ids the elements the change removed had (a removed element and everything inside it). Such an id may now name
   * another element (a sibling that took its place): an agent holding it must not use it (`STALE_ELEMENT`). Only a
   * write answers it, not undo or redo.
   */
  removedIds?: string[];
  /** Something the person should know about the change (the undo history is full and lost its oldest step). */
  notice?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// The table

/** What the frames show of a change before the server has written it (docs/editor.md#instant-updates). */
export interface InstantRules {
  /** Still shown instantly while a flush is in progress (and so are the undo and redo of it); else hot reload shows it. */
  duringFlush: boolean;
  /** Its redo is shown instantly. */
  redo: boolean;
  /**
   * The frame shows it by itself before the editor even makes the item (text typed in place): when the server
   * refuses it, no instant update can take it back, so the frames reload to show the source as it is.
   */
  byTheFrameItself: boolean;
}

export interface ChangeKind<T extends ChangeType> {
  /** The `mutate/{kind}` call that writes it; null for UNDO and REDO (the activities calls) and UNKNOWN (none). */
  mutationKind: MutationKind | null;
  /** Its fields. */
  fields: ReadonlyArray<keyof ChangeFieldsByType[T] & string>;
  /** A field holding a list of ids, kept once each in its first order when the item is made. */
  idListField?: keyof ChangeFieldsByType[T] & string;
  instant: InstantRules;
  /** Its name as a person reads it in the Changes panel and the notices (`Add class p-4`, `Undo: …`). */
  humanName: (fields: ChangeFieldsByType[T]) => string;
  /** Its `parseAndMutate` request; null: shown in the preview only and never written. Throws what cannot be sent. */
  request: (fields: ChangeFieldsByType[T], context: RequestContext) => MutationRequest | null;
  /**
   * The inverse of `request`: the fields of the change that its call's body makes, for a body its schema
   * (`mutationBodySchemas`) has parsed, so that a change asked for as a body (an agent's) is made like a designer's.
   * `request(fieldsOfBody(body), context).body` is `body` less `changeName` (the change's name, not a field), with
   * `canvasId` and `hasInstantUpdate` the context's, and without what the server never reads: an element's
   * `storyboardId` and `uniquePath` (an element is its codebase id), `stylingFramework: undefined` beside `null`, a
   * top-level `propsToSet` apart from the new element's (the server merges them, and so does this). What only the
   * instant update reads (`htmlForInstantUpdate`) stays absent: such a change shows when written. Null without a call.
   */
  fieldsOfBody: ((body: never) => ChangeFieldsByType[T]) | null;
  /** The notice once it has been written; absent or null: the change says nothing. */
  successNotice?: (instantUpdateSuccessful: boolean) => string | null;
}


// ---------------------------------------------------------------------------------------------------------------
// Change items as the frame takes them (UNDO and REDO carry one; the frame protocol passes them on).

export type FrameChangeType = ChangeType;

/** What an instant update did, so that undo can take it back (docs/editor.md#instant-updates). */
export interface InstantUpdateData {
  addedIds?: string[];
  addedClass?: string;
  codebaseAddedClass?: string;
  parentToElementKeysRemoved?: Record<string, { elementKeyRemoved: string; outerHTML: string }[]>;
  prevIdToNewIdMap?: Record<string, string>;
  /** Classes an UPDATE_CLASSES swap removed and added, to swap back. */
  swappedClasses?: { codebaseId: string; removed: string[]; added: string[] };
  /** The text an EDIT_TEXT showed in place of the old, to put the old back. */
  replacedText?: { codebaseId: string; oldText: string; newText: string };
  /** The theme variable an EDIT_THEME_TOKEN set on the page, with the value the page had before, to set back. */
  themeOverride?: { variable: string; value: string; previous: string };
}

/** A change item of one type as the frame takes it: its fields are that type's. */
export interface FrameChangeItemOf<T extends FrameChangeType> {
  id: string;
  type: T;
  changeFields: ChangeFieldsByType[T];
  humanName?: string;
  instantUpdateData?: InstantUpdateData;
}

/** A change item of any type; narrowing its `type` types its `changeFields`. */
export type FrameChangeItem = { [T in FrameChangeType]: FrameChangeItemOf<T> }[FrameChangeType];
