/**
 * Copy, cut and paste of elements (⌘/Ctrl+C, X, V). A copy keeps the element's codebase id and the text of the file
 * it is written in, as it was at that moment: a paste writes that element, even after a cut deleted it or an edit
 * changed it. The paste is an ADD_JSX copy of it (the engine's add transform), into the selection at its end or
 * after it when it cannot hold children, and the server carries the imports the element uses into the target file.
 */
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import { parseElementKey, type NavTreeNode } from '@contracts/frame-protocol.js';
import { readProjectFile } from '../api/project-file';
import type { ChangeEngine } from '../changes/change-engine';
import { elementInfoWhenKnown } from '../state/element-info-when-known';
import { findNode, findNodeByCodebaseId, frameIdOfKey, useEditorStore } from '../state/editor-store';

/** Where an addition goes: into the element at its end, or after it in its parent. */
type PastePlacement =
  | { ok: true; placement: { codebaseIdToAddTo: string; beforeCodebaseId?: string; afterCodebaseId?: string }; destinationKey: string }
  | { ok: false; error: string };

/** Where an element added to this node of the frame goes (the palette's rule, handed down by the app). */
export type PlacementInFrame = (frameId: string, node: NavTreeNode, placed: { tagName: string }) => PastePlacement;

/** What a copy holds: the element and its file's text at the time of the copy. */
export interface CopiedElement {
  codebaseId: string;
  /** Root-relative path of the file the element is written in. */
  file: string;
  text: string;
  /** The element's tag as written, to name it in notices. */
  tagName: string;
}

type Engine = Pick<ChangeEngine, 'submit'>;

/** How long the editor waits for the frame's tree to show a pasted element before it gives up selecting it. */
const SELECT_PASTED_TIMEOUT_MS = 15_000;

/**
 * Selects the pasted element once the frame's tree holds it, unless the designer has selected something else
 * meanwhile (a later choice is never overridden by an earlier paste).
 */
function selectPastedWhenInTree(frameId: string, codebaseId: string, selectedAtPaste: string | null): void {
  const trySelect = () => {
    const state = useEditorStore.getState();
    if (state.selectedKey !== selectedAtPaste) return true;
    const node = findNodeByCodebaseId(state.frames[frameId]?.navTree ?? null, codebaseId);
    if (node) state.select(node.key);
    return node !== null;
  };
  if (trySelect()) return;
  const stop = useEditorStore.subscribe((state, previous) => {
    if ((state.frames[frameId]?.navTree !== previous.frames[frameId]?.navTree || state.selectedKey !== previous.selectedKey) && trySelect()) done();
  });
  const timer = setTimeout(() => done(), SELECT_PASTED_TIMEOUT_MS);
  function done() {
    stop();
    clearTimeout(timer);
  }
}

export class ElementClipboard {
  private copied: CopiedElement | null = null;

  constructor(private readonly readFile: (file: string) => Promise<string> = readProjectFile) {}

  get content(): CopiedElement | null {
    return this.copied;
  }

  /** Copies the selected element (the primary one of a multiple selection); a cut then deletes it. */
  async copy(changes: Engine, cut: boolean): Promise<void> {
    const store = useEditorStore.getState();
    const key = store.selectedKey;
    const codebaseId = key ? parseElementKey(key)?.codebaseId : null;
    if (!key || !codebaseId || codebaseId === STORYBOARD_CODEBASE_ID) {
      store.notify('info', `Select an element to ${cut ? 'cut' : 'copy'}`);
      return;
    }
    const info = await elementInfoWhenKnown(codebaseId);
    if (!info) {
      store.notify('error', 'That element is not written in the project\u2019s source: it cannot be copied');
      return;
    }
    let text: string;
    try {
      text = await this.readFile(info.file);
    } catch (error) {
      store.notify('error', `Could not copy <${info.tagName}>: ${(error as Error).message}`);
      return;
    }
    this.copied = { codebaseId, file: info.file, text, tagName: info.tagName };
    if (!cut) {
      store.notify('info', `Copied <${info.tagName}>`);
      return;
    }
    store.setMultiSelected([]);
    store.select(null);
    await changes.submit('REMOVE_JSX', { codebaseIdsToRemove: [codebaseId] });
  }

  /** Pastes the copied element into the selection (or after it), then selects the pasted copy once written. */
  async paste(changes: Engine, placementInFrame: PlacementInFrame): Promise<void> {
    const store = useEditorStore.getState();
    const copied = this.copied;
    if (!copied) {
      store.notify('info', 'Nothing to paste: copy an element first (⌘/Ctrl+C)');
      return;
    }
    const key = store.selectedKey;
    const frameId = key ? frameIdOfKey(key) : null;
    const node = key && frameId ? findNode(store.frames[frameId]?.navTree ?? null, key) : null;
    if (!frameId || !node) {
      store.notify('info', `Select where to paste <${copied.tagName}>`);
      return;
    }
    const placement = placementInFrame(frameId, node, { tagName: copied.tagName });
    if (!placement.ok) {
      store.notify('error', placement.error);
      return;
    }
    const change = await changes.submit('ADD_JSX', {
      ...placement.placement,
      addCodebaseId: copied.codebaseId,
      fileContentsToSourceFrom: copied.text,
      fileContentsSourceFilename: copied.file,
    });
    const added = change.addedIds[0];
    if (change.state === 'succeeded' && added) selectPastedWhenInTree(frameId, added, key);
  }
}
