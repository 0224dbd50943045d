/**
 * What a transform sees of the root during one change (`MutationContext`): the elements and files it names,
 * resolved through the engine's index, confined to the root, each opened once per change as an `EditableFile`.
 */
import fs from 'node:fs';
import type { TempoElement } from '../../contracts/changes.js';
import { isPlaceholderCodebaseId } from '../../contracts/dom.js';
import type { ProjectTheme } from '../../contracts/project-theme.js';
import type { PaletteComponent } from '../../contracts/studio-api.js';
import { appError } from '../../contracts/errors.js';
import { EditableFile, type ParsedSource } from './editable-file.js';
import type { ComponentLister, LocatedElement, MutationContext } from './mutation-transform.js';
import { componentTypesOf, type ComponentProps, type ComponentReference } from './component-types.js';
import { resolveInRoot, type RootFile } from './safe-paths.js';
import { isJsxFile, SourceIndex, type CachedFile } from './source-index.js';
import { decodeSource, notUtf8 } from './source-text.js';

/** The files a change has touched, resolved through the index: what a transform sees. */
export class Workspace implements MutationContext {
  private readonly opened = new Map<string, EditableFile>();
  private componentList: readonly PaletteComponent[] | null = null;

  constructor(
    private readonly root: string,
    private readonly index: SourceIndex,
    readonly theme: ProjectTheme,
    private readonly listComponents: ComponentLister<SourceIndex>,
  ) {}

  element(reference: TempoElement, role: string): LocatedElement {
    const id = reference.codebaseId;
    if (isPlaceholderCodebaseId(id)) {
      throw appError('ELEMENT_NOT_FOUND', id, `the ${role} is a placeholder the source does not have yet`);
    }
    for (const file of this.opened.values()) {
      const entry = file.parsed?.byId.get(id);
      if (entry) return { file, entry };
    }
    const found = this.index.locate(id);
    if (!found) throw appError('ELEMENT_NOT_FOUND', id, `no JSX file under the project root has the ${role}`);
    const file = this.openCached(found.file);
    const entry = file.parsed?.byId.get(id);
    if (!entry) throw appError('ELEMENT_NOT_FOUND', id, `${found.file.relative} changed while it was read`);
    return { file, entry };
  }

  file(relative: string): EditableFile {
    const target = resolveInRoot(this.root, relative);
    return this.open(target);
  }

  parseText(relative: string, text: string): ParsedSource {
    return this.index.parseDetached(relative, text);
  }

  components(): readonly PaletteComponent[] {
    this.componentList ??= this.listComponents(this.index);
    return this.componentList;
  }

  componentProps(reference: ComponentReference): ComponentProps | null {
    return componentTypesOf(this.index).propsOf(reference);
  }

  packageExports(from: string, specifier: string): readonly string[] | null {
    return componentTypesOf(this.index).exportsOf(from, specifier);
  }

  jsxFiles(): readonly string[] {
    return this.index.jsxFiles();
  }

  private openCached(cached: CachedFile): EditableFile {
    const known = this.opened.get(cached.relative);
    if (known) return known;
    if (cached.encodingProblem) throw notUtf8(cached.relative, cached.encodingProblem);
    const file = new EditableFile(cached.relative, cached.absolute, cached.text, true, cached.parsed, cached.bom);
    file.knownDiskHash = cached.hash;
    this.opened.set(cached.relative, file);
    return file;
  }

  private open(target: RootFile): EditableFile {
    const known = this.opened.get(target.relative);
    if (known) return known;
    if (isJsxFile(target.relative)) {
      const cached = this.index.fresh(target);
      if (cached) return this.openCached(cached);
    }
    let file: EditableFile;
    if (fs.existsSync(target.absolute)) {
      if (!fs.statSync(target.absolute).isFile()) throw appError('PATH_FORBIDDEN', target.relative, 'it is not a regular file');
      const { text, bom, encodingProblem } = decodeSource(fs.readFileSync(target.absolute));
      if (encodingProblem) throw notUtf8(target.relative, encodingProblem);
      file = new EditableFile(target.relative, target.absolute, text, true, isJsxFile(target.relative) ? this.parseText(target.relative, text) : null, bom);
    } else {
      file = new EditableFile(target.relative, target.absolute, '', false, isJsxFile(target.relative) ? this.parseText(target.relative, '') : null);
    }
    this.opened.set(target.relative, file);
    return file;
  }
}
