/**
 * The one shape every kind of change has: a transform gets the elements and files it names through a context
 * (already parsed, confined to the root, freshly checked against the disk) and records text edits on them. It does
 * no I/O and fails by throwing an AppError; the engine validates, writes and records what it returns.
 */
import type { MutationBodies, TempoElement } from '../../contracts/changes.js';
import type { MutationKind } from '../../contracts/change-kinds.js';
import type { ProjectTheme } from '../../contracts/project-theme.js';
import type { PaletteComponent } from '../../contracts/studio-api.js';
import type { ComponentProps, ComponentReference } from './component-types.js';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import type { EditableFile, ParsedSource } from './editable-file.js';

export interface LocatedElement {
  file: EditableFile;
  entry: JsxElementEntry;
}

export interface MutationContext {
  /** The element an id names; 404 when no file of the root has it. `role` names it in errors ("element to move"). */
  element(reference: TempoElement, role: string): LocatedElement;
  /** A file of the root by root-relative path; a file that does not exist yet has empty text and `existed: false`. */
  file(relative: string): EditableFile;
  /** Parses text that is not (necessarily) on disk, as if it were the root-relative file `relative`. */
  parseText(relative: string, text: string): ParsedSource;
  /** The project's theme (its Tailwind's tokens), loaded before the transform runs: values are written as tokens. */
  readonly theme: ProjectTheme;
  /** The project's own components (the palette's list), which a change may import where it needs one. */
  components(): readonly PaletteComponent[];
  /** What the type checker says of a component's props (off the hot path, cached); null when it cannot tell. */
  componentProps(reference: ComponentReference): ComponentProps | null;
  /** The root's JSX files (root-relative), where a change looks for the call sites of an exported component. */
  jsxFiles?(): readonly string[];
  /**
   * The names of the values a package exports, as the type checker resolves `specifier` from the file `from`
   * (off the hot path, cached); null when it cannot read the package's types.
   */
  packageExports?(from: string, specifier: string): readonly string[] | null;
}

/** Records the change on the context's files and returns the files it edited. */
export type MutationTransform<Body> = (context: MutationContext, body: Body) => EditableFile[];

/**
 * Runs the transform of a kind of change (server/mutations' registry). Why it is handed to the engine rather than
 * imported: the engine sits below the transforms (`.dependency-cruiser.cjs`), which are built on its files.
 */
export type TransformRunner = <K extends MutationKind>(kind: K, context: MutationContext, body: MutationBodies[K]) => EditableFile[];

/** The project's own components for the palette, listed from the engine's index (server/project-reads). */
export type ComponentLister<Index> = (index: Index) => readonly PaletteComponent[];
