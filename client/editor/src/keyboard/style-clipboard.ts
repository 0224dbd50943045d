/**
 * Copying an element's style onto others, as Figma copies and pastes properties: the classes its `className` always
 * writes, pasted in place of each target's own always-applied classes as one UPDATE_CLASSES a target (one undo step
 * each, shown at once). Classes a condition adds stay as they are on both sides. An element whose className code
 * computes (a module's `styles.card`, a variable) has no class text to copy or replace, and the studio says so.
 */
import type { ChangeEngine } from '../changes/change-engine';
import { useEditorStore } from '../state/editor-store';
import { elementInfoWhenKnown } from '../state/element-info-when-known';

type Engine = Pick<ChangeEngine, 'submit'>;

export interface CopiedStyle {
  classes: string[];
  tagName: string;
}

/** What the target's classes become: the copied ones, as the minimal removal and addition. */
export function styleSwap(own: readonly string[], copied: readonly string[]): { oldClasses: string[]; newClasses: string[] } {
  return { oldClasses: own.filter((name) => !copied.includes(name)), newClasses: copied.filter((name) => !own.includes(name)) };
}

/** The element's tag and always-applied classes once looked up; null, with the reason said, when it has none to use. */
async function classedElement(codebaseId: string, consequence: string): Promise<{ tagName: string; always: string[] } | null> {
  const info = await elementInfoWhenKnown(codebaseId);
  const store = useEditorStore.getState();
  if (!info) {
    store.notify('error', `That element is not written in the project\u2019s source: ${consequence}`);
    return null;
  }
  if (!info.classes) {
    store.notify('error', `<${info.tagName}>’s className is computed by code: ${consequence}`);
    return null;
  }
  return { tagName: info.tagName, always: info.classes.always };
}

export class StyleClipboard {
  private copied: CopiedStyle | null = null;

  get content(): CopiedStyle | null {
    return this.copied;
  }

  /** Copies the style of the element `codebaseId` (the selection's primary element). */
  async copy(codebaseId: string | undefined): Promise<void> {
    const store = useEditorStore.getState();
    if (!codebaseId) {
      store.notify('info', 'Select an element to copy its style');
      return;
    }
    const info = await classedElement(codebaseId, 'its style cannot be copied');
    if (!info) return;
    this.copied = { classes: [...info.always], tagName: info.tagName };
    const count = this.copied.classes.length;
    store.notify('info', `Copied the style of <${info.tagName}> (${count === 1 ? '1 class' : `${count} classes`})`);
  }

  /** Writes the copied classes onto each element of `codebaseIds`, in place of its own. */
  async paste(changes: Engine, codebaseIds: readonly string[]): Promise<void> {
    const store = useEditorStore.getState();
    const copied = this.copied;
    if (!copied) {
      store.notify('info', 'Nothing to paste: copy a style first (⌘/Ctrl+Alt+C)');
      return;
    }
    if (codebaseIds.length === 0) {
      store.notify('info', `Select where to paste the style of <${copied.tagName}>`);
      return;
    }
    for (const codebaseId of codebaseIds) {
      const info = await classedElement(codebaseId, 'the style cannot be pasted there');
      if (!info) continue;
      const swap = styleSwap(info.always, copied.classes);
      if (swap.oldClasses.length === 0 && swap.newClasses.length === 0) continue;
      await changes.submit('UPDATE_CLASSES', { codebaseIdToUpdateClass: codebaseId, ...swap });
    }
  }
}
